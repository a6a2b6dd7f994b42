/** The user page's building blocks: a folding section with its count, and a form for one action. */
import { useState, type ReactNode } from 'react';
import { ApiError } from '../api.ts';
import { t, tError } from '../i18n.ts';
import { Alert } from '../Alert.tsx';

/** Runs an action and answers with its failure in the operator's language, or '' when it worked. */
export const attempt = (f: () => Promise<unknown>): Promise<string> =>
  f().then(
    () => '',
    (e: unknown) => (e instanceof ApiError ? tError(e) : String(e)),
  );

export function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <details className="card section">
      <summary>
        {title} <span className="count">{count}</span>
      </summary>
      {count ? children : <p className="muted">{t('none')}</p>}
    </details>
  );
}

/** One form of the page: what was typed stays when the server refuses it. */
export function Action({ label, run, children, danger }: { label: string; run: () => Promise<unknown>; children?: ReactNode; danger?: boolean }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="action"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(await attempt(run));
        setBusy(false);
      }}
    >
      {children}
      <button className={danger ? 'danger' : 'primary'} disabled={busy}>
        {label}
      </button>
      <Alert text={error} />
    </form>
  );
}
