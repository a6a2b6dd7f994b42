import { useStore } from '@nanostores/react';
import { DEPOSIT_STATUSES } from '../../shared/contract.ts';
import { depositList } from '../../money/api.ts';
import { $moneyRefresh } from '../../money/store.ts';
import { Records } from '../../money/records/Records.tsx';
import { DepositCard } from '../../money/records/deposit.tsx';

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
