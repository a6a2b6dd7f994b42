/**
 * A deposit typed in its channel's currency (reais and centavos on a bank channel, a coin's 8
 * decimals): read as every amount is (amount.ts), within the channel's limits converted inwards,
 * and what it credits by the rule the server checks it against (src/shared/currency-convert.ts).
 */
import { useState } from 'react';
import { t } from '../../i18n/index.ts';
import { ltr } from '../../lib/bidi.ts';
import { formatTime } from '../../lib/date.ts';
import type { PayChannel } from '../../shared/contract.ts';
import { creditFor, currencyDecimals, limitsIn } from '../../shared/currency-convert.ts';
import { inCurrency, rateOf } from '../in-currency.ts';
import { readAmount } from './amount.ts';

/** "Rate 1 USD = 5.2 BRL, as of 14:05:09": the rate and when the server gave it. */
export const rateLine = (base: string, rate: string, currency: string, at: number, locale: string): string =>
  t('moneyForms.rateAt', { ...rateOf(base, rate, currency), time: ltr(formatTime(at, locale)) });

export function usePayAmount(ch: PayChannel | null | undefined, locale: string) {
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  if (!ch) return null;
  const decimals = currencyDecimals(ch.type);
  const [min, max] = limitsIn(ch.minAmount, ch.maxAmount, ch.exchangeRate, decimals);
  const range = { min: inCurrency(min, ch.currency, locale), max: inCurrency(max, ch.currency, locale) };
  const reading = readAmount(text, { decimals, min, max });
  const pay = reading.ok ? reading.display : null;
  return {
    text,
    type: setText,
    /** The least and most to transfer, in the channel's currency. */
    limits: [min, max] as const,
    /** The amount to transfer as typed, when it can be booked. */
    pay,
    /** What the wallet is credited for it: the request's `amount`. */
    credit: pay ? creditFor(pay, ch.exchangeRate) : null,
    reason: !reading.ok && (tried || reading.why !== 'v.required') ? t(reading.why, { n: decimals, ...range }) : '',
    check: (): boolean => (setTried(true), reading.ok),
  };
}
