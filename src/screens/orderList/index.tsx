import { Frame } from '../../ui/Frame.tsx';

export default function OrderList() {
  return <Frame name="orderList" kind="rows" />;
}
