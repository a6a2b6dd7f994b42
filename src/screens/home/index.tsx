import { Frame } from '../../ui/Frame.tsx';

export default function Home() {
  return <Frame name="home" kind="rows" tab />;
}
