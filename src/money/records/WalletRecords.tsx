import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { currentLocale, t } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date.ts';
import { cmp } from '../../shared/decimal.ts';
import { $moneyRefresh } from '../store.ts';
import type { Page as BillPage, WalletBill, WalletBillRequest, WalletBizType } from '../../shared/contract.ts';
import { get } from '../../api/client.ts';
import { quiet } from '../api.ts';
import { List } from '../../ui/List.tsx';
import { Page } from '../../ui/Page.tsx';
import { Rows } from '../parts/Rows.tsx';
import { useFmt } from '../display.ts';
import './WalletRecords.css';

const walletBill = (q: WalletBillRequest) => get<BillPage<WalletBill>>('/h5/user/walletBill', { ...q }, quiet);
const walletBizTypes = () => get<WalletBizType[]>('/background/bill/getAllWalletBizType', undefined, quiet);

const PAGE_SIZE = 20;
const DAY = 86_400_000;
/** Date ranges offered: all time, today (from local midnight), the last 7 and 30 days. */
const RANGES = ['all', 'today', '7', '30'] as const;

const since = (range: string): number | undefined => {
  if (range === 'all') return undefined;
  const midnight = new Date().setHours(0, 0, 0, 0);
  return range === 'today' ? midnight : midnight - (Number(range) - 1) * DAY;
};

/** Wallet details (docs/rules.md#wallet): every bill by business type and date range; a balance push reloads it. */
export default function WalletRecords() {
  const fmt = useFmt();
  const refresh = useStore($moneyRefresh);
  const [types, setTypes] = useState<string[]>([]);
  const [bizType, setBizType] = useState('');
  const [range, setRange] = useState<string>('all');
  useEffect(() => void walletBizTypes().then((l) => setTypes(l.map((b) => b.type)), () => {}), []);
  const load = useCallback(
    (pageNum: number) =>
      walletBill({ bizType: bizType || undefined, startTime: since(range), pageNum, pageSize: PAGE_SIZE }).then((p) => ({
        rows: p.rows,
        done: pageNum * PAGE_SIZE >= p.total,
      })),
    [bizType, range],
  );
  const row = (b: WalletBill) => {
    const up = cmp(b.amount, 0) > 0;
    return (
      <div className="mcard">
        <header>
          <span>{t('money.biz.' + b.bizType)}</span>
          <b className={'num ' + (up ? 'up' : cmp(b.amount, 0) < 0 ? 'down' : '')}>{(up ? '+' : '') + fmt(b.amount)}</b>
        </header>
        <Rows
          rows={[
            [t('money.time'), <bdi>{formatDateTime(b.time, currentLocale())}</bdi>],
            [t('money.balanceAfter'), <span className="num">{fmt(b.balanceAfter)}</span>],
            ...(cmp(b.frozenDelta, 0) ? ([[t('ui.frozen'), <span className="num">{fmt(b.frozenDelta)}</span>]] as [string, ReactNode][]) : []),
          ]}
        />
      </div>
    );
  };
  return (
    <Page title={t('route.walletRecord')}>
      <div className="mfilter">
        <select aria-label={t('money.type')} value={bizType} onChange={(e) => setBizType(e.currentTarget.value)}>
          <option value="">{t('money.all')}</option>
          {types.map((k) => <option key={k} value={k}>{t('money.biz.' + k)}</option>)}
        </select>
        <select aria-label={t('money.date')} value={range} onChange={(e) => setRange(e.currentTarget.value)}>
          {RANGES.map((r) => <option key={r} value={r}>{t('money.range.' + r)}</option>)}
        </select>
      </div>
      <List key={bizType + range} refresh={refresh} load={load} row={row} rowKey={(b) => b.id} />
    </Page>
  );
}
