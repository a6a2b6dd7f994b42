/** What the quote screen and the order list both show of an order; only that, so the list stays small. */
import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { formatMoney, settingsFromConfig, type MoneySettings } from '../../lib/money.ts';
import type { ContractOrder } from '../../shared/contract.ts';
import { $app } from '../../stores/app.ts';
import './order.css';

const MONEY_KEYS: ('appConfig' | 'h5ExchangeRate')[] = ['appConfig', 'h5ExchangeRate'];

/** The configured money display settings; re-renders only when the config or the rate changes. */
export function useMoney(): MoneySettings {
  const { appConfig, h5ExchangeRate } = useStore($app, { keys: MONEY_KEYS });
  return useMemo(() => settingsFromConfig(appConfig, h5ExchangeRate), [appConfig, h5ExchangeRate]);
}

/** A money amount with its sign always written where the language puts it, for profit and loss. */
export const signedMoney = (v: string, money: MoneySettings): string => formatMoney(v, money, { sign: true });

/** Up / Down as a coloured tag. */
export const DirectionTag = ({ o }: { o: ContractOrder }) => (
  <span className={'tag ' + o.direction}>{t('order.' + o.direction)}</span>
);

/** Win, loss or tie of a settled order, coloured, with the profit when there is one. */
export function Outcome({ o, money }: { o: ContractOrder; money: MoneySettings }) {
  const cls = o.result === 'win' ? 'up' : o.result === 'loss' ? 'down' : 'muted';
  return (
    <span className={cls}>
      {/* The space stays outside the amount's left-to-right run: between word and amount in both directions. */}
      {t('order.result.' + (o.status === 'refunded' ? 'refunded' : o.result)) + ' '}
      {o.profit && o.result !== 'tie' && <span className="num">{signedMoney(o.profit, money)}</span>}
    </span>
  );
}
