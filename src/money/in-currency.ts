/** Money in a currency of its own (a deposit channel's, a PIX payout's reais), as the forms and records write it. */
import { ltr } from '../lib/bidi.ts';
import { formatBooked } from '../lib/booked.ts';
import { plain } from './display.ts';

/**
 * An amount in another currency, in the language's digits with the currency's code, one
 * left-to-right run: every decimal it has, at least `least` (a payout's centavos: `130,00 BRL`).
 */
export const inCurrency = (v: string, currency: string, locale: string, least = 0): string => ltr(formatBooked(v, locale, true, least) + ' ' + currency);

/** "1 USD = 5.2 BRL": the platform unit and what it is worth in the other currency, each side one run. */
export const rateOf = (base: string, rate: string, currency: string): { one: string; rate: string } => ({ one: ltr('1 ' + base), rate: ltr(plain(rate) + ' ' + currency) });

/** The rate written whole, as the records and the refusal of a moved rate write it. */
export const rateText = (base: string, rate: string, currency: string): string => {
  const r = rateOf(base, rate, currency);
  return r.one + ' = ' + r.rate;
};
