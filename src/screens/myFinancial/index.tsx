import { Frame } from '../../ui/Frame.tsx';

export default function MyFinancial() {
  return <Frame name="myFinancial" kind="rows" />;
}
