import { useStore } from '@nanostores/react';
import { $app, changeLanguage } from '../stores/app.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { t } from '../i18n/index.ts';
import { Popup } from './Popup.tsx';
import { Icon } from './Icon.tsx';
import { flagEmoji } from './flag.ts';

/** The bottom sheet of the 24 languages; picking another one saves it and reloads (docs/rules.md#languages). */
export function LanguagePicker({ open, onClose }: { open: boolean; onClose: () => void }) {
  const current = useStore($app).language;
  return (
    <Popup open={open} onClose={onClose} title={t('common.language')}>
      <div className="cells" role="listbox" aria-label={t('common.language')}>
        {LANGUAGES.map((l) => (
          <button
            key={l.code}
            type="button"
            className="cell"
            role="option"
            aria-selected={l.code === current}
            lang={l.code}
            onClick={() => (l.code === current ? onClose() : changeLanguage(l.code))}
          >
            <i aria-hidden="true">{flagEmoji(l.flag)}</i>
            <span>{l.native}</span>
            {l.code === current && <em><Icon name="success" size={18} /></em>}
          </button>
        ))}
      </div>
    </Popup>
  );
}
