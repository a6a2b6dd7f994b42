import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { $app } from '../../stores/app.ts';
import { Icon } from '../../ui/Icon.tsx';
import type { LanguagePicker } from '../../ui/LanguagePicker.tsx';

/** The app name and logo above the auth forms. */
export function AuthHead() {
  const { appName, logoImg } = useStore($app);
  return (
    <div className="auth-head">
      {logoImg && <img src={logoImg} alt="" width={160} height={48} />}
      {appName && <h2>{appName}</h2>}
    </div>
  );
}

/** Language switch in the title bar: reachable before signing in. */
export function LanguageButton() {
  const [open, setOpen] = useState(false);
  // The 24-language sheet is fetched on the first tap, not with the sign-in form.
  const [Picker, setPicker] = useState<typeof LanguagePicker | null>(null);
  const show = () => {
    setOpen(true);
    if (!Picker) import('../../ui/LanguagePicker.tsx').then((m) => setPicker(() => m.LanguagePicker));
  };
  return (
    <>
      <button type="button" className="bar-side" onClick={show} aria-label={t('common.language')}>
        <Icon name="globe" size={22} />
      </button>
      {Picker && <Picker open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
