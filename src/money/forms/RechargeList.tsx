import { useLocation } from '../../app/location.ts';
import { t } from '../../i18n/index.ts';
import { Cell } from '../../ui/Cell.tsx';
import { ChannelList } from './ChannelList.tsx';

/** Recharge channel list (docs/rules.md#money-screens): the bank channels, and the way to the coins. */
export default function RechargeList() {
  const [, go] = useLocation();
  return (
    <ChannelList
      name="rechargeList"
      type="bank"
      after={<Cell label={t('route.coinRecharge')} onClick={() => go('/personalCoinList')} />}
    />
  );
}
