import { Frame } from '../../ui/Frame.tsx';

export default function PersonalCoinList() {
  return <Frame name="personalCoinList" kind="rows" />;
}
