import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation, useParam } from '../../app/location.ts';
import { t } from '../../i18n/index.ts';
import { mul, round } from '../../shared/decimal.ts';
import { formatBooked } from '../../lib/booked.ts';
import { ltr } from '../../lib/bidi.ts';
import { $app, flag } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import type { PayChannel, PayChannelType } from '../../shared/contract.ts';
import { submitRecharge } from '../api.ts';
import { Page } from '../../ui/Page.tsx';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { Empty } from '../../ui/List.tsx';
import { channels, forgetChannels } from '../channels.ts';
import { converts } from '../../shared/currency-convert.ts';
import { formWords } from './form-words.ts';
import { rateLine, usePayAmount } from './other-currency.ts';
import { inCurrency, rateText } from '../in-currency.ts';
import { CopyButton } from '../parts/CopyButton.tsx';
import { PhotoUpload } from './PhotoUpload.tsx';
import { AmountField, useAmount } from './AmountField.tsx';
import { useMoneySubmit } from '../submit.ts';
import { Rows } from '../parts/Rows.tsx';
import { useFmt, useMoney } from '../display.ts';

/**
 * A deposit on one channel (`?id=`): where to pay (each account field with a copy button), how
 * much (the limits and, as the user types, the amount to pay in both currencies, the one to pay
 * with a copy button), the proof of payment, then the submit, which waits for the upload when the
 * platform asks for a proof. On a channel in another currency the user may type either one: what
 * they transferred (reais with centavos), with what it credits as they type, or what to credit.
 */
