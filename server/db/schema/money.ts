import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * First answers of money submits by `Idempotency-Key` (server/http/idempotency.ts). The row is
 * written in the same transaction as the money move, so it exists exactly when the move happened.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The operation the key belongs to (`withdraw.submit`), the same for every path of it. */
  route: text('route').notNull(),
  key: text('key').notNull(),
  /** SHA-256 of the request body: the same key with another body is refused. */
  fingerprint: text('fingerprint').notNull(),
  answer: jsonb('answer').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.route, t.key] })]);

/**
 * Who uploaded each file. Every upload is `private` until its owner makes it their avatar;
 * `attached` once a deposit, a payment method or the avatar names it (the rest go after a day).
 */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  private: boolean('private').notNull().default(false),
  /** Bytes stored, counted against the owner's daily upload quota. */
  bytes: integer('bytes').notNull().default(0),
  attached: boolean('attached').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  index('uploads_user_time_idx').on(t.userId, t.createdAt),
  index('uploads_unattached_idx').on(t.createdAt).where(sql`${t.attached} = false`),
]);

/** Deposit channels the operator offers (deposit fields: docs/rules.md#deposits). */
export const payChannels = pgTable('pay_channels', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  type: text('type', { enum: ['bank', 'coin'] }).notNull(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  exchangeRate: numeric('exchange_rate', { precision: 20, scale: 8 }).notNull(),
  minAmount: numeric('min_amount', { precision: 20, scale: 8 }).notNull(),
  maxAmount: numeric('max_amount', { precision: 20, scale: 8 }).notNull(),
  payee: text('payee'),
  bankName: text('bank_name'),
  cardNo: text('card_no'),
  network: text('network'),
  address: text('address'),
  remark: text('remark').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /** ISO 3166 country whose users see the channel first; `XX` for none (docs/rules.md#bank-regions). */
  region: text('region').notNull().default('XX'),
}, (t) => [
  check('pay_channels_region', sql`${t.region} ~ '^[A-Z]{2}$'`),
  check('pay_channels_rate_positive', sql`${t.exchangeRate} > 0`),
  check('pay_channels_limits', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
]);

export const deposits = pgTable('deposits', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  orderNo: text('order_no').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  channelId: integer('channel_id').notNull().references(() => payChannels.id),
  /** Channel details as the user saw them when submitting. */
  channelName: text('channel_name').notNull(),
  type: text('type', { enum: ['bank', 'coin'] }).notNull(),
  currency: text('currency').notNull(),
  exchangeRate: numeric('exchange_rate', { precision: 20, scale: 8 }).notNull(),
  payee: text('payee'),
  bankName: text('bank_name'),
  cardNo: text('card_no'),
  network: text('network'),
  address: text('address'),
  amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
  payAmount: numeric('pay_amount', { precision: 20, scale: 8 }).notNull(),
  proofImage: text('proof_image'),
  status: text('status', { enum: ['submitted', 'approved', 'rejected'] }).notNull().default('submitted'),
  rejectReason: text('reject_reason'),
  /** A listed reason (`REVIEW_REASONS`) the app words in the user's language; null when typed. */
  rejectReasonKey: text('reject_reason_key'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  index('deposits_user_idx').on(t.userId, t.id),
  index('deposits_status_idx').on(t.status, t.id),
  check('deposits_amount_positive', sql`${t.amount} > 0`),
]);

/** Banks a card or account can be bound at, with the digit counts their numbers have. */
export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** ISO 3166 country, the bank's region; `XX` for none (an international card). */
  country: text('country').notNull(),
  /** ISO 4217 currency: with no region, the bank comes first where this is the money (docs/rules.md#bank-regions). */
  currency: text('currency'),
  cardLengths: integer('card_lengths').array().notNull(),
  sort: integer('sort').notNull().default(0),
}, (t) => [
  check('banks_country', sql`${t.country} ~ '^[A-Z]{2}$'`),
  check('banks_currency', sql`${t.currency} ~ '^[A-Z]{3}$'`),
]);

/** Coins and networks a withdrawal address can be bound for. */
export const coinNetworks = pgTable('coin_networks', {
  coin: text('coin').notNull(),
  network: text('network').notNull(),
  sort: integer('sort').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.coin, t.network] })]);

/** A user's payout targets. Never a card's security code or expiry date (DESIGN). */
export const paymentMethods = pgTable('payment_methods', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['bank', 'pix', 'coin', 'qr', 'paypay'] }).notNull(),
  payee: text('payee'),
  bankCode: text('bank_code'),
  bankName: text('bank_name'),
  branch: text('branch'),
  phone: text('phone'),
  account: text('account'),
  pixType: text('pix_type', { enum: ['cpf', 'cnpj', 'email', 'phone', 'random'] }),
  coin: text('coin'),
  network: text('network'),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  /**
   * When the method was bound or its target last changed: it receives no withdrawal for
   * `payout.newMethodHoldHours` after (server/money/hold.ts). Null for methods older than the hold.
   */
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }),
  /** An operator ended the hold of the change at `changedAt` early (audited, four eyes above the amount). */
  holdLiftedAt: timestamp('hold_lifted_at', { withTimezone: true, mode: 'date' }),
}, (t) => [index('payment_methods_user_idx').on(t.userId, t.id)]);

export const withdrawals = pgTable('withdrawals', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  orderNo: text('order_no').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Snapshot of the payout target: the method may be deleted while the withdrawal is reviewed. */
  method: text('method', { enum: ['bank', 'pix', 'coin', 'qr', 'paypay'] }).notNull(),
  payee: text('payee'),
  bankName: text('bank_name'),
  account: text('account').notNull(),
  network: text('network'),
  amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
  fee: numeric('fee', { precision: 20, scale: 8 }).notNull(),
  /**
   * A payout in another currency (PIX in reais), fixed when submitted: what the payee receives in
   * it, at what rate and the moment the server gave that rate. All null when paid in the platform
   * currency, and on rows from before they were kept.
   */
  payoutCurrency: text('payout_currency'),
  payoutAmount: numeric('payout_amount', { precision: 20, scale: 8 }),
  payoutRate: numeric('payout_rate', { precision: 20, scale: 8 }),
  payoutRateAt: timestamp('payout_rate_at', { withTimezone: true, mode: 'date' }),
  status: text('status', {
    enum: ['reviewing', 'frozen', 'waiting', 'paying', 'paid', 'succeeded', 'no_payout', 'rejected', 'failed'],
  }).notNull().default('reviewing'),
  remark: text('remark'),
  /** A listed reason (`WITHDRAW_REASONS`) the app words in the user's language; null when typed. */
  remarkKey: text('remark_key'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  index('withdrawals_user_idx').on(t.userId, t.id),
  index('withdrawals_status_idx').on(t.status, t.id),
  check('withdrawals_amount_positive', sql`${t.amount} > 0 and ${t.fee} >= 0`),
  check(
    'withdrawals_payout_whole',
    sql`num_nulls(${t.payoutCurrency}, ${t.payoutAmount}, ${t.payoutRate}, ${t.payoutRateAt}) in (0, 4) and (${t.payoutRate} is null or (${t.payoutRate} > 0 and ${t.payoutAmount} >= 0))`,
  ),
]);

/** Per VIP level: the most a user may withdraw per UTC day (the single maximum is `vip_levels.max_withdrawal`). */
export const withdrawLimits = pgTable('withdraw_limits', {
  vipLevel: integer('vip_level').primaryKey(),
  maxDailyTotal: numeric('max_daily_total', { precision: 20, scale: 8 }).notNull(),
});
