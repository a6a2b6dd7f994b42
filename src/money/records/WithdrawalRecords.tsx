import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { currentLocale, t } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date.ts';
import { WITHDRAW_STATUSES, type Page, type Withdrawal, type WithdrawListRequest } from '../../shared/contract.ts';
import { Rows, Status } from '../parts/Rows.tsx';
import { reasonText } from '../reason.ts';
import { useFmt } from '../display.ts';
import { get } from '../../api/client.ts';
import { quiet } from '../api.ts';
import { $expensesRefresh, $moneyRefresh } from '../store.ts';
import { Records } from './Records.tsx';
import { payoutText } from './payout.tsx';

const withdrawList = (q: WithdrawListRequest) => get<Page<Withdrawal>>('/h5/expenses/withdrawList', { ...q }, quiet);

/** A withdrawal in the records: amount and status, number, time, method, the reais a PIX key receives, and the operator's reason. */
function WithdrawalCard({ w }: { w: Withdrawal }) {
  const fmt = useFmt();
  return (
    <>
      <header><b className="num">{fmt(w.amount)}</b><Status of="withdraw" value={w.status} /></header>
      <Rows
        rows={[
          [t('money.orderNo'), w.orderNo],
          [t('money.time'), <bdi>{formatDateTime(w.time, currentLocale())}</bdi>],
          [t('field.method'), t('money.kind.' + w.method)],
          // Paid in another currency: what arrives in it, as fixed when submitted.
          ...(w.payout ? ([[t('money.arrives'), <b className="num">{payoutText(w.payout, currentLocale())}</b>]] as [string, ReactNode][]) : []),
          ...(w.remark ? ([[t('money.reason'), reasonText(w.remarkKey, w.remark)]] as [string, ReactNode][]) : []),
        ]}
      />
    </>
  );
}

/** Withdrawal records (docs/rules.md#money-screens); the `expenses` and `balance` pushes reload them. */
export default function WithdrawRecord() {
  const refresh = useStore($expensesRefresh) + '.' + useStore($moneyRefresh);
  return (
    <Records
      name="withdrawRecord"
      of="withdraw"
      statuses={WITHDRAW_STATUSES}
      load={withdrawList}
      card={(w) => <WithdrawalCard w={w} />}
      refresh={refresh}
    />
  );
}