export function RechargeForm({ type }: { type: PayChannelType }) {
  const id = Number(useParam('id'));
  const [, go] = useLocation();
  const money = useMoney();
  const fmt = useFmt();
  const base = useStore($app, { keys: ['currency'] }).currency || money.symbol;
  const [ch, setCh] = useState<PayChannel | null | undefined>();
  const [reload, setReload] = useState(0);
  const [words, setWords] = useState(false);
  const [inPay, setInPay] = useState(false);
  const payAmount = usePayAmount(ch, money.locale);
  const [proof, setProof] = useState('');
  const [tried, setTried] = useState(false);
  const needProof = flag('rechargeVoucherOn');
  const amount = useAmount(money, ch ? [ch.minAmount, ch.maxAmount] : null);
  const deposit = useMoneySubmit(submitRecharge, (d) => {
    notify(t('ok.recharge'), { type: 'success' });
    go('/rechargeDetail?orderNo=' + encodeURIComponent(d.orderNo), { replace: true });
  });

  useEffect(() => {
    formWords().then(() => setWords(true), () => setWords(true));
  }, []);
  useEffect(() => {
    channels().then(
      (list) => setCh(list.find((c) => c.id === id && c.type === type) || null),
      () => setCh(null),
    );
  }, [id, type, reload]);
  // The server refused the credit shown: the rate moved. Show the new one; the typed amount stays.
  const moved = deposit.failure?.key === 'recharge.rateChanged';
  useEffect(() => {
    if (moved) (forgetChannels(), setReload((n) => n + 1));
  }, [moved, deposit.failure]);

  const title = t('route.' + (type === 'bank' ? 'recharge' : 'coinRecharge'));
  if (ch === undefined || !words) return <Page title={title}><Skeleton kind="form" count={3} /></Page>;
  if (!ch) return <Page title={title}><Empty text={t('money.noChannel')} /></Page>;

  // What the user transfers, in the channel's currency: the platform amount at the channel's rate,
  // exactly as the server books it (to 8 decimals), so the deposit's record says the same.
  const pay = (platform: string, grouped = true) => formatBooked(round(mul(platform, ch.exchangeRate), 8), money.locale, grouped);
  // Typed in the channel's currency: what was transferred, and the credit it gives by the server's rule.
  const typed = converts(ch.exchangeRate) && inPay ? payAmount! : null;
  const send = () => {
    setTried(true);
    if (!(typed ? typed.check() : amount.check()) || (needProof && !proof)) return;
    const sum = typed ? { amount: typed.credit!, payAmount: typed.pay! } : { amount: amount.platform! };
    void deposit.run({ channelId: ch.id, ...sum, ...(proof ? { proofImage: proof } : {}) });
  };

  const acct = type === 'bank' ? ch.cardNo : ch.address;
  // The refusal's figures in the user's numbers: the credit as booked money, the rate as the rate line writes it.
  const now = moved ? deposit.failure?.params : undefined;
  const refusal = now && typeof now.amount === 'string' && typeof now.rate === 'string'
    ? t('err.recharge.rateChanged', { amount: ltr(fmt(now.amount)), rate: rateText(base, now.rate, ch.currency) })
    : deposit.error;
  return (
    <Page title={title}>
      <section className="mbox">
        <h2>{ch.name}</h2>
        <Rows
          rows={[
            ...(type === 'bank'
              ? ([[t('field.payee'), copyable(ch.payee)], [t('field.bank'), copyable(ch.bankName)]] as [string, ReactNode][])
              : ([[t('field.network'), ch.network]] as [string, ReactNode][])),
            [t(type === 'bank' ? 'field.cardNumber' : 'money.depositAddress'), copyable(acct, 'num')],
          ]}
        />
        {ch.qrImage && <img className="qr" src={ch.qrImage} alt={t('money.addressQr')} width={168} height={168} />}
        {ch.remark && <p className="muted" dir="auto">{ch.remark}</p>}
      </section>
      <form className="form" onSubmit={(e) => (e.preventDefault(), void send())} noValidate>
        {converts(ch.exchangeRate) && (
          <div className="mpick two" role="radiogroup" aria-label={t('moneyForms.typeIn')}>
            {[base, ch.currency].map((c, i) => (
              <label key={c}>
                <input type="radio" name="cur" checked={inPay === !!i} onChange={() => setInPay(!!i)} />
                <span>{c}</span>
              </label>
            ))}
          </div>
        )}
        {typed ? (
          <AmountField amount={typed} label={t('moneyForms.transfer', { currency: ch.currency })} />
        ) : (
          <AmountField amount={amount} label={t('money.rechargeAmount')} />
        )}
        <p className="muted">
          {t('money.limits', amount.range)}
          <br />
          {t('money.limitsIn', {
            currency: ch.currency,
            min: ltr(typed ? formatBooked(typed.limits[0], money.locale) : pay(ch.minAmount)),
            max: ltr(typed ? formatBooked(typed.limits[1], money.locale) : pay(ch.maxAmount)),
          })}
          <br />
          {rateLine(base, ch.exchangeRate, ch.currency, ch.rateAt, money.locale)}
        </p>
        {typed ? (
          typed.credit && (
            <div className="mpay">
              <span>
                {t('moneyForms.credited')} <b className="num">{fmt(typed.credit)}</b>
                <small className="muted">{' = '}<span className="num">{inCurrency(typed.pay!, ch.currency, money.locale)}</span></small>
              </span>
            </div>
          )
        ) : amount.platform && (
          <div className="mpay">
            <span>
              {t('money.youPay')} <b className="num">{pay(amount.platform) + ' ' + ch.currency}</b>
              <small className="muted">{' = '}<span className="num">{amount.fmt(amount.display!)}</span></small>
            </span>
            <CopyButton text={pay(amount.platform, false)} />
          </div>
        )}
        {needProof && <PhotoUpload label={t('field.proof')} onUploaded={setProof} />}
        {tried && needProof && !proof && <small className="down" role="alert">{t('money.proofNeeded')}</small>}
        {refusal && <p className="down" role="alert">{refusal}</p>}
        <Button type="submit" block loading={deposit.busy} disabled={needProof && !proof}>{t('money.submitRecharge')}</Button>
      </form>
    </Page>
  );
}

/** An account field's value with a button that copies it. */
const copyable = (v: string | null, cls = '') =>
  v ? (
    <span className="mcopy">
      <span className={cls + ' sel'}>{v}</span>
      <CopyButton text={v} />
    </span>
  ) : null;
