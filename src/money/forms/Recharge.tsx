import { RechargeForm } from './RechargeForm.tsx';

/** Bank recharge (docs/rules.md#money-screens): transfer to the platform's account, then prove it. */
export default function Recharge() {
  return <RechargeForm type="bank" />;
}
