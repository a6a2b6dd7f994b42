import { isDecimal } from './decimal.ts';
import { formatNumber } from './money.ts';

/**
 * A quote price with `precision` decimals, en-US style. Prices are not money: no symbol, ratio or
 * exchange rate, and by default no grouping, so a column of prices keeps its digits lined up.
 */
export function formatPrice(value: string | null | undefined, precision: number, grouping = false): string {
  return isDecimal(value) ? formatNumber(value as string, precision, grouping) : '';
}

