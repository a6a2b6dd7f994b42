/** The settlement rule, apart from money and time so it reads as docs/rules.md#settlement states it. */
import type { OrderDirection, OrderResult } from '../../src/shared/contract.ts';

/**
 * `move`: the sign of close − open (-1, 0 or 1). Up wins on a rise, down on a fall. An unchanged
 * price is a tie (the amount comes back) when config `onlyPriceDifference` is on, a loss when off.
 */
export function outcome(direction: OrderDirection, move: number, onlyPriceDifference: boolean): OrderResult {
  if (move === 0) return onlyPriceDifference ? 'tie' : 'loss';
  return (move > 0) === (direction === 'up') ? 'win' : 'loss';
}
