/**
 * The one rule between the amounts a user sees or types (display amounts) and the amounts the
 * platform books (platform amounts: the server's decimal strings, NUMERIC(20,8)).
 *
 *   display  = platform × num ÷ den, rounded to the rule's display decimals
 *   platform = display × den ÷ num, rounded half up to 8 decimals
 *
 * For money `num` is the configured ratio times the exchange rate (`h5ExchangeRate`, only when
 * `exchangeRateOn`), `den` is 1: what formatMoney shows. For an amount in a coin (`coinRate`, the
 * price of one coin in the platform currency) `num` is 1 and `den` the coin's rate; no ratio.
 *
 * A typed amount goes to the server as toPlatform(typed); the server books and records that, and
 * shows it back as toDisplay(it), which is the typed number again: the rounding to 8 decimals moves
 * it by at most num/den × 0.5e-8, less than half a display unit while num/den < 10^(8 - decimals).
 * Platform amounts (a balance, a fee, what arrives) are shown with formatMoney(v, settings); display
 * amounts (the typed one, limits) with formatMoney(v, asDisplayed(settings)).
 * Limits a user must stay within are shown rounded inwards (minimum up, maximum down), so typing
 * the shown limit is always accepted, and checking the display amount against the shown limits
 * agrees with the server checking the platform amount against its own.
 */
import { cmp, divide, mul, round, sub } from '../shared/decimal.ts';
import type { MoneySettings } from './settings.ts';

export interface MoneyRule {
  num: string;
  den: string;
  /** Decimals of a display amount: what a user may type and what is shown. */
  decimals: number;
}

/** Money amounts under the configured ratio and exchange rate (display settings: docs/rules.md#numbers-and-money-display). */
export const moneyRule = (s: MoneySettings): MoneyRule => ({
  num: s.rateOn ? mul(s.ratio, s.rate) : s.ratio,
  den: '1',
  decimals: s.decimals,
});

/** Amounts counted in a coin worth `rate` platform units each (`coinRate[coin]`). */
export const coinRule = (rate: string, decimals = 8): MoneyRule => ({ num: '1', den: rate, decimals });

const PLATFORM_DECIMALS = 8;

const parts = (v: string): [neg: boolean, abs: string] => (v.trim()[0] === '-' ? [true, sub(0, v)] : [false, v]);

/**
 * A platform amount as a display amount with exactly the rule's decimals, e.g. for a field or a
 * comparison; `mode` as in decimal.ts's `divide` (balances `down`, a minimum `up`).
 */
export function toDisplay(platform: string, rule: MoneyRule, mode: 'half' | 'down' | 'up' = 'half'): string {
  const [neg, abs] = parts(platform);
  const v = divide(mul(abs, rule.num), rule.den, rule.decimals, mode);
  return neg && cmp(v, 0) ? '-' + v : v;
}

/** What the server receives for a typed display amount: exact, at most 8 decimals, no trailing zeros. */
export function toPlatform(display: string, rule: MoneyRule): string {
  const [neg, abs] = parts(display);
  const v = round(divide(mul(abs, rule.den), rule.num, PLATFORM_DECIMALS), PLATFORM_DECIMALS);
  return neg && cmp(v, 0) ? '-' + v : v;
}

/**
 * Settings that show a display amount as it is (no ratio or rate applied again), for
 * `formatMoney(typed, asDisplayed(settings))`: the typed amount, a limit from displayLimits.
 */
export const asDisplayed = (s: MoneySettings): MoneySettings => ({ ...s, ratio: '1', rateOn: false });

/** Platform limits as the display amounts to show and to check typed amounts against (inwards). */
export const displayLimits = (min: string, max: string, rule: MoneyRule): [min: string, max: string] => [
  toDisplay(min, rule, 'up'),
  toDisplay(max, rule, 'down'),
];
