/**
 * What each withdrawal status means for the money: still frozen, paid out, or returned to the
 * balance. The server books by these groups; the app colours and explains by the same ones.
 */
import type { WithdrawStatus } from './contract.ts';

/** Amount + fee still sit in the frozen amount. */
export const OPEN_WITHDRAW_STATUSES: readonly WithdrawStatus[] = ['reviewing', 'frozen', 'waiting', 'paying'];
/** Amount + fee left the frozen amount: paid out. */
export const PAID_OUT_WITHDRAW_STATUSES: readonly WithdrawStatus[] = ['paid', 'succeeded'];
/** Amount + fee went back to the balance, with the operator's reason; they do not count against the daily total. */
export const RETURNED_WITHDRAW_STATUSES: readonly WithdrawStatus[] = ['rejected', 'failed', 'no_payout'];

/** Whether the money of a withdrawal in `status` was returned (a deposit's `rejected` reads the same). */
export const moneyReturned = (status: string): boolean => (RETURNED_WITHDRAW_STATUSES as readonly string[]).indexOf(status) >= 0;
