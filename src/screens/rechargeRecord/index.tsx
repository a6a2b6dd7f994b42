import { useStore } from '@nanostores/react';
import { DEPOSIT_STATUSES } from '../../shared/contract.ts';
import { depositList } from '../../api/money.ts';
import { $moneyRefresh } from '../../stores/money.ts';
import { Records } from '../../money/Records.tsx';
import { DepositCard } from '../../money/deposit.tsx';

/** SPEC §2 recharge records; a review outcome (the `balance` push) reloads them. */
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
