import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from '../../app/location.ts';
import { pathOf } from '../../app/paths.ts';
import { t } from '../../i18n/index.ts';
import type { PaymentMethod } from '../../shared/contract.ts';
import { post } from '../../api/client.ts';
import { myMethods } from '../api.ts';
import { notify } from '../../stores/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { Empty } from '../../ui/List.tsx';
import { Button } from '../../ui/Button.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { Rows } from '../parts/Rows.tsx';
import { useMask } from '../display.ts';
import './Methods.css';

const deleteMethod = (id: number) => post<null>('/h5/expenses/delcob', { id });

/** Manage payment methods (docs/rules.md#payment-methods): every bound method, masked; QR codes editable; each deletable. */
export default function Methods() {
  const [, go] = useLocation();
  const mask = useMask();
  const [list, setList] = useState<PaymentMethod[] | null | undefined>();
  const load = () => void myMethods().then(setList, () => setList(null));
  useEffect(load, []);
  const remove = async (m: PaymentMethod) => {
    if (!(await confirm({ message: t('money.deleteConfirm', { name: t('money.kind.' + m.kind) }) }))) return;
    await deleteMethod(m.id).then(() => notify(t('money.deleted'), { type: 'success' }), () => {});
    load();
  };
  return (
    <Page title={t('route.paymentMethod')}>
      {list === undefined && <Skeleton kind="rows" count={3} />}
      {list === null && <Empty text={t('ui.loadFailed')}><Button ghost onClick={load}>{t('ui.retry')}</Button></Empty>}
      {list && !list.length && <Empty text={t('money.noMethods')} />}
      {list && list.map((m) => (
        <article key={m.id} className="mcard">
          <header><b>{t('money.kind.' + m.kind)}</b><span className="muted">{m.bankName || m.network || (m.pixType && t('money.pix.' + m.pixType))}</span></header>
          <Rows
            rows={[
              [t(m.kind === 'coin' ? 'field.network' : 'field.payee'), <bdi>{(m.kind === 'coin' ? m.coin + ' ' + m.network : m.payee) || '–'}</bdi>],
              ...(m.account ? ([[t('money.account'), <span className="num">{mask(m.account, m.kind)}</span>]] as [string, ReactNode][]) : []),
            ]}
          />
          <div className="mact">
            {(m.kind === 'qr' || m.kind === 'paypay') && (
              <button type="button" onClick={() => go(pathOf('paymentCode') + '?id=' + m.id)}>{t('money.edit')}</button>
            )}
            <button type="button" onClick={() => remove(m)}>{t('money.delete')}</button>
          </div>
        </article>
      ))}
      {list && (
        <div className="form">
          <Button block onClick={() => go('/addPayment')}>{t('route.addPayment')}</Button>
        </div>
      )}
    </Page>
  );
}
