import { Frame } from '../../ui/Frame.tsx';

export default function BindPhone() {
  return <Frame name="bindPhone" kind="form" fields={['phone', 'smsCode']} />;
}
