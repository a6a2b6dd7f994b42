import { boolean, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const config = pgTable('config', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const notices = pgTable('notices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const marquee = pgTable('marquee', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  content: text('content').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const banners = pgTable('banners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const communities = pgTable('communities', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  link: text('link').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Exchange rates, symbol `coin_currency` (e.g. `usdt_brl`). */
export const rates = pgTable('rates', {
  symbol: text('symbol').primaryKey(),
  rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
});

export const plays = pgTable('plays', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  seconds: integer('seconds').notNull().unique(),
  /** Rate of return in percent for a win. */
  rate: numeric('rate', { precision: 10, scale: 4 }).notNull(),
  minAmount: numeric('min_amount', { precision: 20, scale: 8 }).notNull(),
  maxAmount: numeric('max_amount', { precision: 20, scale: 8 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

/** Quick-pick investment amounts of the order form. */
export const contractPresets = pgTable('contract_presets', {
  amount: numeric('amount', { precision: 20, scale: 8 }).primaryKey(),
});

export const vipLevels = pgTable('vip_levels', {
  level: integer('level').primaryKey(),
  name: text('name').notNull(),
  /** Cumulative deposits needed to reach the level. */
  minDeposit: numeric('min_deposit', { precision: 20, scale: 8 }).notNull(),
  condition: text('condition').notNull(),
  maxWithdrawal: numeric('max_withdrawal', { precision: 20, scale: 8 }).notNull(),
});
