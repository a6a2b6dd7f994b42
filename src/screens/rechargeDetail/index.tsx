import { Frame } from '../../ui/Frame.tsx';

export default function RechargeDetail() {
  return <Frame name="rechargeDetail" kind="rows" />;
}
