import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The savings principal of each user; the row is locked while money moves. */
export const savingsAccounts = pgTable('savings_accounts', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  balance: numeric('balance', { precision: 20, scale: 8 }).notNull().default('0'),
}, (t) => [check('savings_accounts_balance_nonnegative', sql`${t.balance} >= 0`)]);

/** Every move in or out, timed by the server clock: the daily job reads what a day could earn from it. */
export const savingsMoves = pgTable('savings_moves', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  direction: text('direction', { enum: ['in', 'out'] }).notNull(),
  amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('savings_moves_user_idx').on(t.userId, t.createdAt), check('savings_moves_amount_positive', sql`${t.amount} > 0`)]);

/** Interest of one user for one day (paused days with 0); unique per user and day. */
export const savingsIncome = pgTable('savings_income', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  base: numeric('base', { precision: 20, scale: 8 }).notNull(),
  rate: numeric('rate', { precision: 10, scale: 4 }).notNull(),
  amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
  paused: boolean('paused').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [unique('savings_income_user_day').on(t.userId, t.day)]);
