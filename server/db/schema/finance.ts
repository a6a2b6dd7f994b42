import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Finance products on sale (docs/rules.md#finance-products): a fixed daily rate for a cycle of days. */
export const financeProducts = pgTable('finance_products', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  cycleDays: integer('cycle_days').notNull(),
  /** Percent of the amount paid per day. */
  dailyRate: numeric('daily_rate', { precision: 10, scale: 4 }).notNull(),
  minAmount: numeric('min_amount', { precision: 20, scale: 8 }).notNull(),
  maxAmount: numeric('max_amount', { precision: 20, scale: 8 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
}, (t) => [
  check('finance_products_cycle_positive', sql`${t.cycleDays} between 1 and 3650`),
  check('finance_products_limits', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
]);

/**
 * A purchase. Rate, cycle and name are copied at purchase so a later product edit never changes a
 * running holding. `startDay` is the first earning day (the day after the purchase, UTC).
 */
export const financeHoldings = pgTable('finance_holdings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  orderNo: text('order_no').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => financeProducts.id),
  productName: text('product_name').notNull(),
  amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
  dailyRate: numeric('daily_rate', { precision: 10, scale: 4 }).notNull(),
  cycleDays: integer('cycle_days').notNull(),
  startDay: date('start_day', { mode: 'string' }).notNull(),
  paidDays: integer('paid_days').notNull().default(0),
  totalIncome: numeric('total_income', { precision: 20, scale: 8 }).notNull().default('0'),
  status: text('status', { enum: ['holding', 'completed'] }).notNull().default('holding'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  index('finance_holdings_user_idx').on(t.userId, t.id.desc()),
  index('finance_holdings_running_idx').on(t.status, t.startDay),
  check('finance_holdings_amount_positive', sql`${t.amount} > 0`),
  check('finance_holdings_paid_days', sql`${t.paidDays} between 0 and ${t.cycleDays}`),
]);

/** One row per holding and earning day: the unique pair makes a second payment of a day impossible. */
export const financeIncome = pgTable('finance_income', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  holdingId: integer('holding_id').notNull().references(() => financeHoldings.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [unique('finance_income_holding_day').on(t.holdingId, t.day), index('finance_income_user_day_idx').on(t.userId, t.day)]);
