import { useEffect, useState, type ReactNode } from 'react';
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
import { $app } from '../../stores/app.ts';
import type { ExpensesMoney, PaymentMethod, SubmitExpensesRequest, Withdrawal } from '../../shared/contract.ts';
import { withdrawFee } from '../../shared/withdraw-fee.ts';
import { payoutFor } from '../../shared/currency-convert.ts';
import { get } from '../../api/client.ts';
import { keyed, myMethods, quiet } from '../api.ts';
import { guarded } from '../../factor/with-factor.ts';
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
import { formWords } from './form-words.ts';
import { rateLine } from './other-currency.ts';
import { inCurrency } from '../in-currency.ts';
import { WithdrawConfirm } from './WithdrawConfirm.tsx';
import { asDisplayed, displayLimits, moneyRule } from '../rule.ts';

/** With `amount`, the answer carries the server's fee and what arrives for it. */
const expensesMoney = (amount?: string) => get<ExpensesMoney>('/h5/expenses/getExpensesMoney', { amount }, quiet);
const submitExpenses = (body: SubmitExpensesRequest, key: string) => keyed<Withdrawal>('/h5/expenses/submitExpenses', body, key);

/** Methods money can be paid out to: bank cards, PIX keys and wallet addresses, not QR codes. */
const PAYOUT = /^(bank|pix|coin)$/;

/**
 * Withdrawal (docs/rules.md#money-screens): the server's available amount, limits and fee rule;
 * the fee and what arrives for the typed amount at once, by the server's own rule
 * (src/shared/withdraw-fee.ts), in the payout's currency; method, fund password and the optional
 * code; then a confirmation of all of it before anything is sent. Whatever was typed stays when
 * the user goes back or the server refuses.
 */
export default function Withdraw() {
  const [, go] = useLocation();
  const fmt = useFmt();
  const money = useMoney();
  const base = useStore($app, { keys: ['currency'] }).currency || money.symbol;
  const mask = useMask();
  const [again, setAgain] = useState(0);
  const refresh = useStore($moneyRefresh) + useStore($expensesRefresh) + useStore($backOnline) + again;
  const [info, setInfo] = useState<ExpensesMoney | null | undefined>();
  const [methods, setMethods] = useState<PaymentMethod[]>([]);
  const [methodId, setMethodId] = useState(0);
  const [pwd, setPwd] = useState('');
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const [words, setWords] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const ready = () => setWords(true);
    Promise.all([holdWords(), formWords()]).then(ready, ready);
  }, []);

  useEffect(() => {
    // A reload that fails (offline after a refused submit) keeps the form and what it showed.
    expensesMoney().then(setInfo, () => setInfo((was) => was || null));
    myMethods().then((all) => {
      const list = all.filter((m) => PAYOUT.test(m.kind));
      setMethods(list);
      setMethodId((id) => (list.some((m) => m.id === id) ? id : list.length ? list[0]!.id : 0));
    }, () => {});
  }, [refresh]);

  const most = info && (cmp(info.maxSingle, info.remainingTotal) < 0 ? info.maxSingle : info.remainingTotal);
  const amount = useAmount(money, info ? [info.minAmount, most!] : null);
  const withdraw = useMoneySubmit(guarded(submitExpenses), (w) => {
    void loadUserInfo();
    notify(t('ok.withdraw'), { type: 'success' });
    go('/withdrawDetail?orderNo=' + encodeURIComponent(w.orderNo), { replace: true });
  });

  const title = t('route.withdraw');
  const records = <button type="button" className="mbar" onClick={() => go('/withdrawRecord')}>{t('money.records')}</button>;
  if (info === undefined || !words) return <Page title={title}><Skeleton kind="form" count={4} /></Page>;
  if (!info) return <Page title={title}><Empty text={t('ui.loadFailed')} /></Page>;

  const locked = info.lockedUntil && info.lockedUntil > Date.now();
  // docs/rules.md#payment-methods: a method bound or changed recently receives nothing until the server's time.
  const chosen = methods.find((m) => m.id === methodId);
  const heldUntil = chosen && chosen.heldUntil && chosen.heldUntil > Date.now() ? chosen.heldUntil : 0;
  // The fee as the server will take it, from the rule already loaded: shown as soon as the amount can be booked.
  const platform = amount.platform;
  const fee = platform ? withdrawFee(platform, info.feeRule) : null;
  // A PIX key is paid in reais: what arrives is in them, at the rate the server gave and when.
  const payout = chosen && info.payouts.find((p) => p.kind === chosen.kind);
  const arrives = platform && (payout ? inCurrency(payoutFor(platform, payout.rate, payout.decimals), payout.currency, money.locale, payout.decimals) : fmt(platform));
  const rate = payout && rateLine(base, payout.rate, payout.currency, payout.at, money.locale);
  const figures: [string, ReactNode][] = fee
    ? [
        [t('field.fee'), <span className="num">{fmt(fee.fee)}</span>],
        [t('money.debit'), <span className="num">{fmt(fee.debit)}</span>],
        [t('money.arrives'), <b className="num">{arrives}</b>],
      ]
    : [];
  const send = () => {
    setTried(true);
    if (!amount.check() || !methodId || !pwd || (info.codeType !== 'none' && !code)) return;
    withdraw.clearError();
    setConfirming(true);
  };
  const confirmed = async () => {
    const body = { methodId, amount: platform!, fee: fee!.fee, fundPassword: pwd, ...(info.codeType !== 'none' ? { code } : {}) };
    // A refusal is said on the form, beside what was typed.
    if (await withdraw.run(body)) return;
    setConfirming(false);
    // Load the server's state again: after a fee change the form shows the fee now taken, after
    // wrong passwords the lock.
    setAgain((n) => n + 1);
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
          {heldUntil > 0 && (
            <p className="mnote down" role="status">{t('payoutHold.until', { time: ltr(formatDateTime(heldUntil, currentLocale())) })}</p>
          )}
        </div>
        <div className="code-row">
          <AmountField amount={amount} label={t('field.amount')} />
          {/* The server's most: amount + fee take the whole available balance, cents included. */}
          <button type="button" className="btn ghost" onClick={() => amount.fill(info.most)}>{t('account.all')}</button>
        </div>
        {fee && <Rows rows={figures} />}
        {rate && <p className="muted">{rate}</p>}
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
      {chosen && fee && (
        <WithdrawConfirm
          open={confirming}
          rows={[
            [t('moneyForms.withdrawTo'), <span>{t('money.kind.' + chosen.kind)} · <b className="num">{mask(chosen.account, chosen.kind)}</b></span>],
            [t('field.amount'), <span className="num">{fmt(platform)}</span>],
            ...figures,
          ]}
          note={rate || undefined}
          busy={withdraw.busy}
          onBack={() => setConfirming(false)}
          onConfirm={() => void confirmed()}
        />
      )}
    </Page>
  );
}
