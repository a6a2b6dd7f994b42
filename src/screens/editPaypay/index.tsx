import { Frame } from '../../ui/Frame.tsx';

export default function EditPaypay() {
  return <Frame name="editPaypay" kind="form" fields={['payee', 'paymentQr']} />;
}
