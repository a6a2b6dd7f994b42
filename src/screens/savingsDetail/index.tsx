import { useCallback } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { formatDayTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/booked.ts';
import { getSavingsDetails } from '../../api/finance.ts';
import type { SavingsDetail } from '../../shared/contract.ts';
import { $app } from '../../stores/app.ts';
import { formatPercent } from '../../lib/number.ts';
import { ltr } from '../../lib/bidi.ts';
import { List } from '../../ui/List.tsx';
import { Page } from '../../ui/Page.tsx';
import { useMoney } from '../../money/display.ts';
import './style.css';

const PAGE_SIZE = 20;

/**
 * Everything that changed the savings, newest first: money moved in from the balance, moved out
 * to it, and each day's interest (the balance that earned, the rate; paused days too).
 */
export default function SavingsDetail() {
  const money = useMoney();
  const locale = useStore($app).language;
  const load = useCallback(
    (pageNum: number) =>
      getSavingsDetails({ pageNum, pageSize: PAGE_SIZE }).then((p) => ({ rows: p.rows, done: pageNum * PAGE_SIZE >= p.total })),
    [],
  );
  const row = (d: SavingsDetail) =>
    d.kind === 'income' ? (
      <div className="sv-day">
        <span>
          <b>{t('account.interest')} <span className="num">{d.day}</span></b>
          <small className="muted">
            {d.paused ? t('account.paused') : <>{t('account.base')} <span className="num">{ltr(formatMoney(d.base, money))} × {ltr(formatPercent(d.rate))}</span></>}
          </small>
        </span>
        <b className={'num' + (d.paused ? ' muted' : ' up')}>+{formatMoney(d.amount, money)}</b>
      </div>
    ) : (
      <div className="sv-day">
        <span>
          <b>{t(d.kind === 'in' ? 'account.movedIn' : 'account.movedOut')}</b>
          <small className="muted num">{formatDayTime(d.time, locale)}</small>
        </span>
        <b className="num">{(d.kind === 'in' ? '+' : '−') + formatMoney(d.amount, money)}</b>
      </div>
    );
  return (
    <Page title={t('route.savingsDetail')}>
      <List load={load} row={row} rowKey={(d) => d.kind + d.time + (d.kind === 'income' ? d.day : d.amount)} />
    </Page>
  );
}
