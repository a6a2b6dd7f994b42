import { Frame } from '../../ui/Frame.tsx';

export default function Financial() {
  return <Frame name="financial" kind="rows" tab />;
}
