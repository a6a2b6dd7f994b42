import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { currentLocale, t } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date.ts';
import type { Deposit } from '../../shared/contract.ts';
import { PrivateImage } from '../parts/PrivateImage.tsx';
import { Rows, Status } from '../parts/Rows.tsx';
import { plain, useFmt, useMask } from '../display.ts';
import { reasonText } from '../reason.ts';
import { formatBooked } from '../../lib/booked.ts';
import { get } from '../../api/client.ts';
import { quiet } from '../api.ts';
import { $moneyRefresh } from '../store.ts';
import { Detail } from './Detail.tsx';

const depositDetail = (orderNo: string) => get<Deposit>('/h5/recharge/depositDetail', { orderNo }, quiet);

/** Every field of a deposit (docs/rules.md#deposits), numbers masked (docs/rules.md#masks). */
function DepositView({ d }: { d: Deposit }) {
  const fmt = useFmt();
  const mask = useMask();
  const lang = currentLocale();
  const rows: [string, ReactNode][] = [
    [t('money.orderNo'), d.orderNo],
    [t('money.time'), <bdi>{formatDateTime(d.time, lang)}</bdi>],
    [t('money.channel'), d.channelName],
    [t('field.method'), t('money.kind.' + d.type)],
    [t('money.status'), <Status of="deposit" value={d.status} />],
    [t('field.amount'), <span className="num">{fmt(d.amount)}</span>],
    [t('money.youPay'), <span className="num">{formatBooked(d.payAmount, lang) + ' ' + d.currency}</span>],
    [t('money.rate'), <span className="num">{plain(d.exchangeRate)}</span>],
  ];
  if (d.type === 'bank') {
    rows.push([t('field.payee'), <bdi>{d.payee || '–'}</bdi>], [t('field.bank'), <bdi>{d.bankName || '–'}</bdi>], [t('field.cardNumber'), <span className="num">{mask(d.cardNo)}</span>]);
  } else {
    rows.push([t('field.network'), d.network || '–'], [t('money.depositAddress'), <span className="num">{mask(d.address, 'coin')}</span>]);
  }
  if (d.reviewedAt) rows.push([t('money.reviewedAt'), <bdi>{formatDateTime(d.reviewedAt, lang)}</bdi>]);
  if (d.rejectReason) rows.push([t('money.reason'), <b className="down"><bdi>{reasonText(d.rejectReasonKey, d.rejectReason)}</bdi></b>]);
  return (
    <>
      <Rows rows={rows} />
      {d.proofImage && (
        <>
          <p className="muted">{t('field.proof')}</p>
          <PrivateImage src={d.proofImage} alt={t('field.proof')} />
        </>
      )}
    </>
  );
}

/** Recharge detail (docs/rules.md#money-screens): every field, the review outcome as it arrives. */
export default function RechargeDetail() {
  return <Detail name="rechargeDetail" load={depositDetail} view={(d) => <DepositView d={d} />} refresh={useStore($moneyRefresh)} />;
}
