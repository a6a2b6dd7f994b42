import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { SignedInSession } from '../../shared/contract.ts';
import { currentLocale, t } from '../../i18n/index.ts';
import { formatDayTime } from '../../lib/date.ts';
import { $app } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { endOtherSessions, endSession, mySessions } from '../../api/sessions.ts';
import { Page } from '../../ui/Page.tsx';
import { Button } from '../../ui/Button.tsx';
import { Empty } from '../../ui/List.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { confirmLater } from '../../ui/confirm-later.ts';
import { devicesWords } from './words.ts';
import './style.css';

/**
 * Devices and sessions (docs/rules.md#devices-and-sessions): every signed-in session with its
 * device, when it signed in and was last active, and its network; sign one or all others out.
 */
export default function Devices() {
  const appName = useStore($app).appName;
  const [words, setWords] = useState(false);
  const [list, setList] = useState<SignedInSession[] | null | undefined>();
  const [busy, setBusy] = useState(0);

  const load = () => mySessions().then(setList, () => setList(null));
  useEffect(() => {
    devicesWords().then(() => {
      setWords(true);
      // The route's title was set before these words arrived.
      document.title = t('route.devices') + (appName ? ' · ' + appName : '');
    }, () => setWords(true));
    void load();
  }, []);

  const title = words ? t('route.devices') : '';
  if (!words || list === undefined) return <Page title={title}><Skeleton kind="rows" count={3} /></Page>;
  if (!list) return <Page title={title}><Empty text={t('ui.loadFailed')} /></Page>;

  const when = (ms: number) => <span className="num">{formatDayTime(ms, currentLocale())}</span>;
  const signOut = async (s: SignedInSession) => {
    if (!(await confirmLater({ title: t('devices.signOut'), message: t('devices.confirmOne', { agent: s.agent }) }))) return;
    setBusy(s.id);
    await endSession(s.id).then(() => notify(t('devices.signedOut'), { type: 'success' }), () => {});
    setBusy(0);
    await load();
  };
  const signOutOthers = async () => {
    if (!(await confirmLater({ title: t('devices.signOutOthers'), message: t('devices.confirmOthers') }))) return;
    setBusy(-1);
    await endOtherSessions().then(() => notify(t('devices.signedOut'), { type: 'success' }), () => {});
    setBusy(0);
    await load();
  };

  return (
    <Page title={title}>
      <p className="hint devices-intro">{t('devices.intro')}</p>
      <ul className="devices" aria-label={t('route.devices')}>
        {list.map((s) => (
          <li key={s.id} className="device">
            <div className="device-head">
              <bdi className="device-agent">{s.agent}</bdi>
              {s.current && <span className="device-this">{t('devices.this')}</span>}
            </div>
            <dl>
              <div><dt>{t('devices.firstSeen')}</dt><dd>{when(s.firstSeen)}</dd></div>
              <div><dt>{t('devices.lastSeen')}</dt><dd>{when(s.lastSeen)}</dd></div>
              <div><dt>{t('devices.place')}</dt><dd className="num">{s.place}</dd></div>
            </dl>
            {!s.current && (
              <Button ghost loading={busy === s.id} onClick={() => void signOut(s)} aria-label={t('devices.signOut') + ' · ' + s.agent}>
                {t('devices.signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {list.some((s) => !s.current) && (
        <div className="devices-all">
          <Button block loading={busy === -1} onClick={() => void signOutOthers()}>{t('devices.signOutOthers')}</Button>
        </div>
      )}
    </Page>
  );
}
