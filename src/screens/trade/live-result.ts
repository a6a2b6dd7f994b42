/** What an order would pay if it settled at `price`, and the words for a settlement the user just saw happen. */
import { cmp, isDecimal } from '../../shared/decimal.ts';
import type { ContractOrder, OrderResult } from '../../shared/contract.ts';

/**
 * The running result of an open order at the polled price, as settlement would decide it: up wins
 * above the open price, down below it; an unchanged price is a tie (amount back) while
 * `onlyPriceDifference` is on, else a loss. A win's profit is the estimated income, a loss's the amount.
 */
export function runningResult(o: ContractOrder, price: string | undefined, onlyPriceDifference: boolean): { result: OrderResult; profit: string } | null {
  if (!price || !isDecimal(price) || !isDecimal(o.openPrice)) return null;
  const move = cmp(price, o.openPrice);
  const result: OrderResult = move === 0 ? (onlyPriceDifference ? 'tie' : 'loss') : (move > 0) === (o.direction === 'up') ? 'win' : 'loss';
  return { result, profit: result === 'win' ? o.estimatedIncome : result === 'loss' ? '-' + o.amount : '0' };
}

/**
 * Orders that were open when last seen and are settled in `now`: each is said once. `seen` keeps
 * the open order numbers between loads and is updated in place.
 */
export function newlySettled(seen: Set<string>, now: ContractOrder[]): ContractOrder[] {
  const out = now.filter((o) => o.status === 'settled' && seen.has(o.orderNo));
  for (const o of out) seen.delete(o.orderNo);
  for (const o of now) if (o.status === 'open') seen.add(o.orderNo);
  return out;
}
