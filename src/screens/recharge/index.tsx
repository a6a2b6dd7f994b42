import { Frame } from '../../ui/Frame.tsx';

export default function Recharge() {
  return <Frame name="recharge" kind="form" fields={['amount', 'payee', 'bank', 'cardNumber', 'proof']} />;
}
