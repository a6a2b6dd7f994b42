// Contract orders (docs/rules.md#contract-orders): placing one and the position lists.
import { IDEMPOTENCY_HEADER, type ContractOrder, type MyOrderListRequest, type Page, type SaveContactOrderRequest } from '../shared/contract.ts';
import { get, request } from './client.ts';

/**
 * Places an order. docs/rules.md#contract-orders: every field in the query string and an empty body; blocked while the
 * same order is still pending, and its failure reason may be one the operator words (customPrompt).
 * `key` is the submit's Idempotency-Key: a retry with the same key never places a second order.
 */
export const saveContactOrder = (req: SaveContactOrderRequest, key: string): Promise<ContractOrder> =>
  request<ContractOrder>('POST', '/h5/order/saveContactOrder', undefined, {
    params: { ...req },
    headers: { [IDEMPOTENCY_HEADER]: key },
    noRepeat: true,
    customPrompt: true,
  });

/** One page of the user's orders in a tab, newest first; lists show a failure in place, not in a banner. */
export const myOrderList = (req: MyOrderListRequest, signal?: AbortSignal): Promise<Page<ContractOrder>> =>
  get<Page<ContractOrder>>('/h5/order/myOrderList', { ...req }, { signal, noNotify: true });
