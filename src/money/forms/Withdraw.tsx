import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation } from '../../app/location.ts';
import { currentLocale, t } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date.ts';
import { cmp } from '../../shared/decimal.ts';
import { formatPercent } from '../../lib/number.ts';
import { ltr } from '../../lib/bidi.ts';
import { notify } from '../../stores/notify.ts';
import { loadUserInfo } from '../../stores/user-info.ts';
import { $backOnline } from '../../stores/offline.ts';
import { $expensesRefresh, $moneyRefresh } from '../store.ts';
import type { ExpensesMoney, PaymentMethod, WithdrawQuote } from '../../shared/contract.ts';
import { expensesMoney, myMethods, submitExpenses } from '../api.ts';
import { Page } from '../../ui/Page.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { Empty } from '../../ui/List.tsx';
import { CodeField } from './CodeField.tsx';
import { AmountField, useAmount } from './AmountField.tsx';
import { useMoneySubmit } from '../submit.ts';
import { Rows } from '../parts/Rows.tsx';
// The field and its "All" side by side, as the code fields sit beside their send button.
import '../../screens/forgetPassword/style.css';
import { useFmt, useMask, useMoney } from '../display.ts';
import { formatMoneyRange } from '../range.ts';
import { holdWords } from './hold-words.ts';
import { asDisplayed, displayLimits, moneyRule } from '../rule.ts';

/** Methods money can be paid out to: bank cards, PIX keys and wallet addresses, not QR codes. */
const PAYOUT = /^(bank|pix|coin)$/;

/**
 * Withdrawal (docs/rules.md#money-screens): the server's available amount, limits and fee rule; the fee and what
 * arrives for the typed amount as the server computes them; method, fund password and the
 * optional code. Whatever was typed stays when the server refuses.
 */
