import type { ContractOrder } from '../../shared/contract.ts';

/** The locale key of a finished order's outcome: win, loss, tie, or a refund with its reason as the server gave it. */
export const outcomeKey = (o: ContractOrder): string =>
  'order.result.' + (o.status !== 'refunded' ? o.result : o.refundReason === 'feed_gap' ? 'feedGap' : 'refunded');
