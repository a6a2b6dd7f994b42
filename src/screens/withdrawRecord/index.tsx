import { useStore } from '@nanostores/react';
import { WITHDRAW_STATUSES } from '../../shared/contract.ts';
import { withdrawList } from '../../money/api.ts';
import { $expensesRefresh, $moneyRefresh } from '../../money/store.ts';
import { Records } from '../../money/records/Records.tsx';
import { WithdrawalCard } from '../../money/records/withdrawal.tsx';

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
