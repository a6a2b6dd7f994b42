import { Frame } from '../../ui/Frame.tsx';

export default function RechargeRecord() {
  return <Frame name="rechargeRecord" kind="rows" />;
}
