/**
 * The withdrawal queue, oldest first: the payout target in full with a copy button, fee and the
 * user's balance; each item offers the moves the server allows from its status (as `withdraw set`).
 */
import { useEffect, useState } from 'react';
import type { QueuedWithdrawal } from '../../server/console/types.ts';
import { ApiError, call } from './api.ts';
import { t, tError, tStatus } from './i18n.ts';
import { amount, when } from './format.ts';
import { Alert } from './Alert.tsx';
import { useClaim } from './claim.ts';

const NEEDS_REASON = ['rejected', 'failed', 'no_payout'];

function Item({ w, onChanged }: { w: QueuedWithdrawal; onChanged: () => void }) {
  const [to, setTo] = useState<string>(w.moves[0] ?? '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  // Claimed once the operator starts working on it (focus inside the card), shown to the others.
  const [working, setWorking] = useState(false);
  const claimed = useClaim('withdrawal', w.orderNo, working);
  const heldBy = working ? claimed : w.heldBy;

  const move = async () => {
    setBusy(true);
    setError('');
    try {
      await call('POST', `/withdrawals/${w.orderNo}`, { status: to, reason: reason || undefined });
      onChanged();
    } catch (e) {
      setError(e instanceof ApiError ? tError(e) : String(e));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    await navigator.clipboard?.writeText(w.account).catch(() => undefined);
    setCopied(true);
  };

  return (
    <li className="card" aria-label={w.orderNo} onFocusCapture={() => setWorking(true)}>
      <div className="row">
        <span className="big" dir="ltr">
          {amount(w.amount)}
        </span>
        <b>{tStatus(w.status)}</b>
      </div>
      {heldBy && <p className="held">{t('heldBy', { name: heldBy })}</p>}
      <dl className="facts">
        <div>
          <dt>{t('user')}</dt>
          <dd>{w.username}</dd>
        </div>
        <div>
          <dt>{t('fee')}</dt>
          <dd>
            <span dir="ltr">{amount(w.fee)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('payout')}</dt>
          <dd>
            <code dir="ltr">{w.account}</code> <bdi>{w.network ?? w.bankName ?? w.method}</bdi>{' '}
            <button type="button" className="link" onClick={copy}>
              {copied ? t('copied') : t('copy')}
            </button>
          </dd>
        </div>
        {w.payee && (
          <div>
            <dt>{t('payee')}</dt>
            <dd>{w.payee}</dd>
          </div>
        )}
        <div>
          <dt>{t('balance')}</dt>
          <dd>
            <span dir="ltr">{amount(w.balance)}</span> · {t('frozen')} <span dir="ltr">{amount(w.frozen)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('submitted')}</dt>
          <dd>{when(w.time)}</dd>
        </div>
      </dl>
      <div className="actions">
        <label>
          {t('moveTo')}{' '}
          <select value={to} onChange={(e) => setTo(e.currentTarget.value)}>
            {w.moves.map((m) => (
              <option key={m} value={m}>
                {tStatus(m)}
              </option>
            ))}
          </select>
        </label>
        {NEEDS_REASON.includes(to) && <input aria-label={t('reason')} placeholder={t('reason')} maxLength={500} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />}
        <button type="button" className="primary" disabled={busy || !to} onClick={move}>
          {t('moveTo')}: {tStatus(to)}
        </button>
      </div>
      <Alert text={error} />
    </li>
  );
}

export function Withdrawals({ version, onChanged }: { version: number; onChanged: () => void }) {
  const [list, setList] = useState<QueuedWithdrawal[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    call<QueuedWithdrawal[]>('GET', '/withdrawals').then(setList, (e: ApiError) => setError(tError(e)));
  }, [version]);
  if (!list) return <p className="muted">{error || t('loading')}</p>;
  if (!list.length) return <p className="muted">{t('empty')}</p>;
  return (
    <ul className="queue">
      {list.map((w) => (
        <Item key={`${w.orderNo}-${w.status}`} w={w} onChanged={onChanged} />
      ))}
    </ul>
  );
}
