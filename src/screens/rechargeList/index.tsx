import { Frame } from '../../ui/Frame.tsx';

export default function RechargeList() {
  return <Frame name="rechargeList" kind="rows" />;
}
