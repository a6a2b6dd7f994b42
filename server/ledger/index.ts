/**
 * The ledger: the only code that changes a wallet's balance or frozen amount. Each change locks the
 * wallet row, checks the rule, updates it and writes a bill in the caller's transaction, so the
 * balance always equals the sum of the bills. Arithmetic happens in NUMERIC inside PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../http/envelope.ts';
import type { Tx } from '../db/client.ts';
import { walletBills, wallets } from '../db/schema/index.ts';
import type { BizType } from './biz-types.ts';

export { BIZ_TYPES, type BizType } from './biz-types.ts';

export interface BalanceChange {
  userId: number;
  /** Signed change of the available balance, decimal string (scale ≤ 8). */
  amount: string;
  /** Signed change of the frozen amount, decimal string; default `0`. */
  frozenDelta?: string;
  bizType: BizType;
  remark?: string;
  /** What caused it (order number, deposit id…). */
  ref?: string;
}

export interface WalletState {
  balance: string;
  frozen: string;
  billId: number;
}

const SIGNED_DECIMAL = /^-?\d{1,12}(\.\d{1,8})?$/;

/** Applies one change inside `tx`; throws AppError 409 `balance.insufficient` / `frozen.insufficient`. */
export async function changeBalance(tx: Tx, change: BalanceChange): Promise<WalletState> {
  const frozenDelta = change.frozenDelta ?? '0';
  for (const value of [change.amount, frozenDelta]) {
    if (!SIGNED_DECIMAL.test(value)) throw new Error(`ledger: not a decimal amount: ${value}`);
  }
  await tx.insert(wallets).values({ userId: change.userId }).onConflictDoNothing();
  const [locked] = await tx
    .select({
      balanceOk: sql<boolean>`(${wallets.balance} + ${change.amount}::numeric) >= 0`,
      frozenOk: sql<boolean>`(${wallets.frozen} + ${frozenDelta}::numeric) >= 0`,
    })
    .from(wallets)
    .where(eq(wallets.userId, change.userId))
    .for('update');
  if (!locked!.balanceOk) throw new AppError(409, 'balance.insufficient', 'Insufficient balance');
  if (!locked!.frozenOk) throw new AppError(409, 'frozen.insufficient', 'Insufficient frozen funds');
  const [updated] = await tx
    .update(wallets)
    .set({
      balance: sql`${wallets.balance} + ${change.amount}::numeric`,
      frozen: sql`${wallets.frozen} + ${frozenDelta}::numeric`,
    })
    .where(eq(wallets.userId, change.userId))
    .returning({ balance: wallets.balance, frozen: wallets.frozen });
  const [bill] = await tx
    .insert(walletBills)
    .values({
      userId: change.userId,
      bizType: change.bizType,
      amount: change.amount,
      balanceAfter: updated!.balance,
      frozenDelta,
      remark: change.remark ?? '',
      ref: change.ref ?? null,
    })
    .returning({ id: walletBills.id });
  return { balance: updated!.balance, frozen: updated!.frozen, billId: bill!.id };
}

/** Current balance and frozen amount; zeros for a user without a wallet row yet. */
export async function getWallet(db: Pick<Tx, 'select'>, userId: number): Promise<{ balance: string; frozen: string }> {
  const [row] = await db
    .select({ balance: wallets.balance, frozen: wallets.frozen })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row ?? { balance: '0.00000000', frozen: '0.00000000' };
}
