import { Frame } from '../../ui/Frame.tsx';

export default function WalletRecord() {
  return <Frame name="walletRecord" kind="rows" />;
}
