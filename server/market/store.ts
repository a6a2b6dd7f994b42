/** The stored market: what the fetching process writes and every process serves and settles from. */
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { KlinePeriod } from '../../src/shared/contract.ts';
import type { DbOrTx } from '../db/client.ts';
import { marketCandles as mc, marketFeed as mf, marketSeconds as ms } from '../db/schema/index.ts';
import type { FeedCandle } from './feeds/types.ts';

export type FeedRow = typeof mf.$inferSelect;

const text = (column: unknown) => sql<string>`${column}::text`;

export interface CandleRow extends FeedCandle {
  symbol: string;
  period: KlinePeriod;
}

/** Rows per statement: a first fill (42,000 candles) goes in a few statements. */
const CHUNK = 10_000;

/**
 * A column as one array parameter (`{a,b,c}`): drizzle would spread a JS array into one parameter
 * per value. Only our symbols, period names, integers and checked decimals go in, none with a comma,
 * quote or brace.
 */
const col = <T>(rows: T[], pick: (row: T) => string | number) => `{${rows.map(pick).join(',')}}`;

/**
 * Upserts by open time, so a candle fetched again (the forming one, a late correction) replaces the
 * stored one. Columns travel as arrays (`unnest`): a few parameters a statement however many rows.
 */
export async function upsertCandles(db: DbOrTx, candles: CandleRow[]): Promise<void> {
  // One row per key: a duplicate within one insert would make the upsert touch a row twice.
  const all = [...new Map(candles.map((c) => [`${c.symbol} ${c.period} ${c.time}`, c])).values()];
  for (let i = 0; i < all.length; i += CHUNK) {
    const rows = all.slice(i, i + CHUNK);
    await db.execute(sql`
      insert into market_candles (symbol, period, open_time, open, high, low, close, volume)
      select * from unnest(${col(rows, (r) => r.symbol)}::text[], ${col(rows, (r) => r.period)}::text[], ${col(rows, (r) => r.time)}::bigint[],
        ${col(rows, (r) => r.open)}::numeric[], ${col(rows, (r) => r.high)}::numeric[], ${col(rows, (r) => r.low)}::numeric[],
        ${col(rows, (r) => r.close)}::numeric[], ${col(rows, (r) => r.volume)}::numeric[])
      on conflict (symbol, period, open_time) do update
        set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`);
  }
}

export async function upsertSeconds(db: DbOrTx, seconds: Array<{ symbol: string; second: number; price: string }>): Promise<void> {
  const all = [...new Map(seconds.map((r) => [`${r.symbol} ${r.second}`, r])).values()];
  for (let i = 0; i < all.length; i += CHUNK) {
    const rows = all.slice(i, i + CHUNK);
    await db.execute(sql`
      insert into market_seconds (symbol, second, price)
      select * from unnest(${col(rows, (r) => r.symbol)}::text[], ${col(rows, (r) => r.second)}::bigint[], ${col(rows, (r) => r.price)}::numeric[])
      on conflict (symbol, second) do update set price = excluded.price`);
  }
}

export async function saveFeeds(db: DbOrTx, rows: FeedRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(mf)
    .values(rows)
    .onConflictDoUpdate({
      target: mf.symbol,
      set: {
        price: sql`excluded.price`,
        open: sql`excluded.open`,
        high: sql`excluded.high`,
        low: sql`excluded.low`,
        volume: sql`excluded.volume`,
        priceTime: sql`excluded.price_time`,
        completeTo: sql`excluded.complete_to`,
        precision: sql`excluded.precision`,
      },
    });
}

export async function readFeeds(db: DbOrTx): Promise<FeedRow[]> {
  return db
    .select({
      symbol: mf.symbol,
      price: text(mf.price),
      open: text(mf.open),
      high: text(mf.high),
      low: text(mf.low),
      volume: text(mf.volume),
      priceTime: mf.priceTime,
      completeTo: mf.completeTo,
      precision: mf.precision,
    })
    .from(mf);
}

/** Newest first, as the chart asks. */
export async function readCandles(db: DbOrTx, symbol: string, period: KlinePeriod, size: number, since?: number): Promise<FeedCandle[]> {
  return db
    .select({ time: mc.openTime, open: text(mc.open), high: text(mc.high), low: text(mc.low), close: text(mc.close), volume: text(mc.volume) })
    .from(mc)
    .where(and(eq(mc.symbol, symbol), eq(mc.period, period), since === undefined ? undefined : gte(mc.openTime, since)))
    .orderBy(desc(mc.openTime))
    .limit(size);
}

/** The open time of the newest stored candle of each symbol and period, keyed `symbol period`. */
export async function newestCandleTimes(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ symbol: mc.symbol, period: mc.period, time: sql<string>`max(${mc.openTime})::text` })
    .from(mc)
    .groupBy(mc.symbol, mc.period);
  return new Map(rows.map((r) => [`${r.symbol} ${r.period}`, Number(r.time)]));
}

/**
 * The price of second `second`: the last trade at or before it, and only once every second up to
 * it is stored, so a trade that is still on its way can never be skipped. Null: not known yet.
 */
export async function storedPriceAt(db: DbOrTx, symbol: string, second: number): Promise<string | null> {
  const [feed] = await db.select({ completeTo: mf.completeTo }).from(mf).where(eq(mf.symbol, symbol));
  if (!feed || feed.completeTo < second) return null;
  const [row] = await db
    .select({ price: text(ms.price) })
    .from(ms)
    .where(and(eq(ms.symbol, symbol), lte(ms.second, second)))
    .orderBy(desc(ms.second))
    .limit(1);
  return row?.price ?? null;
}

/**
 * Deletes second prices older than `before` (epoch s), oldest first and at most `span` seconds of
 * them a call, so a backlog (a leader that was down for days) goes in short statements.
 */
export async function forgetSecondsBefore(db: DbOrTx, before: number, span = 3600): Promise<void> {
  await db.execute(sql`delete from market_seconds where second < least(${before}::bigint, (select min(second) from market_seconds) + ${span}::bigint)`);
}
