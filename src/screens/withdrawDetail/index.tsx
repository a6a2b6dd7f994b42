import { Frame } from '../../ui/Frame.tsx';

export default function WithdrawDetail() {
  return <Frame name="withdrawDetail" kind="rows" />;
}
