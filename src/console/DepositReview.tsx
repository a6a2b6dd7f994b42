/**
 * One deposit under review: the proof photo large, what was sent through which channel, the user's
 * earlier deposits and their outcomes; approve, or reject with a listed or typed reason.
 */
import { useEffect, useState } from 'react';
import type { DepositReview as Review } from '../shared/contract/console.ts';
import { ApiError, call } from './api.ts';
import { t, tError, tStatus, type Key } from './i18n.ts';
import { amount, money, when } from './format.ts';
import { Photo } from './Photo.tsx';
import { Alert } from './Alert.tsx';
import { useClaim } from './claim.ts';
import { may } from './me.ts';
import { ask } from './ask.ts';
import { go } from './address.ts';
import type { PageProps } from './LazyPage.tsx';

const REASONS: Key[] = ['reasons.amount', 'reasons.unreadable', 'reasons.notReceived', 'reasons.name'];
const OTHER = 'other';

/** Loaded when a review opens (`#deposits/<orderNo>`), not with the queue. */
export default function DepositReview({ item, onChanged }: PageProps) {
  const orderNo = item!;
  const onDone = onChanged!;
  const onBack = () => go('deposits');
  const [review, setReview] = useState<Review | null>(null);
  const [error, setError] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [choice, setChoice] = useState<string>(REASONS[0]!);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState('');
  const heldBy = useClaim('deposit', orderNo, !outcome && may('reviewer'));

  useEffect(() => {
    call<Review>('GET', `/deposits/${orderNo}`).then(setReview, (e: ApiError) => setError(tError(e)));
  }, [orderNo]);

  const decide = async (decision: 'approve' | 'reject') => {
    const d = review!.deposit;
    const reason = decision === 'reject' ? (choice === OTHER ? typed : t(choice as Key)) : undefined;
    if (!(await ask({ decision, user: d.username, amount: d.amount, method: d.channelName, reason }))) return;
    setBusy(true);
    setError('');
    try {
      // A listed reason goes by its key: the user reads it in their own language.
      const body = decision === 'approve' ? {} : choice === OTHER ? { reason: typed } : { reasonKey: choice.slice('reasons.'.length) };
      const d = await call<{ status: string }>('POST', `/deposits/${orderNo}/${decision}`, body);
      setOutcome(t('decided', { status: tStatus(d.status) }));
      onDone();
    } catch (e) {
      setError(e instanceof ApiError ? tError(e) : String(e));
    } finally {
      setBusy(false);
    }
  };

  if (!review) return <p className="muted">{error || t('loading')}</p>;
  const d = review.deposit;
  return (
    <article className="review" aria-label={d.orderNo}>
      <button type="button" className="link" onClick={onBack}>
        {t('back')}
      </button>
      {heldBy && <p className="held">{t('heldBy', { name: heldBy })}</p>}
      <Photo file={d.proofFile} />
      <dl className="facts">
        <div>
          <dt>{t('amount')}</dt>
          <dd className="big">
            <span dir="ltr">{money(d.amount)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('pay')}</dt>
          <dd>
            <span dir="ltr">{amount(d.payAmount)} {d.currency}</span>
          </dd>
        </div>
        <div>
          <dt>{t('channel')}</dt>
          <dd>{d.channelName}</dd>
        </div>
        <div>
          <dt>{t('user')}</dt>
          <dd>{d.username}</dd>
        </div>
        <div>
          <dt>{t('submitted')}</dt>
          <dd>{when(d.time)}</dd>
        </div>
      </dl>
      <h3>{t('previous')}</h3>
      {review.previous.length ? (
        <ul className="history">
          {review.previous.map((p) => (
            <li key={p.orderNo}>
              <span dir="ltr">{amount(p.amount)}</span> · {when(p.time)} · <b className={`st-${p.status}`}>{tStatus(p.status)}</b>
              {p.rejectReason && <small> — {p.rejectReason}</small>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('none')}</p>
      )}
      {!may('reviewer') ? null : outcome ? (
        <p className="ok" role="status">
          {outcome}
        </p>
      ) : rejecting ? (
        <fieldset className="reject">
          <legend>{t('reason')}</legend>
          {[...REASONS, OTHER].map((r) => (
            <label key={r} className="choice">
              <input type="radio" name="reason" value={r} checked={choice === r} onChange={() => setChoice(r)} />
              {r === OTHER ? t('otherReason') : t(r as Key)}
            </label>
          ))}
          {choice === OTHER && (
            <label>
              {t('typeReason')}
              <textarea maxLength={500} value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
            </label>
          )}
          <div className="actions">
            <button type="button" onClick={() => setRejecting(false)}>
              {t('back')}
            </button>
            <button type="button" className="danger" disabled={busy} onClick={() => decide('reject')}>
              {t('confirmReject')}
            </button>
          </div>
        </fieldset>
      ) : (
        <div className="actions">
          <button type="button" className="danger" disabled={busy} onClick={() => setRejecting(true)}>
            {t('reject')}
          </button>
          <button type="button" className="primary" disabled={busy} onClick={() => decide('approve')}>
            {t('approve')}
          </button>
        </div>
      )}
      <Alert text={error} />
    </article>
  );
}
