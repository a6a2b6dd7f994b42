import { ChannelList } from '../../money/forms/ChannelList.tsx';

/** SPEC §2 personal coin list: each coin and network the platform takes deposits on. */
export default function PersonalCoinList() {
  return <ChannelList name="personalCoinList" type="coin" />;
}
