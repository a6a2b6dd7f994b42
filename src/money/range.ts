/** Money ranges ("min – max"); apart from booked.ts, as only a few screens show one. */
import { isDecimal } from '../shared/decimal.ts';
import { formatMoney, prepare, shownValue } from '../lib/booked.ts';
import type { MoneySettings } from './settings.ts';
import { intlNumber } from '../shared/intl-number.ts';
import { decimalsOf } from '../lib/number.ts';

/** Intl.NumberFormat v3 (Chrome 106), beyond the ES2017 library the app is typed against. */
type RangeFormat = { formatRange?: (start: number, end: number) => string };

const LRI = '\u2066';
const PDI = '\u2069';
/** Marks Intl puts around numbers in right-to-left languages; the isolates below do their job. */
const MARKS = /[\u200e\u200f\u061c]/g;

/**
 * "min – max" as one left-to-right isolate with each amount isolated inside it, so Arabic text
 * around it, or the marks Intl writes into Arabic amounts, never reorder the two. Intl's own range
 * (`$5–10`, `5–10 $`) where the engine has `formatRange` (Chrome 106), else the two amounts
 * joined by an en dash. '' while either is not a decimal.
 */
export function formatMoneyRange(min: string | null | undefined, max: string | null | undefined, s: MoneySettings): string {
  if (!isDecimal(min) || !isDecimal(max)) return '';
  // Both ends exact, with as many decimals as the longer one has.
  const v = shownValue(min as string, s);
  const w = shownValue(max as string, s);
  const least = Math.max(s.decimals, decimalsOf(v), decimalsOf(w));
  const [, nf, symbol] = prepare(v, least, s, {});
  if (v == w) return LRI + formatMoney(min, s) + PDI;
  const a = v as unknown as number;
  const b = w as unknown as number;
  const plain = intlNumber(s.locale, least, s.thousands);
  const x = plain.format(a);
  const y = plain.format(b);
  // Intl's range with the configured symbol; its `source` of each part is not used, as V8 shifts
  // it by one part when the currency has a space (`USD 100.00–50,000.00`).
  const range = (nf as RangeFormat).formatRange;
  let text = range && +v < +w ? range.call(nf, a, b).replace(MARKS, '').replace(/US\$|\$|USD/g, () => symbol) : '';
  const i = text.indexOf(x);
  const j = i < 0 ? -1 : text.indexOf(y, i + x.length);
  text =
    j < 0
      ? LRI + formatMoney(min, s) + PDI + ' – ' + LRI + formatMoney(max, s) + PDI
      : text.slice(0, i) + LRI + x + PDI + text.slice(i + x.length, j) + LRI + y + PDI + text.slice(j + y.length);
  return LRI + text + PDI;
}
