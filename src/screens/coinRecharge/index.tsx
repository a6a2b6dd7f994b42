import { Frame } from '../../ui/Frame.tsx';

export default function CoinRecharge() {
  return <Frame name="coinRecharge" kind="form" fields={['network', 'address', 'amount', 'proof']} />;
}
