import { useStore } from '@nanostores/react';
import { depositDetail } from '../../api/money.ts';
import { $moneyRefresh } from '../../stores/money.ts';
import { Detail } from '../../money/Detail.tsx';
import { DepositView } from '../../money/deposit.tsx';

/** SPEC §2 recharge detail: every field, the review outcome as it arrives. */
export default function RechargeDetail() {
  return <Detail name="rechargeDetail" load={depositDetail} view={(d) => <DepositView d={d} />} refresh={useStore($moneyRefresh)} />;
}
