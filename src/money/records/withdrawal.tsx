import type { ReactNode } from 'react';
import { currentLocale, t } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date.ts';
import type { Withdrawal } from '../../shared/contract.ts';
import { moneyReturned } from '../../shared/withdraw-status.ts';
import { Rows, Status } from '../parts/Rows.tsx';
import { reasonText } from '../reason.ts';
import { useFmt, useMask } from '../display.ts';

/** A withdrawal in the records: amount and status, number, time, method and the operator's reason. */
export function WithdrawalCard({ w }: { w: Withdrawal }) {
  const fmt = useFmt();
  return (
    <>
      <header><b className="num">{fmt(w.amount)}</b><Status of="withdraw" value={w.status} /></header>
      <Rows
        rows={[
          [t('money.orderNo'), w.orderNo],
          [t('money.time'), <bdi>{formatDateTime(w.time, currentLocale())}</bdi>],
          [t('field.method'), t('money.kind.' + w.method)],
          ...(w.remark ? ([[t('money.reason'), reasonText(w.remarkKey, w.remark)]] as [string, ReactNode][]) : []),
        ]}
      />
    </>
  );
}

/** Every field of a withdrawal (docs/rules.md#withdrawals), the payout account masked (docs/rules.md#masks). */
export function WithdrawalView({ w }: { w: Withdrawal }) {
  const fmt = useFmt();
  const mask = useMask();
  const lang = currentLocale();
  const rows: [string, ReactNode][] = [
    [t('money.orderNo'), w.orderNo],
    [t('money.time'), <bdi>{formatDateTime(w.time, lang)}</bdi>],
    [t('money.status'), <Status of="withdraw" value={w.status} />],
    [t('field.amount'), <span className="num">{fmt(w.amount)}</span>],
    [t('field.fee'), <span className="num">{fmt(w.fee)}</span>],
    [t('money.arrives'), <span className="num">{fmt(w.arrives)}</span>],
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
