import { useCallback } from 'react';
import { t } from '../../i18n/index.ts';
import { formatMoney } from '../../lib/money.ts';
import { formatPercent } from '../../lib/number.ts';
import { ltr } from '../../lib/bidi.ts';
import { getSavingsIncome } from '../../api/finance.ts';
import type { SavingsIncome } from '../../shared/contract.ts';
import { List } from '../../ui/List.tsx';
import { Page } from '../../ui/Page.tsx';
import { incomeMoney, useMoney } from '../financial/figures.ts';
import './style.css';

const PAGE_SIZE = 20;

/** The savings income day by day: the balance that earned, the rate, and what was paid (paused days too). */
export default function YuebaoDetail() {
  const money = useMoney();
  const inc = incomeMoney(money);
  const load = useCallback(
    (pageNum: number) =>
      getSavingsIncome({ pageNum, pageSize: PAGE_SIZE }).then((p) => ({ rows: p.rows, done: pageNum * PAGE_SIZE >= p.total })),
    [],
  );
  const row = (d: SavingsIncome) => (
    <div className="yb-day">
      <span>
        <b className="num">{d.day}</b>
        <small className="muted">
          {d.paused ? t('account.paused') : <>{t('account.base')} <span className="num">{ltr(formatMoney(d.base, money))} × {ltr(formatPercent(d.rate))}</span></>}
        </small>
      </span>
      <b className={'num' + (d.paused ? ' muted' : ' up')}>+{formatMoney(d.amount, inc)}</b>
    </div>
  );
  return (
    <Page title={t('route.yuebaodetail')}>
      <List load={load} row={row} rowKey={(d) => d.day} />
    </Page>
  );
}
