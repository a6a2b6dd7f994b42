import { Frame } from '../../ui/Frame.tsx';

export default function Withdraw() {
  return <Frame name="withdraw" kind="form" fields={['method', 'amount', 'fee', 'fundPassword']} />;
}
