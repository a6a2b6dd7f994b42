import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Contract orders (trading: docs/rules.md#contract-orders). Times come from the server clock, not `now()` in SQL, so a
 * test clock moves placing, listing and settling together.
 */
export const contractOrders = pgTable('contract_orders', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Random, shown to the user and written as the ref of the order's bills. */
  orderNo: text('order_no').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  symbol: text('symbol').notNull(),
  direction: text('direction', { enum: ['up', 'down'] }).notNull(),
  amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
  /** Rate of return in percent, copied from the play when the order was placed. */
  rate: numeric('rate', { precision: 10, scale: 4 }).notNull(),
  seconds: integer('seconds').notNull(),
  /** Unconstrained NUMERIC keeps the feed's own scale, so `65000.10` reads back as written. */
  openPrice: numeric('open_price').notNull(),
  closePrice: numeric('close_price'),
  status: text('status', { enum: ['open', 'settled', 'refunded'] }).notNull().default('open'),
  result: text('result', { enum: ['win', 'loss', 'tie'] }),
  payout: numeric('payout', { precision: 20, scale: 8 }),
  /**
   * Why a refunded order got no price: `no_price` none arrived within the wait bound; `feed_gap`
   * its expiry fell in seconds the feed skipped, so none ever will.
   */
  refundReason: text('refund_reason', { enum: ['no_price', 'feed_gap'] }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  index('contract_orders_user_idx').on(t.userId, t.createdAt.desc()),
  index('contract_orders_due_idx').on(t.status, t.expiresAt),
  check('contract_orders_amount_positive', sql`${t.amount} > 0`),
  check('contract_orders_refund_reason', sql`(${t.status} = 'refunded') = (${t.refundReason} is not null)`),
  check(
    'contract_orders_settled_complete',
    sql`(${t.status} = 'open' and ${t.result} is null and ${t.payout} is null and ${t.closePrice} is null and ${t.settledAt} is null)
      or (${t.status} = 'settled' and ${t.result} is not null and ${t.payout} is not null and ${t.closePrice} is not null and ${t.settledAt} is not null)
      or (${t.status} = 'refunded' and ${t.result} is null and ${t.payout} = ${t.amount} and ${t.closePrice} is null and ${t.settledAt} is not null)`,
  ),
]);
