import { bigint, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Candles of an exchange feed per symbol and period, keyed by open time (epoch ms): a fetch that
 * sees a candle again (the forming one, or a late correction) overwrites it.
 */
export const marketCandles = pgTable('market_candles', {
  symbol: text('symbol').notNull(),
  period: text('period').notNull(),
  openTime: bigint('open_time', { mode: 'number' }).notNull(),
  open: numeric('open').notNull(),
  high: numeric('high').notNull(),
  low: numeric('low').notNull(),
  close: numeric('close').notNull(),
  volume: numeric('volume').notNull(),
}, (t) => [primaryKey({ columns: [t.symbol, t.period, t.openTime] })]);

/** The last traded price of each second that had a trade (epoch seconds): what orders open and settle at. */
export const marketSeconds = pgTable('market_seconds', {
  symbol: text('symbol').notNull(),
  second: bigint('second', { mode: 'number' }).notNull(),
  price: numeric('price').notNull(),
}, (t) => [primaryKey({ columns: [t.symbol, t.second] }), index('market_seconds_second_idx').on(t.second)]);

/**
 * Seconds (epoch s, both ends included) a fetcher skipped: it came back after more than its fill
 * window and fetched only the window. Nothing in them is a price, nor is a stored second before
 * them the price of a second after them until a trade after them is stored.
 */
export const marketGaps = pgTable('market_gaps', {
  symbol: text('symbol').notNull(),
  fromSecond: bigint('from_second', { mode: 'number' }).notNull(),
  toSecond: bigint('to_second', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.symbol, t.fromSecond] })]);

/** Per symbol: the 24 h ticker as last fetched and how far the second prices are complete. */
export const marketFeed = pgTable('market_feed', {
  symbol: text('symbol').primaryKey(),
  price: numeric('price').notNull(),
  open: numeric('open').notNull(),
  high: numeric('high').notNull(),
  low: numeric('low').notNull(),
  volume: numeric('volume').notNull(),
  /** Epoch ms of the newest price this row carries. */
  priceTime: bigint('price_time', { mode: 'number' }).notNull(),
  /** Every second up to and including this one (epoch s) is stored: a missing one had no trade. */
  completeTo: bigint('complete_to', { mode: 'number' }).notNull(),
  /** Decimals the exchange quotes prices in. */
  precision: integer('precision').notNull(),
  /**
   * Epoch s of the first reading the price gate refused (server/market/plausible.ts): the symbol
   * is halted from then on, no order opens on it and no second from it on is complete. Null: trusted.
   */
  haltedSince: bigint('halted_since', { mode: 'number' }),
  /** Why the gate refused it: `absurd`, `jump`, `disagree` or `unconfirmed`. */
  haltReason: text('halt_reason'),
  /** Epoch ms an operator ended the halt (the fetcher trusts the market's price from then on); written only by that decision. */
  releasedAt: bigint('released_at', { mode: 'number' }),
});
