import { useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import type { OrderDirection, Play } from '../../shared/contract.ts';
import { amountRefusal, filterAmount } from '../../lib/filters.ts';
import { cmp, formatMoney, isDecimal, type MoneySettings } from '../../lib/money.ts';
import { asDisplayed, displayLimits, moneyRule, toDisplay, toPlatform } from '../../lib/money-rule.ts';
import { formatNumber, formatPercent } from '../../lib/number.ts';
import { ltr } from '../../lib/bidi.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { amount as checkAmount } from '../../lib/amount.ts';
import { ApiError } from '../../api/client.ts';
import { saveContactOrder } from '../../api/orders.ts';
import { flag, navigate } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { refreshOrders } from '../../stores/orders.ts';
import { $session, loadUserInfo } from '../../stores/session.ts';
import { $tickers, $trade } from '../../stores/trade.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { syncServerTime } from './countdown.ts';
import { estimatedIncome } from './order-math.ts';
import { expiryLabel } from './expiry.ts';
import { useMoney } from './order-view.tsx';

/** Server reasons about the amount: they also stay under the field until the amount changes. */
const AMOUNT_KEYS = ['order.amountMin', 'order.amountMax', 'balance.insufficient'];
const TRADE_KEYS: ('playMethods' | 'contractMoney')[] = ['playMethods', 'contractMoney'];
const TOKEN_KEYS: 'token'[] = ['token'];
const USER_KEYS: 'userInfo'[] = ['userInfo'];

/** The available balance; re-renders when the user info reloads, not the panel around it. */
function Balance({ money }: { money: MoneySettings }) {
  const user = useStore($session, { keys: USER_KEYS }).userInfo;
  return <dd className="num">{user ? formatMoney(user.balance, money, { down: true }) : '–'}</dd>;
}

interface Props {
  symbol: string;
  /** After a successful order (the screen shows the pending positions). */
  onPlaced: () => void;
}

/**
 * Expiry, amount and the two order buttons (SPEC §1); visitors get a way to log in instead. The
 * field holds a display amount (money-rule.ts): limits are shown and checked as display amounts,
 * the order carries toPlatform of it, so the field, the confirmation and the bill show one number.
 */
export function OrderPanel({ symbol, onPlaced }: Props) {
  const { playMethods: plays, contractMoney } = useStore($trade, { keys: TRADE_KEYS });
  const token = useStore($session, { keys: TOKEN_KEYS }).token;
  const money = useMoney();
  const [playId, setPlayId] = useState(0);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  // A fresh object per refusal: the field re-renders and drops the refused key even when the
  // reason is the same as the last one.
  const [refused, setRefused] = useState<{ text: string } | null>(null);
  const [busy, setBusy] = useState<OrderDirection | null>(null);
  // The Idempotency-Key of the last submit that did not succeed: a retry of the same order reuses
  // it, so an order whose answer was lost is not placed twice; another order gets a new one.
  const attempt = useRef<{ order: string; key: string } | null>(null);
  const play: Play | undefined = plays.find((p) => p.id === playId) || plays[0];
  const rule = useMemo(() => moneyRule(money), [money]);
  // Display amounts are already converted: shown as they are, with the symbol and the language's format.
  const shown = useMemo(() => asDisplayed(money), [money]);
  const fmt = (v: string) => ltr(formatMoney(v, shown));
  const [min, max] = play ? displayLimits(play.minAmount, play.maxAmount, rule) : ['0', '0'];
  const inRange = (v: string) => cmp(v, min) >= 0 && cmp(v, max) <= 0;
  // The field writes the language's decimal point (`12,5` in pt-BR); the filter reads either.
  const point = formatNumber('0.5', 1).charAt(1);

  const type = (v: string) => {
    const why = amountRefusal(v, money.decimals);
    setRefused(why ? { text: t('ui.refuse.' + why, { n: money.decimals }) } : null);
    if (why) return;
    setAmount(filterAmount(v, money.decimals));
    setError('');
  };

  const submit = async (direction: OrderDirection) => {
    if (!play || busy) return;
    // `5.` is 5: the field shows the number that will be ordered before it is confirmed.
    const typed = amount.replace(/\.$/, '');
    setAmount(typed);
    setRefused(null);
    const bad = checkAmount(typed, min, max);
    if (bad) return setError(t(bad, { min: fmt(min), max: fmt(max) }));
    const tk = $tickers.get()[symbol];
    const message = t('trade.confirmText', {
      direction: t('trade.' + direction),
      name: tk ? tk.name : symbol.toUpperCase(),
      amount: fmt(typed),
      expiry: ltr(expiryLabel(play.seconds)),
    });
    if (flag('orderConfirm') && !(await confirm({ title: t('trade.confirmTitle'), message }))) return;
    setBusy(direction);
    try {
      const req = { symbol, playId: play.id, direction, amount: toPlatform(typed, rule) };
      const same = JSON.stringify(req);
      if (!attempt.current || attempt.current.order !== same) attempt.current = { order: same, key: newIdempotencyKey() };
      const order = await saveContactOrder(req, attempt.current.key);
      attempt.current = null;
      syncServerTime(order.time);
      notify(t('ok.invest'), { type: 'success' });
      loadUserInfo();
      refreshOrders();
      onPlaced();
    } catch (e) {
      // The client has shown the reason in the banner; the amount stays as typed either way.
      if (e instanceof ApiError) {
        if (e.kind === 'server' && e.key && AMOUNT_KEYS.includes(e.key)) setError(e.message);
      } else notify(t('err.network'));
    } finally {
      setBusy(null);
    }
  };

  if (!play) return null;
  return (
    <section className="op">
      <div className="op-label">{t('trade.expiry')}</div>
      <div className="op-plays" role="radiogroup" aria-label={t('trade.expiry')}>
        {plays.map((p) => (
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={p === play}
            onClick={() => (setPlayId(p.id), setError(''), setRefused(null))}
          >
            {expiryLabel(p.seconds)}
            <small className="num">{formatPercent(p.rate)}</small>
          </button>
        ))}
      </div>
      <Field
        label={t('trade.amount')}
        value={amount.replace('.', point)}
        onValue={type}
        error={error || (refused ? refused.text : '')}
        inputMode="decimal"
        autoComplete="off"
      />
      <p className="op-hint muted">{t('trade.limits', { min: fmt(min), max: fmt(max) })}</p>
      {contractMoney && (
        <div className="op-quick">
          {contractMoney.presets.map((p) => {
            const v = toDisplay(p, rule);
            return (
              <button key={p} type="button" className="num" disabled={!inRange(v)} onClick={() => type(v)}>
                {formatMoney(v, shown, { symbol: false })}
              </button>
            );
          })}
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
            {formatMoney(estimatedIncome(isDecimal(amount) ? toPlatform(amount, rule) : '0', play.rate), money, { down: true })}
          </dd>
        </div>
      </dl>
      {token ? (
        <div className="op-go">
          {(['up', 'down'] as const).map((d) => (
            <Button key={d} className={'op-' + d} loading={busy === d} disabled={!!busy} onClick={() => submit(d)}>
              {t('trade.' + d)}
            </Button>
          ))}
        </div>
      ) : (
        <Button block onClick={() => navigate('/login?redirect=' + encodeURIComponent('/trade'))}>
          {t('trade.loginToTrade')}
        </Button>
      )}
    </section>
  );
}
