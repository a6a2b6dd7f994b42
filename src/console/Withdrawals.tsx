/**
 * The withdrawal queue, oldest first (loaded when its tab first opens): the payout target in full
 * with a copy button, fee, what the payee receives, the user's balance and recent logins; each
 * item offers the moves the server allows from its status (as `withdraw set`), a listed or typed
 * reason for giving it back.
 */
import { useEffect, useState } from 'react';
import type { QueuedWithdrawal } from '../shared/contract/console.ts';
import { ApiError, call } from './api.ts';
import { fill, pageWords, t, tError, tStatus } from './i18n.ts';
import { money, when } from './format.ts';
import { Receives } from './Receives.tsx';
import { may } from './me.ts';
import { ask } from './ask.ts';
import type { Proposed } from '../shared/contract/console.ts';
import { Alert } from './Alert.tsx';
import { useClaim } from './claim.ts';
import { Logins, loginWords } from './Logins.tsx';
import { heldText, holdWords } from './hold-words.ts';
import type { PageProps } from './LazyPage.tsx';

const NEEDS_REASON = ['rejected', 'failed', 'no_payout'];
/** `WITHDRAW_REASONS`: the user reads the one picked in their own language. */
const reasons = pageWords({
  en: {
    payoutName: 'The name on the payout account does not match the user',
    payoutAccount: 'The payout account or wallet address is not valid',
    verification: 'The account needs more verification before paying out',
    payoutReturned: 'The bank or wallet sent the payment back',
  },
  'pt-BR': {
    payoutName: 'O nome na conta de saque não confere com o do usuário',
    payoutAccount: 'A conta de saque ou o endereço da carteira não é válido',
    verification: 'A conta precisa de mais verificação antes do pagamento',
    payoutReturned: 'O banco ou a carteira devolveu o pagamento',
  },
  ar: {
    payoutName: 'الاسم على حساب الاستلام لا يطابق المستخدم',
    payoutAccount: 'حساب الاستلام أو عنوان المحفظة غير صالح',
    verification: 'يحتاج الحساب إلى تحقق إضافي قبل الدفع',
    payoutReturned: 'أعاد البنك أو المحفظة المبلغ',
  },
});
const REASONS = ['payoutName', 'payoutAccount', 'verification', 'payoutReturned'] as const;
const OTHER = 'other' as const;
/** Moves that pay out: above `fourEyes.above` they wait for a second operator. */
const PAYS = ['waiting', 'paying', 'paid', 'succeeded'];
const words = pageWords({
  en: { waits: 'Waits for a second operator’s approval (Second approval tab).', proposedBy: 'Payout proposed by {{name}}: waits for a second operator’s approval (Second approval tab).' },
  'pt-BR': {
    waits: 'Espera a aprovação de um segundo operador (aba Segunda aprovação).',
    proposedBy: 'Pagamento proposto por {{name}}: espera a aprovação de um segundo operador (aba Segunda aprovação).',
  },
  ar: { waits: 'ينتظر موافقة مشغّل ثانٍ (تبويب الموافقة الثانية).', proposedBy: 'اقترح {{name}} الدفع: ينتظر موافقة مشغّل ثانٍ (تبويب الموافقة الثانية).' },
});

function Item({ w, onChanged }: { w: QueuedWithdrawal; onChanged: () => void }) {
  const [to, setTo] = useState<string>(w.moves[0] ?? '');
  const [choice, setChoice] = useState<string>(REASONS[0]!);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  // Claimed once the operator starts working on it (focus inside the card), shown to the others.
  const [working, setWorking] = useState(false);
  const claimed = useClaim('withdrawal', w.orderNo, working && may('reviewer'));
  const [waits, setWaits] = useState(false);
  const heldBy = working ? claimed : w.heldBy;

  const move = async () => {
    const pays = PAYS.includes(to);
    const back = to === 'rejected' || to === 'failed';
    const said = !NEEDS_REASON.includes(to) ? undefined : choice === OTHER ? reason : reasons(choice as (typeof REASONS)[number]);
    const decision = pays && w.status !== 'waiting' && w.status !== 'paying' ? 'pay' : back ? 'giveBack' : 'move';
    const method = `${w.network ?? w.bankName ?? w.method} · ${w.account}`;
    if (!(await ask({ decision, user: w.username, amount: w.amount, method, status: tStatus(to), reason: said, fourEyes: decision === 'pay' }))) return;
    setBusy(true);
    setError('');
    try {
      // A listed reason goes by its key: the user reads it in their own language.
      const why = !NEEDS_REASON.includes(to) ? {} : choice === OTHER ? { reason } : { reasonKey: choice };
      const done = await call<object>('POST', `/withdrawals/${w.orderNo}`, { status: to, ...why });
      setWaits('proposal' in (done as Proposed));
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
          {money(w.amount)}
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
            <span dir="ltr">{money(w.fee)}</span>
          </dd>
        </div>
        <Receives w={w} />
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
            <span dir="ltr">{money(w.balance)}</span> · {t('frozen')} <span dir="ltr">{money(w.frozen)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('submitted')}</dt>
          <dd>{when(w.time)}</dd>
        </div>
      </dl>
      <details className="logins-box">
        <summary>
          {loginWords('logins')} <span className="count">{w.logins.length}</span>
        </summary>
        <Logins list={w.logins} />
      </details>
      {w.heldMethods.length > 0 && (
        <div className="held" role="note" aria-label={holdWords('heldMethods')}>
          <b className="warn">{holdWords('heldMethods')}</b>
          <ul className="lines">
            {w.heldMethods.map((m) => (
              <li key={m.id}>
                {m.kind} <code dir="ltr">{m.account}</code> · {heldText(when(m.heldUntil))}
              </li>
            ))}
          </ul>
        </div>
      )}
      {w.proposal ? (
        <p className="proposed" role="status">
          {fill(words('proposedBy'), { name: w.proposal.proposedBy })}
        </p>
      ) : (
        waits && (
          <p className="ok" role="status">
            {words('waits')}
          </p>
        )
      )}
      {may('reviewer') && <div className="actions">
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
        {NEEDS_REASON.includes(to) && (
          <fieldset className="reject">
            <legend>{t('reason')}</legend>
            {[...REASONS, OTHER].map((r) => (
              <label key={r} className="choice">
                <input type="radio" name={`reason-${w.orderNo}`} value={r} checked={choice === r} onChange={() => setChoice(r)} />
                {r === OTHER ? t('otherReason') : reasons(r)}
              </label>
            ))}
            {choice === OTHER && (
              <label>
                {t('typeReason')}
                <textarea maxLength={500} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
              </label>
            )}
          </fieldset>
        )}
        <button type="button" className="primary" disabled={busy || !to} onClick={move}>
          {t('moveTo')}: {tStatus(to)}
        </button>
      </div>}
      <Alert text={error} />
    </li>
  );
}

export default function Withdrawals({ version, onChanged }: PageProps) {
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
        <Item key={`${w.orderNo}-${w.status}`} w={w} onChanged={onChanged ?? (() => undefined)} />
      ))}
    </ul>
  );
}
