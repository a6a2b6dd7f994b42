import { Frame } from '../../ui/Frame.tsx';

export default function AddPayment() {
  return <Frame name="addPayment" kind="form" fields={['payee', 'bank', 'cardNumber', 'bankCode', 'branch', 'bankPhone']} />;
}
