import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const wallets = pgTable('wallets', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  balance: numeric('balance', { precision: 20, scale: 8 }).notNull().default('0'),
  frozen: numeric('frozen', { precision: 20, scale: 8 }).notNull().default('0'),
}, (t) => [
  check('wallets_balance_nonnegative', sql`${t.balance} >= 0`),
  check('wallets_frozen_nonnegative', sql`${t.frozen} >= 0`),
]);

/** One row per balance or frozen change, written by server/ledger only. */
export const walletBills = pgTable('wallet_bills', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  bizType: text('biz_type').notNull(),
  /** Signed change of the available balance. */
  amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
  balanceAfter: numeric('balance_after', { precision: 20, scale: 8 }).notNull(),
  frozenDelta: numeric('frozen_delta', { precision: 20, scale: 8 }).notNull().default('0'),
  remark: text('remark').notNull().default(''),
  /** What caused the change, e.g. an order number, so a bill can be traced back. */
  ref: text('ref'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('wallet_bills_user_idx').on(t.userId, t.id)]);
