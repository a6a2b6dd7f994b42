import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { currentLocale, t } from '../../i18n/index.ts';
import { formatShort } from '../../lib/date.ts';
import { formatMoney, type MoneySettings } from '../../lib/money.ts';
import { ORDER_TABS, type ContractOrder, type OrderTab } from '../../shared/contract.ts';
import { newAbort } from '../../shared/abort.ts';
import { ApiError } from '../../api/client.ts';
import { myOrderList } from '../../api/orders.ts';
import { navigate } from '../../stores/app.ts';
import { $orderRefresh } from '../../stores/orders.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { Countdown } from './Countdown.tsx';
import { expiryLabel } from './expiry.ts';
import { DirectionTag, Outcome, useMoney } from './order-view.tsx';

/** The quote screen shows the latest orders of a tab; the order list screen has them all. */
const PAGE_SIZE = 20;

/** `latest`: the newest order of the tab, marked so the one just placed is found at a glance. */
function PositionRow({ o, money, latest }: { o: ContractOrder; money: MoneySettings; latest: boolean }) {
  return (
    <li className="pr">
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
      </div>
    </li>
  );
}

interface Props {
  tab: OrderTab;
  onTab: (tab: OrderTab) => void;
  /** Loads only while the screen is shown; showing it again reloads. */
  active: boolean;
}

/** SPEC §2 positions under the order panel: a tab's newest orders, reloaded when orders change. */
export function Positions({ tab, onTab, active }: Props) {
  const refresh = useStore($orderRefresh);
  const money = useMoney();
  // Rows stay on screen while the same tab reloads; another tab starts from the skeleton.
  const [data, setData] = useState<{ tab: OrderTab; rows: ContractOrder[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    if (!active) return;
    const ctl = newAbort();
    setFailed(false);
    myOrderList({ tab, pageNum: 1, pageSize: PAGE_SIZE }, ctl.signal).then(
      (page) => setData({ tab, rows: page.rows }),
      (e: unknown) => (e instanceof ApiError && e.kind === 'cancel') || setFailed(true),
    );
    return () => ctl.abort();
  }, [tab, refresh, active, retry]);

  const rows = data && data.tab === tab ? data.rows : null;
  return (
    <section className="pos">
      <div className="pos-h">
        <h2>{t('trade.positions')}</h2>
        <a href={'/orderList?tab=' + tab} onClick={(e) => (e.preventDefault(), navigate('/orderList?tab=' + tab))}>
          {t('route.orderList')}
        </a>
      </div>
      <Tabs items={ORDER_TABS.map((key) => ({ key, label: t('order.tab.' + key) }))} value={tab} onChange={onTab} />
      {rows && rows.length ? (
        <ul>{rows.map((o, i) => <PositionRow key={o.orderNo} o={o} money={money} latest={i === 0} />)}</ul>
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
