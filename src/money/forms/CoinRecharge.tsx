import { RechargeForm } from './RechargeForm.tsx';

/** Coin recharge (docs/rules.md#money-screens): send to the platform's address, then prove it. */
export default function CoinRecharge() {
  return <RechargeForm type="coin" />;
}
