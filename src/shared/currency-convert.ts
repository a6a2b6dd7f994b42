/**
 * Amounts between the platform currency (what the ledger books) and a channel's or a payout's
 * currency, one rule for the server and the screens (docs/rules.md#amounts-in-another-currency).
 * `rate` is units of the other currency per platform unit. Rounding never gives more than the
 * money is worth: a credit for what the user paid, and a payout for what left the balance, are
 * cut toward zero, in the platform's favour by less than one smallest unit of the result.
 */
import { cmp, divide, mul, round } from './decimal.ts';

/** The platform's decimals (NUMERIC(20,8)). */
export const PLATFORM_DECIMALS = 8;

/**
 * Decimals a user may type, or is paid, in a channel's currency: a bank currency's cents (reais
 * and centavos), a coin's 8.
 */
export const currencyDecimals = (type: 'bank' | 'coin'): number => (type === 'bank' ? 2 : PLATFORM_DECIMALS);

/** What the user transfers for `amount` credited: amount × rate to 8 decimals, half up (the booked `payAmount`). */
export const payFor = (amount: string, rate: string): string => round(mul(amount, rate), PLATFORM_DECIMALS);

/** What the wallet is credited for `pay` transferred: pay ÷ rate, cut to 8 decimals. */
export const creditFor = (pay: string, rate: string): string => divide(pay, rate, PLATFORM_DECIMALS, 'down');

/** What a payout in another currency pays for `amount`: amount × rate, cut to `decimals`. */
export const payoutFor = (amount: string, rate: string, decimals: number): string => divide(mul(amount, rate), '1', decimals, 'down');

/** The least and most a user may type in the other currency for platform limits: inwards, to `decimals`. */
export const limitsIn = (min: string, max: string, rate: string, decimals: number): [min: string, max: string] => [
  divide(mul(min, rate), '1', decimals, 'up'),
  divide(mul(max, rate), '1', decimals, 'down'),
];

/** Whether `v` has no more than `decimals` digits after the point (trailing zeros do not count). */
export const fitsDecimals = (v: string, decimals: number): boolean => cmp(round(v, decimals), v) === 0;

/** A rate worth converting with: a positive decimal other than 1. */
export const converts = (rate: string): boolean => cmp(rate, 0) > 0 && cmp(rate, 1) !== 0;
