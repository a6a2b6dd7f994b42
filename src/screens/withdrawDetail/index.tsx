import { useStore } from '@nanostores/react';
import { withdrawDetail } from '../../money/api.ts';
import { $expensesRefresh, $moneyRefresh } from '../../money/store.ts';
import { Detail } from '../../money/records/Detail.tsx';
import { WithdrawalView } from '../../money/records/withdrawal.tsx';

/** Withdrawal detail (docs/rules.md#money-screens): every field, the review outcome and its reason as they arrive. */
export default function WithdrawDetail() {
  const refresh = useStore($expensesRefresh) * 1000 + useStore($moneyRefresh);
  return <Detail name="withdrawDetail" load={withdrawDetail} view={(w) => <WithdrawalView w={w} />} refresh={refresh} />;
}
