import { Frame } from '../../ui/Frame.tsx';

export default function WithdrawRecord() {
  return <Frame name="withdrawRecord" kind="rows" />;
}
