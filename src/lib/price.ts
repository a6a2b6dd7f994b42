import { formatNumber, numberFormat } from './number.ts';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Decimals of a number as the server writes it (`65012.30` → 2): the ticker's precision. */
export const precisionOf = (v: string | null | undefined): number => {
  const dot = v ? v.indexOf('.') : -1;
  return dot < 0 ? 0 : v!.length - dot - 1;
};

/**
 * A quote price with `precision` decimals (default: as many as the server wrote), grouped, in the
 * interface language's format. Prices are not money: no symbol, ratio or exchange rate. Home, the
 * quote screen and its picker all show prices through this.
 */
export const formatPrice = (value: string | null | undefined, precision = precisionOf(value)): string =>
  value && DECIMAL.test(value) ? formatNumber(value, precision, true) : '';

/**
 * A 24 h change given in percent (`-1.53` → `-1.53%`, `+0.20%`, `+1,53 %` in French), sign always
 * written. `E-2` makes it the fraction Intl's percent style expects without a float division.
 */
export const formatChange = (value: string | null | undefined): string =>
  value && DECIMAL.test(value)
    ? numberFormat(precisionOf(value), false, 'percent', true).format((value + 'E-2') as unknown as number)
    : '';
