import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation } from '../../app/location.ts';
import { $session, logout } from '../../stores/session.ts';
import { $app } from '../../stores/app.ts';
import { languageByCode } from '../../i18n/languages.ts';
import { t } from '../../i18n/index.ts';
import { Page } from '../../ui/Page.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Button } from '../../ui/Button.tsx';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { Account } from './Account.tsx';
import { MENU } from './menu.ts';

/** The account tab: who is signed in, their money, every place they can go, language and logout. */
export default function User() {
  const { token, userInfo } = useStore($session);
  const language = useStore($app).language;
  const [, go] = useLocation();
  const [picker, setPicker] = useState(false);

  const signOut = async () => {
    if (!(await confirm({ title: t('ui.logout'), message: t('ui.logoutConfirm') }))) return;
    logout();
    go('/login', { replace: true });
  };

  return (
    <Page title={t('route.user')} back={false}>
      {userInfo ? (
        <Account user={userInfo} go={go} />
      ) : (
        <section className="acct acct-guest">
          <p>{t(token ? 'ui.loading' : 'ui.loginToEnjoy')}</p>
          {!token && <Button onClick={() => go('/login')}>{t('route.login')}</Button>}
        </section>
      )}
      {MENU.map((group, i) => (
        <nav key={i} className="cells group">
          {group.map((name) => <Cell key={name} label={t('route.' + name)} onClick={() => go('/' + name)} />)}
        </nav>
      ))}
      <div className="cells group">
        <Cell icon="globe" label={t('common.language')} value={languageByCode(language)?.native} onClick={() => setPicker(true)} />
        {token && <Cell icon="logout" label={t('ui.logout')} onClick={signOut} />}
      </div>
      <LanguagePicker open={picker} onClose={() => setPicker(false)} />
    </Page>
  );
}
