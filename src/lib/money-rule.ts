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
import { add, cmp, fixed, mul, round, sub } from '../shared/decimal.ts';
import type { MoneySettings } from './money.ts';

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

/** `a` × 10^n for a non-negative decimal, as a whole number string (`a` has at most n decimals). */
const shift = (a: string, n: number): string => round(mul(a, '1' + '0'.repeat(n)), 0);

/**
 * `a ÷ b` for non-negative `a` and positive `b`, exact to `places` decimals then rounded: half up,
 * `down` toward zero or `up` away from it. Long division on decimal strings; no floats.
 */
function divide(a: string, b: string, places: number, mode: 'half' | 'down' | 'up' = 'half'): string {
  const fa = a.indexOf('.') < 0 ? 0 : a.length - a.indexOf('.') - 1;
  const fb = b.indexOf('.') < 0 ? 0 : b.length - b.indexOf('.') - 1;
  const k = Math.max(fa, fb);
  // Both as whole numbers of the same scale, then one more digit than asked for the rounding.
  const n = shift(a, k) + '0'.repeat(places + 1);
  const d = shift(b, k);
  let q = '';
  let r = '0';
  for (const c of n) {
    r = add(mul(r, 10), c);
    let digit = 0;
    while (cmp(r, d) >= 0) {
      r = sub(r, d);
      digit++;
    }
    q += digit;
  }
  const last = +q[q.length - 1];
  let whole = q.slice(0, -1) || '0';
  const exactCut = last === 0 && r === '0';
  if ((mode === 'half' && last >= 5) || (mode === 'up' && !exactCut)) whole = add(whole, 1);
  return fixed(mul(whole, '1e-' + places), places);
}

const parts = (v: string): [neg: boolean, abs: string] => (v.trim()[0] === '-' ? [true, sub(0, v)] : [false, v]);

/**
 * A platform amount as a display amount with exactly the rule's decimals, e.g. for a field or a
 * comparison; `mode` as in `divide` (balances `down`, a minimum `up`).
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
