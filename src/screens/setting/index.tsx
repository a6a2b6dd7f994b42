import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation } from '../../app/location.ts';
import { $session, logout } from '../../stores/session.ts';
import { $app, config } from '../../stores/app.ts';
import { languageByCode } from '../../i18n/languages.ts';
import { t } from '../../i18n/index.ts';
import { Page } from '../../ui/Page.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { confirm } from '../../ui/confirm.tsx';

/** Security (passwords, phone), payment methods, language, version and logout. */
export default function Setting() {
  const user = useStore($session).userInfo;
  const language = useStore($app).language;
  const [, go] = useLocation();
  const [picker, setPicker] = useState(false);

  const signOut = async () => {
    if (!(await confirm({ title: t('ui.logout'), message: t('ui.logoutConfirm') }))) return;
    logout();
    go('/login', { replace: true });
  };

  return (
    <Page title={t('route.setting')}>
      <div className="cells group">
        <Cell label={t('route.password')} onClick={() => go('/password')} />
        <Cell
          label={t('route.fundPassword')}
          value={user && !user.hasFundPassword ? t('ui.notSet') : undefined}
          onClick={() => go('/fundPassword')}
        />
        <Cell label={t('route.bindPhone')} value={(user && user.phone) || t('ui.notSet')} onClick={() => go('/bindPhone')} />
        <Cell label={t('route.paymentMethod')} onClick={() => go('/paymentMethod')} />
      </div>
      <div className="cells group">
        <Cell icon="globe" label={t('common.language')} value={languageByCode(language)?.native} onClick={() => setPicker(true)} />
        <Cell label={t('ui.version')} value={<span className="num">{config('configVersion')}</span>} />
      </div>
      <div className="cells group">
        <Cell icon="logout" label={t('ui.logout')} onClick={signOut} />
      </div>
      <LanguagePicker open={picker} onClose={() => setPicker(false)} />
    </Page>
  );
}
