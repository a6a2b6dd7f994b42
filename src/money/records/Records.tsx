import { useCallback, useState, type ReactNode } from 'react';
import { useLocation } from '../../app/location.ts';
import { t } from '../../i18n/index.ts';
import type { Page as Rows } from '../../shared/contract.ts';
import { List } from '../../ui/List.tsx';
import { Page } from '../../ui/Page.tsx';
import { Tabs } from '../../ui/Tabs.tsx';

const PAGE_SIZE = 10;

interface Props<T> {
  name: 'rechargeRecord' | 'withdrawRecord';
  of: 'deposit' | 'withdraw';
  statuses: readonly string[];
  load: (q: { status?: never; pageNum: number; pageSize: number }) => Promise<Rows<T>>;
  card: (row: T) => ReactNode;
  /** Moves when a push says the records changed: the list loads again, its rows kept until then. */
  refresh: string;
}

/** Deposit or withdrawal records: a status filter, then cards that load more as they scroll. */
export function Records<T extends { orderNo: string }>({ name, of, statuses, load, card, refresh }: Props<T>) {
  const [status, setStatus] = useState('all');
  const [, go] = useLocation();
  const tabs = ['all'].concat(statuses).map((key) => ({ key, label: t(key === 'all' ? 'money.all' : 'money.' + of + '.' + key) }));
  const page = useCallback(
    (pageNum: number) =>
      load({ ...(status === 'all' ? {} : { status: status as never }), pageNum, pageSize: PAGE_SIZE }).then((p) => ({
        rows: p.rows,
        done: pageNum * PAGE_SIZE >= p.total,
      })),
    [status, load],
  );
  const detail = '/' + (of === 'deposit' ? 'rechargeDetail' : 'withdrawDetail') + '?orderNo=';
  return (
    <Page title={t('route.' + name)}>
      <Tabs items={tabs} value={status} onChange={setStatus} />
      <List
        key={status}
        refresh={refresh}
        load={page}
        rowKey={(r) => r.orderNo}
        row={(r) => (
          <button type="button" className="mcard" onClick={() => go(detail + encodeURIComponent(r.orderNo))}>
            {card(r)}
          </button>
        )}
      />
    </Page>
  );
}
