import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useParam } from '../../app/location.ts';
import { t } from '../../i18n/index.ts';
import type { PaymentMethodKind } from '../../shared/contract.ts';
import { $session } from '../../stores/session.ts';
import { flag } from '../../stores/app.ts';
import { Page } from '../../ui/Page.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { Empty } from '../../ui/List.tsx';
import { Button } from '../../ui/Button.tsx';
import type { QrForm } from './QrForm.tsx';
import { BankForm } from './BankForm.tsx';
import { PixForm } from './PixForm.tsx';
import { CoinForm } from './CoinForm.tsx';

const KINDS: readonly PaymentMethodKind[] = ['bank', 'pix', 'coin', 'qr', 'paypay'];

/** Add payment method (docs/rules.md#payment-methods): bank card, PIX key, wallet address, payment QR, PayPay QR (`?kind=`). */
export default function AddMethod() {
  const asked = useParam('kind');
  const [kind, setKind] = useState<PaymentMethodKind>(KINDS.find((k) => k === asked) || 'bank');
  // The payee must be the account's real name when the platform asks for it: start from that name.
  const realName = useStore($session).userInfo?.realName;
  const payee = (flag('realNameOn') && realName) || '';
  // The QR forms bring the photo upload with them: fetched once one is chosen, so adding a card or
  // a wallet does not download it. Offline, the failure says so and offers to try again.
  const qr = kind === 'qr' || kind === 'paypay';
  const [Qr, setQr] = useState<typeof QrForm | null>();
  const load = () => {
    setQr(undefined);
    import('./QrForm.tsx').then((m) => setQr(() => m.QrForm), () => setQr(null));
  };
  useEffect(() => {
    if (qr && !Qr) load();
  }, [qr]);
  return (
    <Page title={t('route.addPayment')}>
      <Tabs items={KINDS.map((key) => ({ key, label: t('money.kind.' + key) }))} value={kind} onChange={setKind} />
      {flag('realNameOn') && kind !== 'coin' && <p className="mnote muted" style={{ marginTop: 12 }}>{t('money.realNameRule')}</p>}
      {kind === 'bank' && <BankForm payee={payee} />}
      {kind === 'pix' && <PixForm payee={payee} />}
      {kind === 'coin' && <CoinForm />}
      {qr && (Qr ? <Qr key={kind} kind={kind} payee={payee} /> : Qr === null ? <Empty text={t('ui.loadFailed')}><Button ghost onClick={load}>{t('ui.retry')}</Button></Empty> : <Skeleton kind="form" count={2} />)}
    </Page>
  );
}
