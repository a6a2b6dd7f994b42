/** The stored market: what the fetching process writes and every process serves and settles from. */
import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { KlinePeriod } from '../../src/shared/contract.ts';
import type { DbOrTx } from '../db/client.ts';
import { marketCandles as mc, marketFeed as mf, marketSeconds as ms } from '../db/schema/index.ts';
import type { FeedCandle } from './feeds/types.ts';

export type FeedRow = typeof mf.$inferSelect;

const text = (column: unknown) => sql<string>`${column}::text`;

export async function upsertCandles(db: DbOrTx, symbol: string, period: KlinePeriod, candles: FeedCandle[]): Promise<void> {
  // One row per open time: a duplicate within the batch would make the upsert touch a row twice.
  const byTime = new Map(candles.map((c) => [c.time, c]));
  if (!byTime.size) return;
  await db
    .insert(mc)
    .values([...byTime.values()].map((c) => ({ symbol, period, openTime: c.time, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume })))
    .onConflictDoUpdate({
      target: [mc.symbol, mc.period, mc.openTime],
      set: {
        open: sql`excluded.open`,
        high: sql`excluded.high`,
        low: sql`excluded.low`,
        close: sql`excluded.close`,
        volume: sql`excluded.volume`,
      },
    });
}

export async function upsertSeconds(db: DbOrTx, symbol: string, rows: Array<{ second: number; price: string }>): Promise<void> {
  const bySecond = new Map(rows.map((r) => [r.second, r.price]));
  if (!bySecond.size) return;
  await db
    .insert(ms)
    .values([...bySecond].map(([second, price]) => ({ symbol, second, price })))
    .onConflictDoUpdate({ target: [ms.symbol, ms.second], set: { price: sql`excluded.price` } });
}

export async function saveFeed(db: DbOrTx, row: FeedRow): Promise<void> {
  const { symbol, ...rest } = row;
  await db.insert(mf).values(row).onConflictDoUpdate({ target: mf.symbol, set: rest });
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

export async function newestCandleTime(db: DbOrTx, symbol: string, period: KlinePeriod): Promise<number | undefined> {
  const [row] = await db.select({ time: mc.openTime }).from(mc).where(and(eq(mc.symbol, symbol), eq(mc.period, period))).orderBy(desc(mc.openTime)).limit(1);
  return row?.time;
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

/** Second prices older than `second` serve no order any more (the wait bound is far shorter). */
export async function forgetSecondsBefore(db: DbOrTx, second: number): Promise<void> {
  await db.delete(ms).where(lt(ms.second, second));
}
