import { RechargeForm } from '../../money/forms/RechargeForm.tsx';

/** SPEC §2 bank recharge: transfer to the platform's account, then prove it. */
export default function Recharge() {
  return <RechargeForm type="bank" />;
}
