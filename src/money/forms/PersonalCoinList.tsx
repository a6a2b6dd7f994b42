import { ChannelList } from './ChannelList.tsx';

/** Personal coin list (docs/rules.md#money-screens): each coin and network the platform takes deposits on. */
export default function PersonalCoinList() {
  return <ChannelList name="personalCoinList" type="coin" />;
}
