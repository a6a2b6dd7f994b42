import { useEffect, useState } from 'react';
import { useParam } from '../../app/location.ts';
import { t } from '../../i18n/index.ts';
import type { PaymentMethod } from '../../shared/contract.ts';
import { myCards } from '../api.ts';
import { Page } from '../../ui/Page.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { Empty } from '../../ui/List.tsx';
import { QrForm } from './QrForm.tsx';
import { PrivateImage } from '../parts/PrivateImage.tsx';

/** Payment code (docs/rules.md#payment-methods) (`?id=`): the current QR of a PayPay or QR method and a new photo for it. */
export default function PaymentCode() {
  const id = Number(useParam('id'));
  const [m, setM] = useState<PaymentMethod | null | undefined>();
  useEffect(() => {
    myCards().then((l) => setM(l.find((x) => x.id === id && (x.kind === 'paypay' || x.kind === 'qr')) || null), () => setM(null));
  }, [id]);
  return (
    <Page title={t('route.paymentCode')}>
      {m === undefined && <Skeleton kind="form" count={2} />}
      {m === null && <Empty text={t('money.noMethod')} />}
      {m && (
        <>
          {m.image && (
            <section className="mbox">
              <h2>{t('money.current')}</h2>
              <PrivateImage src={m.image} alt={t(m.kind === 'paypay' ? 'money.paypayQr' : 'field.paymentQr')} />
            </section>
          )}
          <QrForm kind={m.kind as 'qr' | 'paypay'} id={m.id} payee={m.payee || ''} />
        </>
      )}
    </Page>
  );
}
