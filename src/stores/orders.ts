import { atom } from 'nanostores';

/**
 * Bumped when the user's orders may have changed (an order placed, a `balance` push after a
 * settlement, a countdown that ran out): position lists reload their first page when it moves.
 */
export const $orderRefresh = atom(0);

export const refreshOrders = (): void => $orderRefresh.set($orderRefresh.get() + 1);
