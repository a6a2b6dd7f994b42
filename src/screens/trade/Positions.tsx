import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { currentLocale, t } from '../../i18n/index.ts';
import { formatShort } from '../../lib/date.ts';
import { type MoneySettings } from '../../money/settings.ts';
import { formatMoney } from '../../lib/booked.ts';
import { ltr } from '../../lib/bidi.ts';
import { ORDER_TABS, type ContractOrder, type OrderTab } from '../../shared/contract.ts';
import { newAbort } from '../../shared/abort.ts';
import { ApiError } from '../../api/client.ts';
import { myOrderList } from '../../api/orders.ts';
import { flag, navigate } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { $orderRefresh } from '../../stores/orders.ts';
import { $tickers } from '../../stores/trade.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { Countdown } from './Countdown.tsx';
import { expiryLabel } from './expiry.ts';
import { DirectionTag, Outcome, signedMoney } from './order-view.tsx';
import { useMoney } from '../../money/display.ts';
import { newlySettled, runningResult } from './live-result.ts';

/** The result the order would have if it settled at the polled price now; re-renders with that quote only. */
function Running({ o, money }: { o: ContractOrder; money: MoneySettings }) {
  const price = useStore($tickers, { keys: [o.symbol] })[o.symbol]?.price;
  const now = runningResult(o, price, flag('onlyPriceDifference'));
  // Its line is kept while there is no price yet: a row that grew when one came would slip under
  // the tab bar after it was scrolled into view.
  if (!now) return <small className="pr-now" aria-hidden="true">{'\u00a0'}</small>;
  return (
    <small className={'pr-now ' + (now.result === 'win' ? 'up' : now.result === 'loss' ? 'down' : 'muted')}>
      {t('order.now.' + now.result) + ' '}
      <span className="num">{signedMoney(now.profit, money)}</span>
    </small>
  );
}

/** One banner for what just settled: won / lost / tied and the amount, per order. */
function saySettled(orders: ContractOrder[], money: MoneySettings): void {
  const last = orders[orders.length - 1];
  if (!last) return;
  const text = orders
    .map((o) =>
      t('order.settled.' + o.result, {
        name: o.name,
        direction: t('order.' + o.direction),
        amount: ltr(o.result === 'tie' ? formatMoney(o.amount, money) : signedMoney(o.profit || '0', money)),
      }),
    )
    .join(' · ');
  notify(text, { type: last.result === 'win' ? 'success' : last.result === 'loss' ? 'danger' : 'warning', duration: 6000, card: true });
}

/** The quote screen shows the latest orders of a tab; the order list screen has them all. */
const PAGE_SIZE = 20;

/** `latest`: the newest order of the tab, marked so the one just placed is found at a glance. */
function PositionRow({ o, money, latest }: { o: ContractOrder; money: MoneySettings; latest: boolean }) {
  return (
    <li className="pr" data-order={o.orderNo}>
      <div>
        <b>{o.name}</b> <DirectionTag o={o} />
        {latest && <span className="tag pr-new">{t('trade.latestOrder')}</span>}
        <small className="muted">
          {expiryLabel(o.seconds)} · <span className="num">{formatShort(o.time, currentLocale())}</span>
        </small>
      </div>
      <div className="pr-end">
        <span className="num">{formatMoney(o.amount, money)}</span>
        <small>{o.status === 'open' ? <Countdown at={o.expiresAt} /> : <Outcome o={o} money={money} />}</small>
        {o.status === 'open' && <Running o={o} money={money} />}
      </div>
    </li>
  );
}

interface Props {
  tab: OrderTab;
  onTab: (tab: OrderTab) => void;
  /** Loads only while the screen is shown; showing it again reloads. */
  active: boolean;
  /** Bumped when an order is placed: its row is brought into view once listed. */
  placed?: number;
}

/** Positions under the order panel (docs/rules.md#position-tabs): a tab's newest orders, reloaded when orders change. */
export function Positions({ tab, onTab, active, placed = 0 }: Props) {
  const refresh = useStore($orderRefresh);
  const money = useMoney();
  // Rows stay on screen while the same tab reloads; another tab starts from the skeleton.
  const [data, setData] = useState<{ tab: OrderTab; rows: ContractOrder[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const [retry, setRetry] = useState(0);
  /** Open orders this screen has shown: when one of them settles, the user is told how. */
  const seen = useRef(new Set<string>());
  const list = useRef<HTMLUListElement>(null);
  const reveal = useRef(false);

  useEffect(() => {
    if (!active) return;
    const ctl = newAbort();
    setFailed(false);
    myOrderList({ tab, pageNum: 1, pageSize: PAGE_SIZE }, ctl.signal).then(
      (page) => {
        setData({ tab, rows: page.rows });
        saySettled(newlySettled(seen.current, page.rows), money);
      },
      (e: unknown) => (e instanceof ApiError && e.kind === 'cancel') || setFailed(true),
    );
    // A tab that lists only open orders cannot show how one ended: the newest of all orders can.
    if (seen.current.size && (tab === 'pending' || tab === 'closing' || tab === 'held')) {
      myOrderList({ tab: 'all', pageNum: 1, pageSize: PAGE_SIZE }, ctl.signal).then((page) => saySettled(newlySettled(seen.current, page.rows), money), () => {});
    }
    return () => ctl.abort();
  }, [tab, refresh, active, retry]);

  const rows = data && data.tab === tab ? data.rows : null;
  const orders = '/orderList?tab=' + tab;
  useEffect(() => void (reveal.current = placed > 0), [placed]);
  // The rows that arrive after a placement hold the new order first.
  useEffect(() => {
    if (!rows || !reveal.current) return;
    reveal.current = false;
    const row = list.current?.firstElementChild;
    if (!row) return;
    row.scrollIntoView({ block: 'nearest' });
    // What arrives in the next moment (a price line, the screen above growing) can push it back
    // under the tab bar: for a second it is brought into view again whenever the row or the screen resizes.
    if (typeof ResizeObserver !== 'function') return;
    const keep = new ResizeObserver(() => row.scrollIntoView({ block: 'nearest' }));
    keep.observe(row);
    keep.observe(row.closest('.page') || document.body);
    const stop = setTimeout(() => keep.disconnect(), 1000);
    return () => (clearTimeout(stop), keep.disconnect());
  }, [rows]);
  return (
    <section className="pos">
      <div className="pos-h">
        <h2>{t('trade.positions')}</h2>
        <a href={orders} onClick={(e) => (e.preventDefault(), navigate(orders))}>
          {t('route.orderList')}
        </a>
      </div>
      <Tabs items={ORDER_TABS.map((key) => ({ key, label: t('order.tab.' + key) }))} value={tab} onChange={onTab} />
      {rows && rows.length ? (
        <ul ref={list}>{rows.map((o, i) => <PositionRow key={o.orderNo} o={o} money={money} latest={i === 0} />)}</ul>
      ) : (
        // A few lines under the order panel: a spinner or one short text says enough here.
        <div className="list-end" aria-live="polite">
          {rows ? (
            t('ui.empty')
          ) : failed ? (
            <button type="button" onClick={() => setRetry((n) => n + 1)}>{t('ui.loadFailed')}</button>
          ) : (
            <span className="spin" role="img" aria-label={t('ui.loading')} />
          )}
        </div>
      )}
    </section>
  );
}
