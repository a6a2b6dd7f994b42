import { useState } from 'react';
import { t } from '../../i18n/index.ts';
import { required } from '../../lib/validators.ts';
import { goBack } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { keyed } from '../api.ts';
import { guarded } from '../../factor/with-factor.ts';
import type { BindCardQrRequest, PaymentMethod } from '../../shared/contract.ts';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { PhotoUpload } from './PhotoUpload.tsx';
import { useMoneySubmit } from '../submit.ts';

const bindCardQr = (body: BindCardQrRequest, key: string) => keyed<PaymentMethod>('/h5/expenses/bindCardQr', body, key);

interface Props {
  kind: 'qr' | 'paypay';
  /** Replaces the image of this method (the edit screen) instead of adding one. */
  id?: number;
  payee?: string;
}

/** A payment QR code or a PayPay QR: payee and the code's photo; saved once the photo is up. */
export function QrForm({ kind, id, payee: first = '' }: Props) {
  const [payee, setPayee] = useState(first);
  const [image, setImage] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useMoneySubmit(guarded(bindCardQr), () => {
    notify(t('ok.methodSaved'), { type: 'success' });
    goBack('/paymentMethod');
  });
  const send = () => {
    setTried(true);
    if (required(payee) || !image) return;
    const body: BindCardQrRequest = { kind, payee: payee.trim(), image, ...(id ? { id } : {}) };
    void run(body);
  };
  return (
    <form className="form" onSubmit={(e) => (e.preventDefault(), send())} noValidate>
      <Field label={t('field.payee')} maxLength={64} value={payee} onValue={setPayee} error={tried && required(payee) ? t('v.required') : undefined} />
      <PhotoUpload label={t(kind === 'paypay' ? 'money.paypayQr' : 'field.paymentQr')} onUploaded={setImage} />
      {tried && !image && <small className="down" role="alert">{t('money.qrNeeded')}</small>}
      {error && <p className="down" role="alert">{error}</p>}
      <Button type="submit" block loading={busy} disabled={!image}>{t('money.save')}</Button>
    </form>
  );
}
