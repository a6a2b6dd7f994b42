import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from '../../app/location.ts';
import { t } from '../../i18n/index.ts';
import type { PayChannel, PayChannelType } from '../../shared/contract.ts';
import { Page } from '../../ui/Page.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { Empty } from '../../ui/List.tsx';
import { Button } from '../../ui/Button.tsx';
import { channels, forgetChannels } from '../channels.ts';
import { useMoney } from '../display.ts';
import { asDisplayed, displayLimits, moneyRule } from '../rule.ts';
import { formatMoneyRange } from '../range.ts';

interface Props {
  name: 'rechargeList' | 'personalCoinList';
  type: PayChannelType;
  /** Rows after the channels (the way to the coin list). */
  after?: ReactNode;
}

/** The deposit channels of one kind, each with its currency and limits; a tap opens its form. */
export function ChannelList({ name, type, after }: Props) {
  const [, go] = useLocation();
  const money = useMoney();
  const limits = (min: string, max: string) => formatMoneyRange(...displayLimits(min, max, moneyRule(money)), asDisplayed(money));
  const [list, setList] = useState<PayChannel[] | null | undefined>();
  const load = () => {
    setList(undefined);
    forgetChannels();
    channels().then((all) => setList(all.filter((c) => c.type === type)), () => setList(null));
  };
  useEffect(load, [type]);
  const records = (
    <button type="button" className="mbar" onClick={() => go('/rechargeRecord')}>{t('money.records')}</button>
  );
  return (
    <Page title={t('route.' + name)} end={records}>
      {list === undefined && <Skeleton kind="rows" count={4} />}
      {list === null && (
        <Empty text={t('ui.loadFailed')}><Button ghost onClick={load}>{t('ui.retry')}</Button></Empty>
      )}
      {list && (
        <nav className="cells">
          {list.map((c) => (
            <Cell
              key={c.id}
              label={c.name + (c.network ? ' · ' + c.network : '')}
              value={<span className="num">{limits(c.minAmount, c.maxAmount)}</span>}
              onClick={() => go((type === 'bank' ? '/recharge?id=' : '/coinRecharge?id=') + c.id)}
            />
          ))}
          {after}
          {!list.length && !after && <Empty />}
        </nav>
      )}
    </Page>
  );
}
