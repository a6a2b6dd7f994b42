import { useStore } from '@nanostores/react';
import { depositDetail } from '../../money/api.ts';
import { $moneyRefresh } from '../../money/store.ts';
import { Detail } from '../../money/records/Detail.tsx';
import { DepositView } from '../../money/records/deposit.tsx';

/** Recharge detail (docs/rules.md#money-screens): every field, the review outcome as it arrives. */
export default function RechargeDetail() {
  return <Detail name="rechargeDetail" load={depositDetail} view={(d) => <DepositView d={d} />} refresh={useStore($moneyRefresh)} />;
}
