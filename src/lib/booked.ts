/**
 * The one way a booked amount reaches a screen, in the app and in the operator console
 * (docs/rules.md#booked-money-shown). An amount the platform booked (NUMERIC, up to 8 decimals),
 * times the configured ratio and exchange rate, is shown exactly: every decimal it has, trailing
 * zeros trimmed down to the configured decimals (`moneyDecimals`, the fewest shown), written by
 * Intl in the reader's language with the configured symbol. 45.10 booked reads `$45.1` with 0
 * decimals configured and `$45.10` with 2, never `$45`: nothing booked is rounded out of sight.
 * Under a ratio × rate that is not a power of ten the product has digits below what the platform's
 * 8 decimals can tell apart; it is shown to the 8 decimals' precision in display units, so an
 * amount typed, booked and shown back is the typed number (money-rule.ts).
 * How many decimals a user may type is another rule (money-rule.ts, forms/amount.ts).
 * test/unit/money-shown.test.ts fails on a screen that writes money any other way.
 */
import { isDecimal, mul, round, trimZeros } from '../shared/decimal.ts';
import { intlNumber } from '../shared/intl-number.ts';
import type { MoneySettings } from '../money/settings.ts';

export interface MoneyOptions {
  /** Show the currency symbol (default true). */
  symbol?: boolean;
  /** Write the sign of a gain too (`+$10`), for profit and loss. */
  sign?: boolean;
}

/**
 * Decimals of a booked amount in display units: the platform's 8 less ⌈log10(r)⌉ for r = ratio ×
 * rate, so one platform unit keeps its place (all of them for 1 or another power of ten) and the
 * half unit a typed amount's conversion may move is rounded off again.
 */
function precision(r: string): number {
  // The significant digits less the decimals place the first digit; a power of ten takes one less.
  const digits = r.replace('.', '').replace(/^0+/, '');
  return Math.max(0, 8 - digits.length + (r.split('.')[1] || '').length + (/^10*$/.test(digits) ? 1 : 0));
}

/** What a booked amount is in the display currency: × ratio × rate, without trailing zeros. */
export function shownValue(value: string, s: MoneySettings): string {
  const r = s.rateOn ? mul(s.ratio, s.rate) : s.ratio;
  return round(mul(value, r), precision(r));
}

/** All the decimals of a plain decimal, at least `least`, at most Intl's 20 (ES2017): no ratio of 4 decimals gets near it. */
const places = (v: string, least = 0): number => {
  const dot = v.indexOf('.');
  return Math.min(20, Math.max(least, dot < 0 ? 0 : v.length - dot - 1));
};

/** The right-to-left marks Intl writes into Arabic amounts: an amount is a left-to-right isolate, where they only pull it apart. */
const MARKS = /[\u200e\u200f\u061c]/g;

/** The exact number, its format (all its decimals, at least `least`) and the symbol in place of Intl's currency. */
export function prepare(v: string, least: number, s: Pick<MoneySettings, 'symbol' | 'thousands' | 'locale'>, o: MoneyOptions): [string, Intl.NumberFormat, string] {
  const symbol = (o.symbol !== false && s.symbol) || '';
  // A symbol without cased letters (`$`, `€`, `฿`) sits like a currency sign, one with them (`USDT`,
  // `R$`) like a code, with its space. Not `\p{L}`: Chrome < 64 cannot build that RegExp.
  const unit = !symbol ? '' : symbol.toUpperCase() == symbol.toLowerCase() ? 'symbol' : 'code';
  return [v, intlNumber(s.locale, places(v, least), s.thousands, unit, o.sign), symbol];
}

/**
 * A booked amount (a platform amount, decimal string) as the user sees it under the configured
 * display; '' for anything not a decimal (still loading). A display amount (typed, a limit) goes
 * through `asDisplayed(settings)` (money-rule.ts), which applies no ratio again.
 */
export function formatMoney(value: string | null | undefined, s: MoneySettings, o: MoneyOptions = {}): string {
  if (!isDecimal(value)) return '';
  const [n, nf, symbol] = prepare(shownValue(value as string, s), s.decimals, s, o);
  const x = n as unknown as number;
  // Chrome < 64 has no NumberFormat formatToParts: the dollar sign or code Intl wrote is swapped instead.
  const text = (
    nf.formatToParts ? nf.formatToParts(x).map((p) => (p.type === 'currency' ? symbol : p.value)).join('') : nf.format(x).replace(/US\$|\$|USD/, symbol || '')
  ).replace(MARKS, '');
  // Chrome < 77 ignores signDisplay: the plus sign of a gain is written here.
  return o.sign && +n > 0 && intlNumber('en', 0, false, '', true).format(1) != '+1' ? '+' + text : text;
}

/**
 * A booked amount in its own unit (no ratio, no symbol), in `locale`, grouped unless told not, with
 * every decimal it has and at least `least`: the operator console's figures, a deposit's amount in
 * the currency it was paid in, a payout in reais to the centavo.
 */
export function formatBooked(value: string | null | undefined, locale: string, grouped = true, least = 0): string {
  if (value == null) return '';
  const v = trimZeros(value);
  return intlNumber(locale, places(v, least), grouped).format(v as unknown as number).replace(MARKS, '');
}
