import { atom } from 'nanostores';

/**
 * Bumped by the `balance` push (docs/rules.md#push-channel), which follows every review outcome and every other
 * balance change: deposit and wallet records and the money screens reload when it moves.
 */
export const $moneyRefresh = atom(0);

export const refreshMoney = (): void => $moneyRefresh.set($moneyRefresh.get() + 1);

/** Bumped by the `expenses` push (docs/rules.md#push-channel): the withdrawal records reload when it moves. */
export const $expensesRefresh = atom(0);

export const refreshExpenses = (): void => $expensesRefresh.set($expensesRefresh.get() + 1);
