/** Signed in: tabs with the waiting counts, the chosen queue or the audit log, language and sign-out. */
import { useEffect, useRef, useState } from 'react';
import type { QueueCounts } from '../../server/console/types.ts';
import { call } from './api.ts';
import { LANGUAGES, language, t, type Lang } from './i18n.ts';
import { Audit } from './Audit.tsx';
import { Deposits } from './Deposits.tsx';
import { Withdrawals } from './Withdrawals.tsx';

type Tab = 'deposits' | 'withdrawals' | 'audit';

/** How often an open, visible console asks whether something new waits (one small answer). */
export const WATCH_MS = 15_000;

export function Shell({ name, onSignOut, onLanguage }: { name: string; onSignOut: () => void; onLanguage: (l: Lang) => void }) {
  const [tab, setTab] = useState<Tab>('deposits');
  const [counts, setCounts] = useState<QueueCounts | null>(null);
  // Bumped after every decision: the lists and counts read again.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);

  const seen = useRef<QueueCounts | null>(null);
  seen.current = counts;

  // Read again on every decision and on every tab change, so the counts match the list in view.
  useEffect(() => {
    call<QueueCounts>('GET', '/queues').then(setCounts, () => undefined);
  }, [version, tab]);

  // New deposits and withdrawals show up without a reload: when the counts move, the lists read again.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      call<QueueCounts>('GET', '/queues').then((next) => {
        const was = seen.current;
        if (was && (was.deposits !== next.deposits || was.withdrawals !== next.withdrawals)) setVersion((v) => v + 1);
        else setCounts(next);
      }, () => undefined);
    }, WATCH_MS);
    return () => clearInterval(timer);
  }, []);

  const tabButton = (id: Tab, label: string, count?: number) => (
    <button type="button" role="tab" aria-selected={tab === id} className={tab === id ? 'on' : ''} onClick={() => setTab(id)}>
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
        <button type="button" className="link" onClick={() => call('POST', '/sign-out').finally(onSignOut)}>
          {t('signOut')}
        </button>
      </header>
      <nav className="tabs" role="tablist">
        {tabButton('deposits', t('deposits'), counts?.deposits)}
        {tabButton('withdrawals', t('withdrawals'), counts?.withdrawals)}
        {tabButton('audit', t('audit'))}
      </nav>
      <main>
        {tab === 'deposits' && <Deposits version={version} onChanged={changed} />}
        {tab === 'withdrawals' && <Withdrawals version={version} onChanged={changed} />}
        {tab === 'audit' && <Audit version={version} />}
      </main>
    </>
  );
}
