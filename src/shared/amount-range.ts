/**
 * The one check of an amount against a minimum and a maximum, for the forms that refuse before
 * sending and for the server that refuses for good (orders, deposits, withdrawals, purchases).
 */
import { cmp, isDecimal } from './decimal.ts';

/** -1 below the minimum, 1 above the maximum, 0 within them (as `cmp` answers); a missing limit does not bind. */
export function outOfRange(amount: string, min?: string | null, max?: string | null): -1 | 0 | 1 {
  return isDecimal(min) && cmp(amount, min as string) < 0 ? -1 : isDecimal(max) && cmp(amount, max as string) > 0 ? 1 : 0;
}
