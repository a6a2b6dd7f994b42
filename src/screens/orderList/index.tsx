import { useCallback, useState } from 'react';
import { useSearch } from '../../app/location.ts';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { ORDER_TABS, type OrderTab } from '../../shared/contract.ts';
import { myOrderList } from '../../api/orders.ts';
import { $orderRefresh } from '../../stores/orders.ts';
import { List } from '../../ui/List.tsx';
import { Page } from '../../ui/Page.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useMoney } from '../../money/display.ts';
import { OrderCard } from './OrderCard.tsx';
import './style.css';

const PAGE_SIZE = 10;

/** The tab of `?tab=` (the quote screen links to the tab it shows), else the first one. */
const initialTab = (search: string): OrderTab => {
  const asked = new URLSearchParams(search).get('tab');
  return ORDER_TABS.find((k) => k === asked) || ORDER_TABS[0];
};

/** Trade orders (docs/rules.md#position-tabs): the six position tabs, each a list that loads more as it scrolls. */
export default function OrderList() {
  const search = useSearch();
  const [tab, setTab] = useState(() => initialTab(search));
  // A settlement (the `balance` push) moves orders between tabs: the list loads again in place.
  const refresh = useStore($orderRefresh);
  const money = useMoney();
  const load = useCallback(
    (pageNum: number) =>
      myOrderList({ tab, pageNum, pageSize: PAGE_SIZE }).then((p) => ({ rows: p.rows, done: pageNum * PAGE_SIZE >= p.total })),
    [tab],
  );
  return (
    <Page title={t('route.orderList')}>
      <Tabs items={ORDER_TABS.map((key) => ({ key, label: t('order.tab.' + key) }))} value={tab} onChange={setTab} />
      <List key={tab} refresh={refresh} load={load} row={(o) => <OrderCard o={o} money={money} />} rowKey={(o) => o.orderNo} />
    </Page>
  );
}
