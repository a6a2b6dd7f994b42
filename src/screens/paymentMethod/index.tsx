import { Frame } from '../../ui/Frame.tsx';

export default function PaymentMethod() {
  return <Frame name="paymentMethod" kind="rows" />;
}
