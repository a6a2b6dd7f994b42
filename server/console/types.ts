/** Answers of the console's API (`/console/api` on the admin listener), shared with the console's code. */
import type { Deposit, Withdrawal, WithdrawStatus } from '../../src/shared/contract.ts';

export interface ConsoleMe {
  name: string;
}

export interface QueueCounts {
  deposits: number;
  withdrawals: number;
}

export interface QueuedDeposit extends Deposit {
  username: string;
  userId: number;
  /** The stored name of the proof photo: `/console/api/uploads/<proofFile>`. */
  proofFile: string | null;
  /** Another operator who has it open now, or null. */
  heldBy: string | null;
}

export interface DepositReview {
  deposit: QueuedDeposit;
  /** The same user's other deposits, newest first, with their outcomes. */
  previous: Deposit[];
}

export interface QueuedWithdrawal extends Withdrawal {
  username: string;
  userId: number;
  /** The user's balance and frozen amount now. */
  balance: string;
  frozen: string;
  /** The statuses this withdrawal may move to (the command line's `withdraw set`). */
  moves: WithdrawStatus[];
  /** Another operator who has it open now, or null. */
  heldBy: string | null;
}

/** Opening an item: the other operator who already has it open, or null when this one now has it. */
export interface Claim {
  heldBy: string | null;
}

export interface AuditRow {
  id: number;
  at: number;
  operator: string;
  kind: string;
  target: string;
  userId: number | null;
  before: unknown;
  after: unknown;
}
