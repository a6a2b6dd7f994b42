/** A withdrawal row as the API answers it, the English names of the statuses, and a masked code target. */
import type { Withdrawal, WithdrawStatus } from '../../../src/shared/contract.ts';
import type { withdrawals } from '../../db/schema/index.ts';
import { recordOf } from '../common.ts';

type Row = typeof withdrawals.$inferSelect;

const WITHDRAWAL_COLUMNS = ['status', 'amount', 'fee', 'method', 'payee', 'bankName', 'account', 'network', 'remark', 'remarkKey'] as const;

/** What arrives is the amount (the fee is charged on top of it), in the payout's currency as fixed when submitted. */
export const toWithdrawal = (r: Row): Withdrawal => {
  const { payoutCurrency: currency, payoutAmount: amount, payoutRate: rate, payoutRateAt: at } = r;
  const payout = currency && amount && rate && at ? { currency, amount, rate, at: at.getTime() } : null;
  return { ...recordOf(r, WITHDRAWAL_COLUMNS), arrives: r.amount, payout };
};

export const WITHDRAW_STATUS_NAMES: Record<WithdrawStatus, string> = {
  reviewing: 'In progress',
  frozen: 'Frozen',
  waiting: 'Approved, awaiting payout',
  paying: 'Paying',
  paid: 'Successful withdrawal',
  succeeded: 'Completed',
  no_payout: 'Closed, nothing paid',
  rejected: 'Rejected',
  failed: 'Payout failed',
};

/** Where the code went, as the screen shows it: `ab***@mail.com`, `+55****4321`. */
export const maskTarget = (target: string) =>
  target.includes('@') ? target.replace(/^(.{1,2}).*(@.*)$/, '$1***$2') : target.replace(/^(.*)(\d{4})$/, (_, head: string, tail: string) => head.slice(0, 3) + '****' + tail);
