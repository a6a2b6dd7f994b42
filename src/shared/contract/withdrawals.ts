import type { Decimal } from './common.ts';
import type { PaymentMethodKind } from './payment-methods.ts';

/**
 * Withdrawal statuses (docs/rules.md#withdrawal-statuses). While `reviewing`, `frozen`, `waiting` or `paying`, amount + fee
 * sit in the frozen amount. `paid` and `succeeded` remove them from frozen (paid out);
 * `rejected`, `failed` and `no_payout` return them to the balance, with the operator's reason.
 * - reviewing: "In progress" — submitted, waiting for review
 * - frozen: "Frozen" — held by the operator for checks
 * - waiting: "Approved, awaiting payout" — approved for payment
 * - paying: "Paying" — the payout is on its way
 * - paid: "Successful withdrawal" — paid out
 * - succeeded: "Completed" — completed by the operator outside the payout queue
 * - no_payout: "Closed, nothing paid" — closed without paying out; funds returned
 * - rejected: "Rejected" — refused at review; funds returned
 * - failed: "Payout failed" — the payout failed; funds returned
 */
export const WITHDRAW_STATUSES = ['reviewing', 'frozen', 'waiting', 'paying', 'paid', 'succeeded', 'no_payout', 'rejected', 'failed'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

/** How the fee of a withdrawal is computed: max(amount × rate / 100, min) + fixed, rounded to 8 decimals. */
export interface FeeRule {
  /** Percent of the amount. */
  rate: Decimal;
  /** Smallest percentage part. */
  min: Decimal;
  fixed: Decimal;
}

/**
 * `GET /h5/expenses/getExpensesMoney` (optional query `amount`): what the withdraw screen shows.
 * `quote` is present when `amount` was sent: the server's fee and what arrives for that amount; an
 * amount outside the limits is refused with the submit's message (`withdraw.belowMin`,
 * `withdraw.aboveMax`, `withdraw.aboveTotal`).
 */
export interface ExpensesMoney {
  /** Available balance (what can be frozen for amount + fee). */
  available: Decimal;
  frozen: Decimal;
  feeRule: FeeRule;
  minAmount: Decimal;
  /** VIP maximum single withdrawal. */
  maxSingle: Decimal;
  /** VIP maximum total per day (UTC), and what is left of it today. */
  maxTotal: Decimal;
  remainingTotal: Decimal;
  /**
   * The most one withdrawal may be now: the largest amount whose amount + fee the available
   * balance covers, within the limits ("All" on the withdraw screen); '0' when nothing fits.
   */
  most: Decimal;
  /** A verification code is needed when `sms` or `email` (config `money.withdrawCodeType`). */
  codeType: 'none' | 'sms' | 'email';
  hasFundPassword: boolean;
  /** Locked after 5 wrong fund passwords: epoch ms when withdrawing opens again, else null. */
  lockedUntil: number | null;
  /** True only when payouts are configured to skip review (config `money.withdrawRealTime`). Never true today. */
  realTime: boolean;
  /** True only when the fee rule is all zeros. */
  free: boolean;
  quote?: WithdrawQuote;
  /**
   * Payouts paid in another currency: a PIX withdrawal pays reais (config `money.pixRate`, BRL
   * per platform unit; none when 0). What arrives is amount × rate cut to `decimals`.
   */
  payouts: PayoutRate[];
}

export interface PayoutRate {
  kind: 'pix';
  currency: string;
  rate: Decimal;
  decimals: number;
  /** When the server gave this rate (epoch ms). */
  at: number;
}

export interface WithdrawQuote {
  amount: Decimal;
  fee: Decimal;
  /** amount + fee: what leaves the balance. */
  debit: Decimal;
  /** What the payee receives: the amount. */
  arrives: Decimal;
}

/**
 * `POST /h5/expenses/submitExpenses` (alias `POST /h5/expenses/saveWithdrawalOrder`), JSON body,
 * `Idempotency-Key`; answers `Withdrawal`, msg "Withdrawal application successful, please wait
 * for review". `code` is required when `ExpensesMoney.codeType` is not `none` (send it first with
 * `POST /h5/expenses/sendCode`).
 */
export interface SubmitExpensesRequest {
  /** Id of one of the caller's payment methods (bank card, PIX key or wallet address). */
  methodId: number;
  amount: Decimal;
  /**
   * The fee the user confirmed (src/shared/withdraw-fee.ts over `ExpensesMoney.feeRule`): when it
   * is not the server's fee now, the withdrawal is refused with `withdraw.feeChanged` and the
   * server's fee in `params.fee`, and nothing moves.
   */
  fee?: Decimal;
  fundPassword: string;
  code?: string;
}

/** `POST /h5/expenses/sendCode`: sends a withdrawal code to the account's phone or e-mail; answers `{ target }` masked. */
export interface SendWithdrawCodeAnswer {
  channel: 'sms' | 'email';
  /** Masked phone or e-mail the code went to. */
  target: string;
  /** Seconds before another code may be sent. */
  resendSeconds: number;
}

export interface Withdrawal {
  orderNo: string;
  time: number;
  status: WithdrawStatus;
  amount: Decimal;
  fee: Decimal;
  /** What the payee receives, in the platform currency. */
  arrives: Decimal;
  /**
   * What the payee receives when paid in another currency (a PIX key in reais), fixed when the
   * withdrawal was submitted; null when paid in the platform currency, and on withdrawals
   * submitted before it was kept.
   */
  payout: WithdrawalPayout | null;
  method: PaymentMethodKind;
  /** Snapshot of the payout target when submitted (the method may be deleted later). */
  payee: string | null;
  bankName: string | null;
  /** Card/account number, PIX key or wallet address. */
  account: string;
  network: string | null;
  /** The operator's reason (rejected, failed, no_payout) or note. */
  remark: string | null;
  /** A listed reason (`WITHDRAW_REASONS`), to word in the user's language; null when typed or none. */
  remarkKey: string | null;
  reviewedAt: number | null;
}

/** A withdrawal's payout in another currency: `amount` = the withdrawal's amount × `rate`, cut to the currency's decimals. */
export interface WithdrawalPayout {
  /** ISO 4217, e.g. `BRL`. */
  currency: string;
  amount: Decimal;
  /** Units of `currency` per platform unit. */
  rate: Decimal;
  /** When the server gave that rate (epoch ms). */
  at: number;
}

/** `GET /h5/expenses/withdrawList`: query string; answers `Page<Withdrawal>`, newest first. */
export interface WithdrawListRequest {
  status?: WithdrawStatus;
  pageNum?: number;
  pageSize?: number;
}

/** `GET /h5/expenses/withdrawDetail?orderNo=`: answers `Withdrawal` (one's own only). */
export interface WithdrawDetailRequest {
  orderNo: string;
}
