import { Frame } from '../../ui/Frame.tsx';

export default function Yuebao() {
  return <Frame name="yuebao" kind="form" fields={['amount']} />;
}
