/**
 * The one check of an amount against a minimum and a maximum, for the forms that refuse before
 * sending and for the server that refuses for good (orders, deposits, withdrawals, purchases).
 */
import { cmp, isDecimal } from './decimal.ts';

/** `below` the minimum, `above` the maximum, or null within them; a missing limit does not bind. */
export function outOfRange(amount: string, min?: string | null, max?: string | null): 'below' | 'above' | null {
  if (isDecimal(min) && cmp(amount, min as string) < 0) return 'below';
  if (isDecimal(max) && cmp(amount, max as string) > 0) return 'above';
  return null;
}
