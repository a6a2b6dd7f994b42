import { RechargeForm } from '../../money/forms/RechargeForm.tsx';

/** SPEC §2 coin recharge: send to the platform's address, then prove it. */
export default function CoinRecharge() {
  return <RechargeForm type="coin" />;
}
