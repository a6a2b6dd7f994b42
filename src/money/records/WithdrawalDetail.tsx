import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { currentLocale, t } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date.ts';
import type { Withdrawal } from '../../shared/contract.ts';
import { moneyReturned } from '../../shared/withdraw-status.ts';
import { Rows, Status } from '../parts/Rows.tsx';
import { reasonText } from '../reason.ts';
import { useFmt, useMask, useMoney } from '../display.ts';
import { $app } from '../../stores/app.ts';
import { get } from '../../api/client.ts';
import { quiet } from '../api.ts';
import { $expensesRefresh, $moneyRefresh } from '../store.ts';
import { Detail } from './Detail.tsx';
import { PayoutRate, payoutText } from './payout.tsx';

const withdrawDetail = (orderNo: string) => get<Withdrawal>('/h5/expenses/withdrawDetail', { orderNo }, quiet);

/**
 * Every field of a withdrawal (docs/rules.md#withdrawals), the payout account masked
 * (docs/rules.md#masks); a PIX key's reais with the rate and its moment, as fixed when submitted.
 */
function WithdrawalView({ w }: { w: Withdrawal }) {
  const fmt = useFmt();
  const mask = useMask();
  const lang = currentLocale();
  const money = useMoney();
  const base = useStore($app, { keys: ['currency'] }).currency || money.symbol;
  // Paid in another currency: the reais (or other money) fixed when submitted.
  const reais = w.payout;
  const rows: [string, ReactNode][] = [
    [t('money.orderNo'), w.orderNo],
    [t('money.time'), <bdi>{formatDateTime(w.time, lang)}</bdi>],
    [t('money.status'), <Status of="withdraw" value={w.status} />],
    [t('field.amount'), <span className="num">{fmt(w.amount)}</span>],
    [t('field.fee'), <span className="num">{fmt(w.fee)}</span>],
    [t('money.arrives'), <b className="num">{reais ? payoutText(reais, lang) : fmt(w.arrives)}</b>],
    ...(reais ? ([[t('money.rate'), <PayoutRate p={reais} base={base} lang={lang} />]] as [string, ReactNode][]) : []),
    [t('field.method'), t('money.kind.' + w.method)],
    [t('field.payee'), <bdi>{w.payee || '–'}</bdi>],
  ];
  if (w.bankName) rows.push([t('field.bank'), w.bankName]);
  if (w.network) rows.push([t('field.network'), w.network]);
  rows.push([t('money.account'), <span className="num">{mask(w.account, w.method)}</span>]);
  if (w.reviewedAt) rows.push([t('money.reviewedAt'), <bdi>{formatDateTime(w.reviewedAt, lang)}</bdi>]);
  if (w.remark) rows.push([t('field.remark'), <b className={moneyReturned(w.status) ? 'down' : undefined}><bdi>{reasonText(w.remarkKey, w.remark)}</bdi></b>]);
  return <Rows rows={rows} />;
}

/** Withdrawal detail (docs/rules.md#money-screens): every field, the review outcome and its reason as they arrive. */
export default function WithdrawDetail() {
  const refresh = useStore($expensesRefresh) * 1000 + useStore($moneyRefresh);
  return <Detail name="withdrawDetail" load={withdrawDetail} view={(w) => <WithdrawalView w={w} />} refresh={refresh} />;
}
