import { useCallback, useState } from 'react';
import { useSearch } from '../../app/location.ts';
import { useStore } from '@nanostores/react';
import { t, tc } from '../../i18n/index.ts';
import { type MoneySettings } from '../../money/settings.ts';
import { formatMoney } from '../../lib/booked.ts';
import { formatPercent } from '../../lib/number.ts';
import { getHoldings } from '../../api/finance.ts';
import { $app } from '../../stores/app.ts';
import type { FinanceHolding, FinanceSummary, FinanceTab } from '../../shared/contract.ts';
import { List } from '../../ui/List.tsx';
import { Page } from '../../ui/Page.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useMoney } from '../../money/display.ts';
import '../financial/style.css';
import { formatDayTime } from '../../lib/date.ts';

const PAGE_SIZE = 10;
// The contract's FINANCE_TABS in the same order; a type-only import keeps the contract module out of this chunk.
const TABS: readonly FinanceTab[] = ['all', 'holding', 'completed'];
const TAB_LABEL: Record<FinanceTab, string> = { all: 'order.tab.all', holding: 'account.holding', completed: 'order.tab.completed' };

const Row = ({ k, v, cls }: { k: string; v: string; cls?: string }) => (
  <div>
    <dt>{t(k)}</dt>
    <dd className={'num' + (cls ? ' ' + cls : '')}>{v}</dd>
  </div>
);

function Holding({ h, money, locale }: { h: FinanceHolding; money: MoneySettings; locale: string }) {
  return (
    <article className="fin">
      <header>
        <h2>{h.productName}</h2>
        <span className={h.status === 'holding' ? 'up' : 'muted'}>{t(h.status === 'holding' ? 'account.holding' : 'order.tab.completed')}</span>
      </header>
      <dl className="fin-dl">
        <Row k="order.number" v={h.orderNo} />
        <Row k="order.amount" v={formatMoney(h.amount, money)} />
        <Row k="account.dailyRate" v={formatPercent(h.dailyRate)} />
        <Row k="order.cycle" v={tc('account.daysPaid', h.cycleDays, { paid: h.paidDays, days: h.cycleDays })} />
        <Row k="order.income" v={formatMoney(h.estimatedIncome, money)} />
        <Row k="account.todayIncome" v={formatMoney(h.todayIncome, money)} cls="up" />
        <Row k="account.yesterdayIncome" v={formatMoney(h.yesterdayIncome, money)} />
        <Row k="account.totalIncome" v={formatMoney(h.totalIncome, money)} cls="up" />
        <Row k="order.start" v={formatDayTime(h.startsAt, locale)} />
        <Row k="order.end" v={formatDayTime(h.endsAt, locale)} />
      </dl>
    </article>
  );
}

function Summary({ s, money }: { s: FinanceSummary; money: MoneySettings }) {
  return (
    <dl className="fin-sum">
      <div className="wide">
        <dt>{t('account.holdingAmount')}</dt>
        <dd className="num">{formatMoney(s.holdingAmount, money)}</dd>
      </div>
      <div>
        <dt>{t('account.todayIncome')}</dt>
        <dd className="num">{formatMoney(s.todayIncome, money)}</dd>
      </div>
      <div>
        <dt>{t('account.yesterdayIncome')}</dt>
        <dd className="num">{formatMoney(s.yesterdayIncome, money)}</dd>
      </div>
      <div>
        <dt>{t('account.pendingIncome')}</dt>
        <dd className="num">{formatMoney(s.pendingIncome, money)}</dd>
      </div>
      <div>
        <dt>{t('account.totalIncome')}</dt>
        <dd className="num">{formatMoney(s.totalIncome, money)}</dd>
      </div>
    </dl>
  );
}

/** My holdings (docs/rules.md#finance-products): totals, then the holdings filtered all / holding / completed. */
export default function FinanceHoldings() {
  const search = useSearch();
  const [tab, setTab] = useState<FinanceTab>(() => TABS.find((k) => k === new URLSearchParams(search).get('tab')) || 'all');
  const [summary, setSummary] = useState<FinanceSummary | null>(null);
  const locale = useStore($app).language;
  const money = useMoney();
  const load = useCallback(
    (pageNum: number) =>
      getHoldings({ tab, pageNum, pageSize: PAGE_SIZE }).then((p) => {
        setSummary(p.summary);
        return { rows: p.rows, done: pageNum * PAGE_SIZE >= p.total };
      }),
    [tab],
  );
  return (
    <Page title={t('route.financeHoldings')}>
      {summary && <Summary s={summary} money={money} />}
      <Tabs items={TABS.map((key) => ({ key, label: t(TAB_LABEL[key]) }))} value={tab} onChange={setTab} />
      <List key={tab} load={load} row={(h) => <Holding h={h} money={money} locale={locale} />} rowKey={(h) => h.id} />
    </Page>
  );
}
