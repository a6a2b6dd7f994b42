import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { currentLocale, t } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date.ts';
import { DEPOSIT_STATUSES, type Deposit, type DepositListRequest, type Page } from '../../shared/contract.ts';
import { Rows, Status } from '../parts/Rows.tsx';
import { useFmt } from '../display.ts';
import { reasonText } from '../reason.ts';
import { get } from '../../api/client.ts';
import { quiet } from '../api.ts';
import { $moneyRefresh } from '../store.ts';
import { Records } from './Records.tsx';

const depositList = (q: DepositListRequest) => get<Page<Deposit>>('/h5/recharge/depositList', { ...q }, quiet);

/** A deposit in the records: amount and status, number, time, channel and any refusal reason. */
function DepositCard({ d }: { d: Deposit }) {
  const fmt = useFmt();
  return (
    <>
      <header><b className="num">{fmt(d.amount)}</b><Status of="deposit" value={d.status} /></header>
      <Rows
        rows={[
          [t('money.orderNo'), d.orderNo],
          [t('money.time'), <bdi>{formatDateTime(d.time, currentLocale())}</bdi>],
          [t('money.channel'), d.channelName],
          ...(d.rejectReason ? ([[t('money.reason'), reasonText(d.rejectReasonKey, d.rejectReason)]] as [string, ReactNode][]) : []),
        ]}
      />
    </>
  );
}

/** Recharge records (docs/rules.md#money-screens); a review outcome (the `balance` push) reloads them. */
export default function RechargeRecord() {
  const refresh = useStore($moneyRefresh);
  return (
    <Records
      name="rechargeRecord"
      of="deposit"
      statuses={DEPOSIT_STATUSES}
      load={depositList}
      card={(d) => <DepositCard d={d} />}
      refresh={String(refresh)}
    />
  );
}
