import { useEffect, useState } from 'react';
import { useLocation, useSearch } from '../app/location.ts';
import { t } from '../i18n/index.ts';
import { amount as amountRule } from '../lib/amount.ts';
import { filterAmount } from '../lib/filters.ts';
import { formatMoney, mul } from '../lib/money.ts';
import { flag } from '../stores/app.ts';
import { notify } from '../stores/notify.ts';
import type { PayChannel, PayChannelType } from '../shared/contract.ts';
import { submitRecharge } from '../api/money.ts';
import { Page } from '../ui/Page.tsx';
import { Field } from '../ui/Field.tsx';
import { Button } from '../ui/Button.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { Empty } from '../ui/List.tsx';
import { channels } from './channels.ts';
import { CopyButton } from './CopyButton.tsx';
import { PhotoUpload } from './PhotoUpload.tsx';
import { Rows, param, plain, useIdempotencyKey, useMoney, useTyped } from './view.tsx';

/**
 * A deposit on one channel (`?id=`): where to pay, how much (within the channel's limits, and what
 * that is in the channel's currency), the proof of payment, then the submit, which waits for the
 * upload when the platform asks for a proof.
 */
export function RechargeForm({ type }: { type: PayChannelType }) {
  const id = Number(param(useSearch(), 'id'));
  const [, go] = useLocation();
  const money = useMoney();
  const typed = useTyped();
  const [ch, setCh] = useState<PayChannel | null | undefined>();
  const [value, setValue] = useState('');
  const [proof, setProof] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const idem = useIdempotencyKey();
  const needProof = flag('rechargeVoucherOn');

  useEffect(() => {
    channels().then(
      (list) => setCh(list.find((c) => c.id === id && c.type === type) || null),
      () => setCh(null),
    );
  }, [id, type]);

  const title = t('route.' + (type === 'bank' ? 'recharge' : 'coinRecharge'));
  if (ch === undefined) return <Page title={title}><Skeleton kind="form" count={3} /></Page>;
  if (!ch) return <Page title={title}><Empty text={t('money.noChannel')} /></Page>;

  const [min, max] = typed.limits(ch.minAmount, ch.maxAmount);
  const invalid = amountRule(value, min, max);
  const lim = { min: typed.fmt(min), max: typed.fmt(max) };
  // What the user transfers, in the channel's currency: the platform amount at the channel's rate.
  const pay = (v: string) =>
    formatMoney(mul(typed.platform(v), ch.exchangeRate), { ...money, ratio: '1', rateOn: false, symbol: '', decimals: type === 'coin' ? 6 : 2 });
  const send = async () => {
    setTried(true);
    if (invalid || (needProof && !proof)) return;
    const body = { channelId: ch.id, amount: typed.platform(value), ...(proof ? { proofImage: proof } : {}) };
    setBusy(true);
    setError('');
    try {
      const d = await submitRecharge(body, idem.key(body));
      idem.done();
      notify(t('ok.recharge'), { type: 'success' });
      go('/rechargeDetail?orderNo=' + encodeURIComponent(d.orderNo), { replace: true });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const acct = type === 'bank' ? ch.cardNo : ch.address;
  return (
    <Page title={title}>
      <section className="mbox">
        <h2>{ch.name}</h2>
        <Rows
          rows={[
            ...(type === 'bank'
              ? ([[t('field.payee'), ch.payee], [t('field.bank'), ch.bankName]] as [string, string | null][])
              : ([[t('field.network'), ch.network]] as [string, string | null][])),
            [t(type === 'bank' ? 'field.cardNumber' : 'money.depositAddress'), <span className="num sel">{acct}</span>],
          ]}
        />
        {acct && <CopyButton text={acct} />}
        {ch.qrImage && <img className="qr" src={ch.qrImage} alt={t('money.addressQr')} width={168} height={168} />}
        {ch.remark && <p className="muted" dir="auto">{ch.remark}</p>}
      </section>
      <form className="form" onSubmit={(e) => (e.preventDefault(), void send())} noValidate>
        <Field
          label={t('money.rechargeAmount')}
          inputMode="decimal"
          value={value}
          onValue={(v) => setValue(filterAmount(v, typed.decimals))}
          error={tried && invalid ? t(invalid, lim) : undefined}
        />
        <p className="muted">
          {t('money.limits', lim)}
          {!invalid && (
            <>
              <br />
              {t('money.youPay')} <b className="num">{pay(value) + ' ' + ch.currency}</b>
              {' '}({t('money.rate')} <span className="num">{plain(ch.exchangeRate)}</span>)
            </>
          )}
        </p>
        {needProof && <PhotoUpload label={t('field.proof')} onUploaded={setProof} />}
        {tried && needProof && !proof && <small className="down" role="alert">{t('money.proofNeeded')}</small>}
        {error && <p className="down" role="alert">{error}</p>}
        <Button type="submit" block loading={busy} disabled={needProof && !proof}>{t('money.submitRecharge')}</Button>
      </form>
    </Page>
  );
}
