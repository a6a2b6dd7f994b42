// First-load path (through src/lib/number.ts): every byte here is downloaded before the app paints.
// The server's home page writes its prices with these too, in the language the app will pick.
import { intlNumber } from './intl-number.ts';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Decimals of a number as the server writes it (`65012.30` → 2). */
export const decimalsOf = (v: string | null | undefined): number => {
  const dot = v ? v.indexOf('.') : -1;
  return dot < 0 ? 0 : v!.length - dot - 1;
};

/**
 * A plain decimal string (`65447.53`) written the way of `locale` (`65.447,53` in pt-BR) with
 * `decimals` decimals (default: as written), grouped unless told not; '' for anything else.
 * Engines with Intl.NumberFormat v3 format the string exactly; older ones go through a double,
 * exact up to 15 significant digits.
 */
export const formatNumberIn = (locale: string, value: string, decimals = decimalsOf(value), grouping = true, sign = false): string =>
  DECIMAL.test(value) ? intlNumber(locale, decimals, grouping, '', sign).format(value as unknown as number) : '';

/**
 * A rate or change given in percent (`10` → `10%`, `1,53 %` in French); with `sign`, the sign of a
 * gain too (`+0.20%`). `E-2` makes it the fraction Intl's percent style expects, without a float
 * division.
 */
export const formatPercentIn = (locale: string, value: string | null | undefined, sign = false): string =>
  value && DECIMAL.test(value) ? intlNumber(locale, decimalsOf(value), false, 'percent', sign).format((value + 'E-2') as unknown as number) : '';
