import { Frame } from '../../ui/Frame.tsx';

export default function Yuebaodetail() {
  return <Frame name="yuebaodetail" kind="rows" />;
}
