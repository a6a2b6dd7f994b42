import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import type { OrderDirection, Play } from '../../shared/contract.ts';
import type { MoneySettings } from '../../money/settings.ts';
import { formatMoney } from '../../lib/booked.ts';
import { formatPercent } from '../../lib/number.ts';
import { ltr } from '../../lib/bidi.ts';
import { saveContactOrder } from '../../api/orders.ts';
import { flag, navigate } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { refreshOrders } from '../../stores/orders.ts';
import { $session } from '../../stores/session.ts';
import { loadUserInfo } from '../../stores/user-info.ts';
import { $tickers, $trade } from '../../stores/trade.ts';
import { Button } from '../../ui/Button.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { AmountField, useAmount } from '../../money/forms/AmountField.tsx';
import { useMoneySubmit } from '../../money/submit.ts';
import { syncServerTime } from './countdown.ts';
import { estimatedIncome } from './order-math.ts';
import { presetsFor } from './presets.ts';
import { expiryLabel } from './expiry.ts';
import { useMoney } from '../../money/display.ts';
import { $paused } from './paused.ts';

/** Server reasons about the amount, as the client words them: they also stay under the field. */
const AMOUNT_KEYS = ['order.amountMin', 'order.amountMax', 'balance.insufficient'];
const TRADE_KEYS: ('playMethods' | 'contractMoney')[] = ['playMethods', 'contractMoney'];
const TOKEN_KEYS: 'token'[] = ['token'];
const USER_KEYS: 'userInfo'[] = ['userInfo'];

/** The available balance; re-renders when the user info reloads, not the panel around it. */
function Balance({ money }: { money: MoneySettings }) {
  const user = useStore($session, { keys: USER_KEYS }).userInfo;
  return <dd className="num">{user ? formatMoney(user.balance, money) : '–'}</dd>;
}

interface Props {
  symbol: string;
  /** After a successful order (the screen shows the pending positions). */
  onPlaced: () => void;
}

/**
 * Expiry, amount and the two order buttons (docs/rules.md#contract-orders); visitors get a way to log in instead. The
 * amount is the one money field (money/forms/AmountField.tsx): what it shows is what is confirmed,
 * ordered and debited. The order buttons stay in a bar above the tab bar, in reach without
 * scrolling past the chart.
 */
export function OrderPanel({ symbol, onPlaced }: Props) {
  const { playMethods: plays, contractMoney } = useStore($trade, { keys: TRADE_KEYS });
  const token = useStore($session, { keys: TOKEN_KEYS }).token;
  const paused = useStore(useMemo(() => $paused(symbol), [symbol]));
  const money = useMoney();
  const [playId, setPlayId] = useState(0);
  const [direction, setDirection] = useState<OrderDirection | null>(null);
  const play: Play | undefined = plays.find((p) => p.id === playId) || plays[0];
  const amount = useAmount(money, play ? [play.minAmount, play.maxAmount] : null);
  const order = useMoneySubmit(saveContactOrder, (placed) => {
    syncServerTime(placed.time);
    notify(t('ok.invest'), { type: 'success' });
    loadUserInfo();
    refreshOrders();
    onPlaced();
  });

  const submit = async (d: OrderDirection) => {
    // No confirmation the server would refuse: the buttons say why they are off.
    if (!play || order.busy || paused || !amount.check()) return;
    const tk = $tickers.get()[symbol];
    const message = t('trade.confirmText', {
      direction: t('trade.' + d),
      name: tk ? tk.name : symbol.toUpperCase(),
      amount: amount.fmt(amount.display!),
      expiry: ltr(expiryLabel(play.seconds)),
    });
    if (flag('orderConfirm') && !(await confirm({ title: t('trade.confirmTitle'), message }))) return;
    setDirection(d);
    await order.run({ symbol, playId: play.id, direction: d, amount: amount.platform! });
    setDirection(null);
  };
  // The client has shown every failure in the banner; reasons about the amount also stay under
  // the field, until the amount changes.
  const amountError = order.failure && AMOUNT_KEYS.includes(order.failure.key || '') ? order.error : '';
  useEffect(() => order.clearError(), [amount.text]);

  if (!play) return null;
  return (
    <section className="op">
      <div className="op-label">{t('trade.expiry')}</div>
      <div className="op-plays" role="radiogroup" aria-label={t('trade.expiry')}>
        {plays.map((p) => (
          <button key={p.id} type="button" role="radio" aria-checked={p === play} onClick={() => (setPlayId(p.id), order.clearError())}>
            {expiryLabel(p.seconds)}
            <small className="num">{formatPercent(p.rate)}</small>
          </button>
        ))}
      </div>
      <AmountField amount={amount} label={t('trade.amount')} error={amountError} />
      <p className="op-hint muted">{t('trade.limits', amount.range)}</p>
      {contractMoney && (
        <div className="op-quick">
          {presetsFor(contractMoney.presets, play).map((p) => (
            <button key={p} type="button" className="num" onClick={() => (amount.fill(p), order.clearError())}>
              {formatMoney(p, money, { symbol: false })}
            </button>
          ))}
        </div>
      )}
      <dl className="op-info">
        {token && (
          <div>
            <dt>{t('trade.available')}</dt>
            <Balance money={money} />
          </div>
        )}
        <div>
          <dt>{t('trade.rate')}</dt>
          <dd className="num">{formatPercent(play.rate)}</dd>
        </div>
        <div>
          <dt>{t('trade.income')}</dt>
          <dd className="num up">
            {formatMoney(estimatedIncome(amount.platform || '0', play.rate), money)}
          </dd>
        </div>
      </dl>
      {token ? (
        <div className="op-go">
          {paused && (
            <p className="op-why" id="op-why" role="status">
              {t(paused === 'halted' ? 'trade.pausedHalted' : 'trade.pausedStale')}
            </p>
          )}
          {(['up', 'down'] as const).map((d) => (
            <Button
              key={d}
              className={'op-' + d}
              loading={order.busy && direction === d}
              disabled={order.busy || !!paused}
              aria-describedby={paused ? 'op-why' : undefined}
              onClick={() => submit(d)}
            >
              {t('trade.' + d)}
            </Button>
          ))}
        </div>
      ) : (
        <Button block onClick={() => navigate('/login?redirect=%2Ftrade')}>
          {t('trade.loginToTrade')}
        </Button>
      )}
    </section>
  );
}
