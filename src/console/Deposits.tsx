/** The deposit queue, oldest first; choosing one opens its review. */
import { useEffect, useState } from 'react';
import type { QueuedDeposit } from '../shared/contract/console.ts';
import { ApiError, call } from './api.ts';
import { t, tError } from './i18n.ts';
import { amount, money, when } from './format.ts';
import { go } from './address.ts';
import { LazyPage } from './LazyPage.tsx';

const loadReview = () => import('./DepositReview.tsx');

export function Deposits({ version, onChanged, open }: { version: number; onChanged: () => void; open?: string }) {
  const [list, setList] = useState<QueuedDeposit[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    call<QueuedDeposit[]>('GET', '/deposits').then(setList, (e: ApiError) => setError(tError(e)));
  }, [version]);

  if (open) return <LazyPage key={open} load={loadReview} item={open} version={version} onChanged={onChanged} />;
  if (!list) return <p className="muted">{error || t('loading')}</p>;
  if (!list.length) return <p className="muted">{t('empty')}</p>;
  return (
    <ul className="queue">
      {list.map((d) => (
        <li key={d.orderNo}>
          <button type="button" onClick={() => go(`deposits/${d.orderNo}`)}>
            <span className="big" dir="ltr">
              {money(d.amount)}
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
