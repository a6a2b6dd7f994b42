/** The stored market: what the fetching process writes and every process serves and settles from. */
import { and, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { KlinePeriod } from '../../src/shared/contract.ts';
import type { DbOrTx } from '../db/client.ts';
import { marketCandles as mc, marketFeed as mf, marketGaps as mg, marketSeconds as ms } from '../db/schema/index.ts';
import { type FeedCandle, PERIOD_MS } from './feeds/types.ts';
import { KLINE_PERIODS, MAX_CANDLES } from './source.ts';

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
        // An operator's release is theirs to write: a pass never undoes it.
        haltedSince: sql`excluded.halted_since`,
        haltReason: sql`excluded.halt_reason`,
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
      haltedSince: mf.haltedSince,
      haltReason: mf.haltReason,
      releasedAt: mf.releasedAt,
    })
    .from(mf);
}

/** When an operator last ended each symbol's halt (epoch ms). */
export async function readReleases(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.select({ symbol: mf.symbol, at: mf.releasedAt }).from(mf).where(isNotNull(mf.releasedAt));
  return new Map(rows.map((r) => [r.symbol, r.at!]));
}

/**
 * An operator's decision to trust the market's price again: marks the halt released; the
 * fetching process ends it on its next pass. Null when the symbol is not halted.
 */
export async function releaseHalt(db: DbOrTx, symbol: string, at: number): Promise<{ since: number; reason: string | null } | null> {
  const [row] = await db
    .update(mf)
    .set({ releasedAt: at })
    .where(and(eq(mf.symbol, symbol), isNotNull(mf.haltedSince)))
    .returning({ since: mf.haltedSince, reason: mf.haltReason });
  return row ? { since: row.since!, reason: row.reason } : null;
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

/** Seconds a fetcher skipped (both ends included); see `marketGaps`. */
export interface Gap {
  symbol: string;
  from: number;
  to: number;
}

/** Stores skipped seconds; a range recorded again (a retried pass) only grows. */
export async function recordGaps(db: DbOrTx, gaps: Gap[]): Promise<void> {
  if (!gaps.length) return;
  await db
    .insert(mg)
    .values(gaps.map((g) => ({ symbol: g.symbol, fromSecond: g.from, toSecond: g.to })))
    .onConflictDoUpdate({ target: [mg.symbol, mg.fromSecond], set: { toSecond: sql`greatest(${mg.toSecond}, excluded.to_second)` } });
}

/**
 * What second `second` settles at: the last trade at or before it, and only once every second up
 * to it is stored, so a trade that is still on its way can never be skipped. Null: not known yet.
 * `skipped`: never known, because the feed skipped that second, or skipped seconds lie between it
 * and the last stored trade before it (its last trade may have been in them).
 */
export async function storedPriceAt(db: DbOrTx, symbol: string, second: number): Promise<string | null | 'skipped'> {
  const [feed] = await db.select({ completeTo: mf.completeTo }).from(mf).where(eq(mf.symbol, symbol));
  if (!feed || feed.completeTo < second) return null;
  const [row] = await db
    .select({ second: ms.second, price: text(ms.price) })
    .from(ms)
    .where(and(eq(ms.symbol, symbol), lte(ms.second, second)))
    .orderBy(desc(ms.second))
    .limit(1);
  // A row inside a gap is no price either: it may be the newest second of the pass before the stop, stored while it still traded.
  const [gap] = await db
    .select({ from: mg.fromSecond })
    .from(mg)
    .where(and(eq(mg.symbol, symbol), lte(mg.fromSecond, second), gte(mg.toSecond, row?.second ?? Number.MIN_SAFE_INTEGER)))
    .limit(1);
  if (gap) return 'skipped';
  return row?.price ?? null;
}

/**
 * Deletes second prices older than `before` (epoch s), oldest first and at most `span` seconds of
 * them a call, so a backlog (a leader that was down for days) goes in short statements. A skipped
 * range goes once no stored second before it is left: a second in it then finds no price at all.
 */
export async function forgetSecondsBefore(db: DbOrTx, before: number, span = 3600): Promise<void> {
  await db.execute(sql`delete from market_seconds where second < least(${before}::bigint, (select min(second) from market_seconds) + ${span}::bigint)`);
  await db.execute(sql`delete from market_gaps g where not exists (select 1 from market_seconds s where s.symbol = g.symbol and s.second <= g.to_second)`);
}

/**
 * The oldest open time the chart can still show of each period: the app asks for at most
 * `MAX_CANDLES` candles, the forming one included.
 */
export const candleKeepFrom = (period: KlinePeriod, now: number): number => {
  const length = PERIOD_MS[period];
  return Math.floor(now / length) * length - (MAX_CANDLES - 1) * length;
};

/**
 * Deletes candles older than the chart can show, at most `limit` rows a call, so a table left
 * unpruned for months shrinks in short statements.
 */
export async function forgetOldCandles(db: DbOrTx, now: number, limit = 20_000): Promise<void> {
  const keepFrom = sql.join(KLINE_PERIODS.map((p) => sql`when ${p} then ${candleKeepFrom(p, now)}::bigint`), sql` `);
  await db.execute(sql`
    delete from market_candles where ctid = any(array(
      select ctid from market_candles where open_time < case period ${keepFrom} else 0 end limit ${limit}))`);
}
