import { useEffect, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation } from '../../app/location.ts';
import { pathOf } from '../../app/paths.ts';
import { $session } from '../../stores/session.ts';
import { $app } from '../../stores/app.ts';
import { $unread } from '../../stores/unread.ts';
import { languageByCode } from '../../i18n/languages.ts';
import { t } from '../../i18n/index.ts';
import { Page } from '../../ui/Page.tsx';
import { SaverBadge } from '../../ui/SaverBadge.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Button } from '../../ui/Button.tsx';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { signOut } from '../setting/sign-out.ts';
import { Account } from './Account.tsx';
import { menu } from './menu.ts';
import { MonthCell } from '../../meter/MonthCell.tsx';


/** The account tab: who is signed in, their money, every place they can go, language and logout. */
export default function User() {
  const { token, userInfo } = useStore($session);
  const language = useStore($app).language;
  const unread = useStore($unread);
  const [, go] = useLocation();
  const [picker, setPicker] = useState(false);
  // Avatar, VIP, invitation and links need the API client: they arrive just after the tab shows.
  // (A plain import, not React.lazy: Suspense would move into the first load.)
  const [More, setMore] = useState<ComponentType | null>(null);
  useEffect(() => {
    import('./More.tsx').then((m) => setMore(() => m.default), () => {});
  }, []);

  return (
    <Page title={t('route.user')} back={false} end={<SaverBadge />}>
      {userInfo ? (
        <Account user={userInfo} go={go} />
      ) : (
        <section className="acct acct-guest">
          <p>{t(token ? 'ui.loading' : 'ui.loginToEnjoy')}</p>
          {!token && <Button onClick={() => go('/login')}>{t('route.login')}</Button>}
        </section>
      )}
      {More && <More />}
      {menu().map((group, i) => (
        // Groups, not landmarks: three unnamed navigation landmarks would only be told apart by position.
        <div key={i} className="cells group">
          {group.map((name) => (
            <Cell
              key={name}
              label={t('route.' + name)}
              value={name === 'notificationRecord' && unread > 0 ? <b className="badge">{unread}</b> : undefined}
              onClick={() => go(pathOf(name))}
            />
          ))}
        </div>
      ))}
      <div className="cells group">
        <Cell icon="globe" label={t('common.language')} value={languageByCode(language)?.native} onClick={() => setPicker(true)} />
        {token && <MonthCell language={language} go={go} />}
        {token && <Cell icon="logout" label={t('ui.logout')} onClick={signOut} />}
      </div>
      <LanguagePicker open={picker} onClose={() => setPicker(false)} />
    </Page>
  );
}
