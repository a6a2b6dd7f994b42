import type { ReactNode } from 'react';
import { currentLocale, t } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date.ts';
import { type MoneySettings } from '../../money/settings.ts';
import { formatMoney } from '../../lib/booked.ts';
import { formatNumber, formatPercent } from '../../lib/number.ts';
import type { ContractOrder } from '../../shared/contract.ts';
import { waitingForPrice } from '../trade/countdown.ts';
import { expiryLabel } from '../trade/expiry.ts';
import { DirectionTag, Outcome, signedMoney } from '../trade/order-view.tsx';

const NONE = '–';

/** One order with every field (docs/rules.md#position-tabs): status or result in its head, settlement fields a dash until it settles. */
export function OrderCard({ o, money }: { o: ContractOrder; money: MoneySettings }) {
  const lang = currentLocale();
  const m = (v: string | null) => (v == null ? NONE : formatMoney(v, money));
  const rows: [key: string, value: ReactNode][] = [
    ['number', o.orderNo],
    ['time', formatDateTime(o.time, lang)],
    ['amount', m(o.amount)],
    ['expiry', expiryLabel(o.seconds)],
    ['rate', formatPercent(o.rate)],
    ['income', m(o.estimatedIncome)],
    ['openPrice', formatNumber(o.openPrice)],
    ['closePrice', (o.closePrice && formatNumber(o.closePrice)) || NONE],
    ['payout', m(o.payout)],
    ['profit', o.profit == null ? NONE : signedMoney(o.profit, money)],
    ['start', formatDateTime(o.time, lang)],
    ['end', formatDateTime(o.expiresAt, lang)],
  ];
  return (
    <article className="oc">
      <header>
        <b>{o.name}</b> <DirectionTag o={o} />
        <span className="oc-state" title={t('order.status')}>
          {o.status === 'open' ? t(waitingForPrice(o.expiresAt) ? 'order.state.waiting' : 'order.state.open') : <Outcome o={o} money={money} />}
        </span>
      </header>
      <dl>
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t('order.' + key)}</dt>
            <dd className={key === 'number' ? undefined : 'num'}>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
