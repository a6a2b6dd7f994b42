/** What the quote screen and the order list both show of an order; only that, so the list stays small. */
import { t } from '../../i18n/index.ts';
import { type MoneySettings } from '../../money/settings.ts';
import { formatMoney } from '../../lib/booked.ts';
import type { ContractOrder } from '../../shared/contract.ts';
import { outcomeKey } from './outcome-word.ts';
import './order.css';

/** A money amount with its sign always written where the language puts it, for profit and loss. */
export const signedMoney = (v: string, money: MoneySettings): string => formatMoney(v, money, { sign: true });

/** Up / Down as a coloured tag. */
export const DirectionTag = ({ o }: { o: ContractOrder }) => (
  <span className={'tag ' + o.direction}>{t('order.' + o.direction)}</span>
);

/** Win, loss or tie of a settled order, coloured, with the profit when there is one; a refund with its reason. */
export function Outcome({ o, money }: { o: ContractOrder; money: MoneySettings }) {
  const cls = o.result === 'win' ? 'up' : o.result === 'loss' ? 'down' : 'muted';
  return (
    <span className={cls}>
      {/* The space stays outside the amount's left-to-right run: between word and amount in both directions. */}
      {t(outcomeKey(o)) + ' '}
      {o.profit && o.result !== 'tie' && <span className="num">{signedMoney(o.profit, money)}</span>}
    </span>
  );
}