export default function Withdraw() {
  const [, go] = useLocation();
  const fmt = useFmt();
  const money = useMoney();
  const mask = useMask();
  const refresh = useStore($moneyRefresh) + useStore($expensesRefresh) + useStore($backOnline);
  const [info, setInfo] = useState<ExpensesMoney | null | undefined>();
  const [methods, setMethods] = useState<PaymentMethod[]>([]);
  const [methodId, setMethodId] = useState(0);
  const [quote, setQuote] = useState<WithdrawQuote | null>(null);
  const [pwd, setPwd] = useState('');
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const [holdReady, setHoldReady] = useState(false);

  useEffect(() => {
    holdWords().then(() => setHoldReady(true), () => setHoldReady(true));
  }, []);

  useEffect(() => {
    expensesMoney().then(setInfo, () => setInfo(null));
    myMethods().then((all) => {
      const list = all.filter((m) => PAYOUT.test(m.kind));
      setMethods(list);
      setMethodId((id) => (list.some((m) => m.id === id) ? id : list.length ? list[0]!.id : 0));
    }, () => setMethods([]));
  }, [refresh]);

  const most = info && (cmp(info.maxSingle, info.remainingTotal) < 0 ? info.maxSingle : info.remainingTotal);
  const amount = useAmount(money, info ? [info.minAmount, most!] : null);
  const withdraw = useMoneySubmit(submitExpenses, (w) => {
    void loadUserInfo();
    notify(t('ok.withdraw'), { type: 'success' });
    go('/withdrawDetail?orderNo=' + encodeURIComponent(w.orderNo), { replace: true });
  });

  // The fee is the server's: asked for once typing pauses, never computed here, and only for an
  // amount that can be booked.
  const platform = info ? amount.platform : null;
  useEffect(() => {
    setQuote(null);
    if (!platform) return;
    const id = setTimeout(() => expensesMoney(platform).then((m) => m.quote && setQuote(m.quote), () => {}), 400);
    return () => clearTimeout(id);
  }, [platform]);

  const title = t('route.withdraw');
  const records = <button type="button" className="mbar" onClick={() => go('/withdrawRecord')}>{t('money.records')}</button>;
  if (info === undefined) return <Page title={title}><Skeleton kind="form" count={4} /></Page>;
  if (!info) return <Page title={title}><Empty text={t('ui.loadFailed')} /></Page>;

  const locked = info.lockedUntil && info.lockedUntil > Date.now();
  // docs/rules.md#payment-methods: a method bound or changed recently receives nothing until the server's time.
  const chosen = methods.find((m) => m.id === methodId);
  const heldUntil = chosen && chosen.heldUntil && chosen.heldUntil > Date.now() ? chosen.heldUntil : 0;
  const send = () => {
    setTried(true);
    if (!amount.check() || !methodId || !pwd || (info.codeType !== 'none' && !code)) return;
    void withdraw.run({ methodId, amount: amount.platform!, fundPassword: pwd, ...(info.codeType !== 'none' ? { code } : {}) });
  };

  return (
    <Page title={title} end={records}>
      <section className="mbox">
        <Rows
          rows={[
            [t('money.available'), <b className="num">{fmt(info.available)}</b>],
            [t('ui.frozen'), <span className="num">{fmt(info.frozen)}</span>],
            [t('money.single'), <span className="num">{formatMoneyRange(...displayLimits(info.minAmount, info.maxSingle, moneyRule(money)), asDisplayed(money))}</span>],
            [t('money.todayLeft'), <span className="num">{ltr(fmt(info.remainingTotal)) + ' / ' + ltr(fmt(info.maxTotal))}</span>],
            [t('money.feeRule'), <span className="num">{ltr(formatPercent(info.feeRule.rate)) + ' (≥ ' + ltr(fmt(info.feeRule.min)) + ') + ' + ltr(fmt(info.feeRule.fixed))}</span>],
          ]}
        />
      </section>
      {info.realTime && info.free && <p className="mnote up">{t('money.realTimeFree')}</p>}
      {!info.hasFundPassword && (
        <p className="mnote" role="alert">
          {t('money.setFundPassword')}{' '}
          <button type="button" className="copy" onClick={() => go('/fundPassword')}>{t('route.fundPassword')}</button>
        </p>
      )}
      {locked && <p className="mnote down" role="alert">{t('money.locked', { time: formatDateTime(info.lockedUntil!, currentLocale()) })}</p>}
      <form className="form" onSubmit={(e) => (e.preventDefault(), void send())} noValidate>
        <div className="field">
          <span className="lbl muted">{t('field.method')}</span>
          {methods.length ? (
            <div className="mpick" role="radiogroup" aria-label={t('field.method')}>
              {methods.map((m) => (
                <label key={m.id}>
                  <input type="radio" name="m" checked={m.id === methodId} onChange={() => setMethodId(m.id)} />
                  <span>{t('money.kind.' + m.kind)} · <bdi>{m.bankName || m.network || m.payee}</bdi></span>
                  <b className="num">{mask(m.account, m.kind)}</b>
                </label>
              ))}
            </div>
          ) : (
            <button type="button" className="copy" onClick={() => go('/addPayment')}>{t('route.addPayment')}</button>
          )}
          {heldUntil > 0 && holdReady && (
            <p className="mnote down" role="status">{t('payoutHold.until', { time: ltr(formatDateTime(heldUntil, currentLocale())) })}</p>
          )}
        </div>
        <div className="code-row">
          <AmountField amount={amount} label={t('field.amount')} />
          {/* The server's most: amount + fee take the whole available balance, cents included. */}
          <button type="button" className="btn ghost" onClick={() => amount.fill(info.most)}>{t('account.all')}</button>
        </div>
        {quote && (
          <Rows
            rows={[
              [t('field.fee'), <span className="num">{fmt(quote.fee)}</span>],
              [t('money.debit'), <span className="num">{fmt(quote.debit)}</span>],
              [t('money.arrives'), <b className="num">{fmt(quote.arrives)}</b>],
            ]}
          />
        )}
        <Field
          label={t('field.fundPassword')}
          type="password"
          autoComplete="off"
          maxLength={64}
          value={pwd}
          onValue={setPwd}
          error={tried && !pwd ? t('v.required') : undefined}
        />
        {info.codeType !== 'none' && <CodeField kind={info.codeType} value={code} onValue={setCode} />}
        {withdraw.error && <p className="down" role="alert">{withdraw.error}</p>}
        <Button type="submit" block loading={withdraw.busy} disabled={!info.hasFundPassword || !!locked || !methodId || heldUntil > 0}>
          {t('money.submitWithdraw')}
        </Button>
      </form>
    </Page>
  );
}
