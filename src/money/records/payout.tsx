/** A withdrawal's payout in another currency as its records show it: the reais, the rate and when it was given. */
import { formatDateTime } from '../../lib/date.ts';
import type { WithdrawalPayout } from '../../shared/contract.ts';
import { currencyDecimals } from '../../shared/currency-convert.ts';
import { inCurrency, rateText } from '../in-currency.ts';

/** "136,51 BRL": a bank payout's centavos always written, as the form and its confirmation wrote them. */
export const payoutText = (p: WithdrawalPayout, locale: string): string => inCurrency(p.amount, p.currency, locale, currencyDecimals('bank'));

/** "1 USD = 5.43219 BRL" over the date and time the rate was given. */
export function PayoutRate({ p, base, lang }: { p: WithdrawalPayout; base: string; lang: string }) {
  return (
    <span className="num">
      {rateText(base, p.rate, p.currency)}
      <br />
      <small className="muted"><bdi>{formatDateTime(p.at, lang)}</bdi></small>
    </span>
  );
}
