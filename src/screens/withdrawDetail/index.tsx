import { useStore } from '@nanostores/react';
import { withdrawDetail } from '../../api/money.ts';
import { $expensesRefresh } from '../../stores/orders.ts';
import { $moneyRefresh } from '../../stores/money.ts';
import { Detail } from '../../money/Detail.tsx';
import { WithdrawalView } from '../../money/withdrawal.tsx';

/** SPEC §2 withdrawal detail: every field, the review outcome and its reason as they arrive. */
export default function WithdrawDetail() {
  const refresh = useStore($expensesRefresh) * 1000 + useStore($moneyRefresh);
  return <Detail name="withdrawDetail" load={withdrawDetail} view={(w) => <WithdrawalView w={w} />} refresh={refresh} />;
}
