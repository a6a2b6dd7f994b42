/**
 * Money decisions waiting for a second operator (four eyes): the proposer may take theirs back;
 * another operator whose role covers it approves or refuses, after the same question as any decision.
 */
import { useEffect, useState } from 'react';
import type { Proposal } from '../../shared/contract/console.ts';
import { ApiError, call } from '../api.ts';
import type { Decision } from '../confirm.tsx';
import { pageWords, t, tError, tStatus } from '../i18n.ts';
import { money, when } from '../format.ts';
import { me, may } from '../me.ts';
import { ask } from '../ask.ts';
import { Alert } from '../Alert.tsx';
import { holdWords } from '../hold-words.ts';
import type { PageProps } from '../LazyPage.tsx';

const w = pageWords({
  en: {
    balance: 'Balance adjustment',
    withdrawal: 'Withdrawal approval',
    by: 'Proposed by {{name}}',
    takeBack: 'Take back',
    none: 'Nothing waits for a second operator.',
  },
  'pt-BR': {
    balance: 'Ajuste de saldo',
    withdrawal: 'Aprovação de saque',
    by: 'Proposto por {{name}}',
    takeBack: 'Retirar',
    none: 'Nada espera um segundo operador.',
  },
  ar: {
    balance: 'تعديل الرصيد',
    withdrawal: 'الموافقة على سحب',
    by: 'اقترحه {{name}}',
    takeBack: 'سحب الاقتراح',
    none: 'لا شيء ينتظر مشغّلًا ثانيًا.',
  },
});

const kindName = (kind: Proposal['kind']) => (kind === 'methodHold' ? holdWords('methodHold') : w(kind));

function Item({ p, onChanged }: { p: Proposal; onChanged: () => void }) {
  const [error, setError] = useState('');
  const mine = p.proposedBy === me.name;
  const allowed = may(p.kind === 'withdrawal' ? 'reviewer' : 'finance');
  const status = p.action.status ? tStatus(p.action.status) : undefined;

  const decide = async (path: 'approve' | 'reject' | 'withdraw', decision: Decision) => {
    if (!(await ask({ decision, user: p.username, amount: p.amount, method: kindName(p.kind) + (status ? ` → ${status}` : ''), reason: p.action.reason }))) return;
    setError('');
    try {
      await call('POST', `/proposals/${p.id}/${path}`);
      onChanged();
    } catch (e) {
      setError(e instanceof ApiError ? tError(e) : String(e));
    }
  };

  return (
    <li className="card" aria-label={`${kindName(p.kind)} ${p.username}`}>
      <div className="row">
        <span className="big" dir="ltr">
          {p.kind === 'balance' && !p.amount.startsWith('-') && '+'}
          {money(p.amount)}
        </span>
        <b>{kindName(p.kind)}</b>
      </div>
      <p>
        <bdi>{p.username}</bdi>
        {status && <> → {status}</>}
        {p.action.reason && <> · {p.action.reason}</>}
      </p>
      <small>
        {w('by').replace('{{name}}', p.proposedBy)} · {when(p.at)}
      </small>
      <div className="actions">
        {mine ? (
          <button type="button" onClick={() => decide('withdraw', 'withdrawProposal')}>
            {w('takeBack')}
          </button>
        ) : (
          allowed && (
            <>
              <button type="button" className="danger" onClick={() => decide('reject', 'refuseProposal')}>
                {t('reject')}
              </button>
              <button type="button" className="primary" onClick={() => decide('approve', 'second')}>
                {t('approve')}
              </button>
            </>
          )
        )}
      </div>
      <Alert text={error} />
    </li>
  );
}

export default function Proposals({ version, onChanged }: PageProps) {
  const [list, setList] = useState<Proposal[] | null>(null);
  const [error, setError] = useState('');
  const [mine, setMine] = useState(0);
  useEffect(() => {
    call<Proposal[]>('GET', '/proposals').then(setList, (e: ApiError) => setError(tError(e)));
  }, [version, mine]);
  if (!list) return <p className="muted">{error || t('loading')}</p>;
  if (!list.length) return <p className="muted">{w('none')}</p>;
  return (
    <ul className="queue">
      {list.map((p) => (
        <Item key={p.id} p={p} onChanged={() => (setMine((n) => n + 1), onChanged?.())} />
      ))}
    </ul>
  );
}
