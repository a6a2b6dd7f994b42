/**
 * What waits for an operator: submitted deposits and withdrawals not yet in a final status, oldest
 * first, with the user each belongs to. The console lists them; the review itself is review.ts.
 */
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Deposit, Withdrawal, WithdrawStatus } from '../../src/shared/contract.ts';
import { WITHDRAW_STATUSES } from '../../src/shared/contract.ts';
import type { Db } from '../db/client.ts';
import { deposits, users, wallets, withdrawals } from '../db/schema/index.ts';
import { toDeposit } from './deposits.ts';
import { WITHDRAW_MOVES } from './review.ts';
import { toWithdrawal } from './withdrawals/rows.ts';

/** Withdrawals still waiting for an operator: not yet in a final status. */
export const OPEN_WITHDRAWALS: WithdrawStatus[] = WITHDRAW_STATUSES.filter((s) => WITHDRAW_MOVES[s].length > 0);

export interface WaitingDeposit {
  deposit: Deposit;
  username: string;
  userId: number;
  /** The stored name of the proof photo. */
  proofFile: string | null;
}

export interface WaitingWithdrawal {
  withdrawal: Withdrawal;
  username: string;
  userId: number;
  /** The user's balance and frozen amount now. */
  balance: string;
  frozen: string;
}

export async function waitingCounts(db: Db): Promise<{ deposits: number; withdrawals: number }> {
  const [d] = await db.select({ n: count() }).from(deposits).where(eq(deposits.status, 'submitted'));
  const [w] = await db.select({ n: count() }).from(withdrawals).where(inArray(withdrawals.status, OPEN_WITHDRAWALS));
  return { deposits: d!.n, withdrawals: w!.n };
}

export async function waitingDeposits(db: Db, limit: number): Promise<WaitingDeposit[]> {
  const rows = await db
    .select({ d: deposits, username: users.username })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(eq(deposits.status, 'submitted'))
    .orderBy(asc(deposits.createdAt), asc(deposits.id))
    .limit(limit);
  return rows.map((r) => ({ deposit: toDeposit(r.d), username: r.username, userId: r.d.userId, proofFile: r.d.proofImage }));
}

/** One deposit, whatever its status, with the same user's `previous` other deposits, newest first; null when there is none. */
export async function depositWithHistory(db: Db, orderNo: string, previous: number): Promise<(WaitingDeposit & { previous: Deposit[] }) | null> {
  const [row] = await db.select({ d: deposits, username: users.username }).from(deposits).innerJoin(users, eq(users.id, deposits.userId)).where(eq(deposits.orderNo, orderNo));
  if (!row) return null;
  const others = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, row.d.userId), ne(deposits.id, row.d.id)))
    .orderBy(desc(deposits.createdAt))
    .limit(previous);
  return { deposit: toDeposit(row.d), username: row.username, userId: row.d.userId, proofFile: row.d.proofImage, previous: others.map(toDeposit) };
}

export async function waitingWithdrawals(db: Db, limit: number): Promise<WaitingWithdrawal[]> {
  const rows = await db
    .select({ w: withdrawals, username: users.username, balance: wallets.balance, frozen: wallets.frozen })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(wallets, eq(wallets.userId, withdrawals.userId))
    .where(inArray(withdrawals.status, OPEN_WITHDRAWALS))
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
    .limit(limit);
  return rows.map((r) => ({ withdrawal: toWithdrawal(r.w), username: r.username, userId: r.w.userId, balance: r.balance, frozen: r.frozen }));
}
