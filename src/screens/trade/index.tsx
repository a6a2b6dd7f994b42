import { Frame } from '../../ui/Frame.tsx';

export default function Trade() {
  return <Frame name="trade" kind="lines" tab />;
}
