/**
 * What the payee of a withdrawal receives, as the server booked it (docs/rules.md#withdrawals): the
 * amount itself in the platform currency (the fee is charged on top), or the reais of a PIX payout
 * fixed when it was submitted, with the rate and when the server gave it. The operator pays out
 * exactly this, so it is written from the booked decimal string, never through a float.
 */
import type { Withdrawal } from '../shared/contract/withdrawals.ts';
import { currencyDecimals } from '../shared/currency-convert.ts';
import { formatBooked } from '../lib/booked.ts';
import { language, pageWords } from './i18n.ts';
import { money, when } from './format.ts';

const words = pageWords({
  en: { receives: 'Payee receives', rate: 'Rate' },
  'pt-BR': { receives: 'O favorecido recebe', rate: 'Câmbio' },
  ar: { receives: 'يستلم المستفيد', rate: 'سعر الصرف' },
});

export function Receives({ w }: { w: Pick<Withdrawal, 'arrives' | 'payout'> }) {
  const p = w.payout;
  return (
    <div>
      <dt>{words('receives')}</dt>
      <dd>
        {p ? (
          <>
            {/* A bank payout's centavos are always written, as the user's form and records write them. */}
            <span dir="ltr">{formatBooked(p.amount, language(), true, currencyDecimals('bank'))} {p.currency}</span>
            <br />
            <small>
              {words('rate')} <span dir="ltr">{money('1')} = {formatBooked(p.rate, language(), false)} {p.currency}</span>
              <br />
              <bdi>{when(p.at)}</bdi>
            </small>
          </>
        ) : (
          <span dir="ltr">{money(w.arrives)}</span>
        )}
      </dd>
    </div>
  );
}
