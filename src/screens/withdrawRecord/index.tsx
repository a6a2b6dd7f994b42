import { useStore } from '@nanostores/react';
import { WITHDRAW_STATUSES } from '../../shared/contract.ts';
import { withdrawList } from '../../api/money.ts';
import { $expensesRefresh } from '../../stores/orders.ts';
import { $moneyRefresh } from '../../stores/money.ts';
import { Records } from '../../money/Records.tsx';
import { WithdrawalCard } from '../../money/withdrawal.tsx';

/** SPEC §2 withdrawal records; the `expenses` and `balance` pushes reload them. */
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
