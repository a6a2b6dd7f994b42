/** The deposit queue, oldest first; choosing one opens its review. */
import { useEffect, useState } from 'react';
import type { QueuedDeposit } from '../../server/console/types.ts';
import { ApiError, call } from './api.ts';
import { t, tError } from './i18n.ts';
import { amount, when } from './format.ts';
import { DepositReview } from './DepositReview.tsx';

export function Deposits({ version, onChanged }: { version: number; onChanged: () => void }) {
  const [list, setList] = useState<QueuedDeposit[] | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    call<QueuedDeposit[]>('GET', '/deposits').then(setList, (e: ApiError) => setError(tError(e)));
  }, [version]);

  if (open) return <DepositReview orderNo={open} onDone={onChanged} onBack={() => setOpen(null)} />;
  if (!list) return <p className="muted">{error || t('loading')}</p>;
  if (!list.length) return <p className="muted">{t('empty')}</p>;
  return (
    <ul className="queue">
      {list.map((d) => (
        <li key={d.orderNo}>
          <button type="button" onClick={() => setOpen(d.orderNo)}>
            <span className="big" dir="ltr">
              {amount(d.amount)}
            </span>
            <span>
              {d.username} · {d.channelName} · <span dir="ltr">{amount(d.payAmount)} {d.currency}</span>
            </span>
            <small>{when(d.time)}</small>
            {d.heldBy && <small className="held">{t('heldBy', { name: d.heldBy })}</small>}
          </button>
        </li>
      ))}
    </ul>
  );
}
