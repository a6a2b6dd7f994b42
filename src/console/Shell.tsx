/** Signed in: tabs with the waiting counts, the chosen queue, users, content, settings or the audit log; language, alerts and sign-out. */
import { useEffect, useState } from 'react';
import type { QueueCounts, QueueEvent } from '../shared/contract/console.ts';
import { alertsOn, announceNew, setAlerts } from './alerts.ts';
import { call } from './api.ts';
import { LANGUAGES, language, t, type Lang } from './i18n.ts';
import { Deposits } from './Deposits.tsx';
import { Halts } from './Halts.tsx';
import { LazyPage } from './LazyPage.tsx';
import { may } from './me.ts';
import { go } from './address.ts';

type Tab = 'deposits' | 'withdrawals' | 'proposals' | 'users' | 'content' | 'settings' | 'operators' | 'audit';

// Pages an operator opens now and then load when first opened, not with the queues.
const loadWithdrawals = () => import('./Withdrawals.tsx');
const loadUsers = () => import('./pages/Users.tsx');
const loadContent = () => import('./pages/Content.tsx');
const loadSettings = () => import('./pages/Settings.tsx');
const loadAudit = () => import('./pages/Audit.tsx');
const loadProposals = () => import('./pages/Proposals.tsx');
const loadOperators = () => import('./pages/Operators.tsx');

/** Content, settings and operators are the admin's; the server refuses them to the others too. */
const ADMIN_TABS = ['content', 'settings', 'operators'];
/** `#tab/item`: an open review or user is in the address, so it can be linked and reloaded. */
const route = (): [Tab, string | undefined] => {
  const [tab, item] = location.hash.slice(1).split('/');
  return [!tab || (ADMIN_TABS.includes(tab) && !may('admin')) ? 'deposits' : (tab as Tab), item && decodeURIComponent(item)];
};

export function Shell({ name, onSignOut, onLanguage }: { name: string; onSignOut: () => void; onLanguage: (l: Lang) => void }) {
  const [[tab, item], setRoute] = useState(route);
  useEffect(() => {
    const follow = () => setRoute(route());
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const [counts, setCounts] = useState<QueueCounts | null>(null);
  const [alerts, setAlertsState] = useState(alertsOn);
  // Bumped after every decision and every queue event: the lists and counts read again.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);

  // Read again on every change and on every tab change, so the counts match the list in view.
  useEffect(() => {
    call<QueueCounts>('GET', '/queues').then(setCounts, () => undefined);
  }, [version, tab]);

  // New deposits and withdrawals, and other operators' decisions, arrive as server-sent events;
  // after a reconnect the lists read again, since events may have been missed meanwhile.
  useEffect(() => {
    const events = new EventSource('/console/api/events');
    events.onopen = changed;
    events.onmessage = (e: MessageEvent<string>) => {
      changed();
      if ((JSON.parse(e.data) as QueueEvent).change === 'new') announceNew();
    };
    return () => events.close();
  }, []);

  const toggleAlerts = () => {
    setAlerts(!alerts);
    setAlertsState(!alerts);
  };

  const tabButton = (id: Tab, label: string, count?: number) => (
    <button type="button" role="tab" aria-selected={tab === id} className={tab === id ? 'on' : ''} onClick={() => go(id)}>
      {label}
      {count !== undefined && <span className="count">{count}</span>}
    </button>
  );

  return (
    <>
      <header className="bar">
        <b>{t('title')}</b>
        <span className="who">{name}</span>
        <select aria-label="Language" value={language()} onChange={(e) => onLanguage(e.currentTarget.value as Lang)}>
          {Object.entries(LANGUAGES).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
        <button type="button" className="link" aria-pressed={alerts} onClick={toggleAlerts}>
          {t(alerts ? 'alertsOn' : 'alertsOff')}
        </button>
        <button type="button" className="link" onClick={() => call('POST', '/sign-out').finally(onSignOut)}>
          {t('signOut')}
        </button>
      </header>
      <nav className="tabs" role="tablist">
        {tabButton('deposits', t('deposits'), counts?.deposits)}
        {tabButton('withdrawals', t('withdrawals'), counts?.withdrawals)}
        {tabButton('proposals', t('proposals'))}
        {tabButton('users', t('users'))}
        {may('admin') && tabButton('content', t('content'))}
        {may('admin') && tabButton('settings', t('settings'))}
        {may('admin') && tabButton('operators', t('operators'))}
        {tabButton('audit', t('audit'))}
      </nav>
      <Halts version={version} />
      <main>
        {tab === 'deposits' && <Deposits version={version} onChanged={changed} open={item} />}
        {tab === 'withdrawals' && <LazyPage load={loadWithdrawals} version={version} onChanged={changed} />}
        {tab === 'proposals' && <LazyPage load={loadProposals} version={version} onChanged={changed} />}
        {tab === 'users' && <LazyPage load={loadUsers} version={version} item={item} />}
        {tab === 'operators' && <LazyPage load={loadOperators} version={version} />}
        {tab === 'content' && <LazyPage load={loadContent} version={version} />}
        {tab === 'settings' && <LazyPage load={loadSettings} version={version} />}
        {tab === 'audit' && <LazyPage load={loadAudit} version={version} />}
      </main>
    </>
  );
}
