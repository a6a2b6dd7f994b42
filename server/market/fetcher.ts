/**
 * The one fetching process's work: second prices, 24 h tickers and candles from the exchange into
 * the database, which every process then serves and settles from.
 *
 * Second prices come from one-second candles (their close is the second's last trade). Every
 * second before the newest one the exchange returned is complete (`complete_to`): a second missing
 * below it had no trade. A price that jumps more than the sanity bound from the last accepted one
 * is held, and `complete_to` stops before it, until a later reading lands near it (a real move) or
 * back near the old price (the jump was a glitch and is dropped).
 *
 * A fetcher that comes back after more than its fill window (a stopped service, an exchange down
 * for hours) fetches only the window; the seconds before it are stored as skipped (`market_gaps`),
 * in the same transaction as the `complete_to` that passes over them, so no order settles on them.
 */
import type { Db } from '../db/client.ts';
import { type Exchange, type FeedCandle, type FeedTicker, PERIOD_MS } from './feeds/types.ts';
import { KLINE_PERIODS, MAX_CANDLES } from './source.ts';
import {
  type CandleRow,
  type FeedRow,
  forgetOldCandles,
  forgetSecondsBefore,
  type Gap,
  newestCandleTimes,
  readFeeds,
  recordGaps,
  saveFeeds,
  upsertCandles,
  upsertSeconds,
} from './store.ts';


export interface FetcherOptions {
  db: Db;
  exchange: Exchange;
  symbols: readonly string[];
  /** Decimals a symbol's prices are shown with. */
  precision: (symbol: string) => number;
  now: () => number;
  /** How often the newest two candles of each period are fetched again (late corrections). */
  candleEveryMs?: number;
  tickerEveryMs?: number;
  /** A price further than this fraction from the last accepted one waits for a second reading. */
  spike?: number;
  /** How far back a restart fills second prices (orders older than the wait bound are refunded anyway). */
  backfillSeconds?: number;
  /** Second prices older than this many seconds are deleted (see `keepSecondsFor`). */
  keepSeconds?: number;
}

/** How often the leader deletes old second prices and candles. */
export const PRUNE_EVERY_MS = 60_000;

/**
 * How long one-second prices are kept: a second is read only to settle an order expiring in it,
 * which waits at most `waitMaxMs` before it is refunded, and a restart fills an hour back. So an
 * hour past the wait bound, and never less than two hours.
 */
export const keepSecondsFor = (waitMaxMs: number): number => Math.max(7200, Math.ceil(waitMaxMs / 1000) + 3600);

type Verdict = 'accept' | 'hold' | 'confirm' | 'again';

export class Fetcher {
  private readonly feeds = new Map<string, FeedRow>();
  private readonly held = new Map<string, { second: number; price: string }>();
  private readonly tickers = new Map<string, FeedTicker>();
  private lastTickers = -Infinity;
  private lastCandles = -Infinity;
  private lastPrune = -Infinity;
  private readonly spike: number;

  constructor(private readonly o: FetcherOptions) {
    this.spike = o.spike ?? 0.1;
  }

  /** What the database already has: a restart continues where the last leader stopped. */
  async load(): Promise<void> {
    this.feeds.clear();
    for (const row of await readFeeds(this.o.db)) this.feeds.set(row.symbol, row);
  }

  /** Fills each period's candles from the newest stored one (or 500 back) up to now, before serving. */
  async backfill(): Promise<void> {
    const now = this.o.now();
    const newest = await newestCandleTimes(this.o.db);
    const rows: CandleRow[] = [];
    for (const symbol of this.o.symbols) {
      for (const period of KLINE_PERIODS) {
        const length = PERIOD_MS[period];
        let from = Math.max(newest.get(`${symbol} ${period}`) ?? 0, Math.floor(now / length) * length - (MAX_CANDLES - 1) * length);
        for (let page = 0; page < 20 && from <= now; page++) {
          const candles = await this.o.exchange.candles(symbol, period, { from, limit: 1000 });
          for (const c of candles) if (c.time % length === 0) rows.push({ ...c, symbol, period });
          const last = candles.at(-1)?.time;
          if (last === undefined || last < from || candles.length < 1000) break;
          from = last + length;
        }
      }
    }
    // One transaction: the fill lands whole or not at all, and PGlite commits once, not 84 times.
    await this.o.db.transaction((tx) => upsertCandles(tx, rows));
  }

  /** One pass: new second prices for every symbol, and tickers and candles when they are due. */
  async cycle(): Promise<void> {
    const now = this.o.now();
    if (now - this.lastTickers >= (this.o.tickerEveryMs ?? 5000)) {
      for (const t of await this.o.exchange.tickers(this.o.symbols)) this.tickers.set(t.symbol, t);
      this.lastTickers = now;
    }
    const seconds: Array<{ symbol: string; second: number; price: string }> = [];
    const feeds: FeedRow[] = [];
    const gaps: Gap[] = [];
    for (const symbol of this.o.symbols) {
      const { accepted, feed, gap } = await this.seconds(symbol, now);
      for (const a of accepted) seconds.push({ symbol, ...a });
      if (feed) feeds.push(feed);
      if (gap) gaps.push(gap);
    }
    const candles: CandleRow[] = [];
    const candlesDue = now - this.lastCandles >= (this.o.candleEveryMs ?? 10_000);
    if (candlesDue) {
      for (const symbol of this.o.symbols) {
        for (const period of KLINE_PERIODS) {
          for (const c of await this.o.exchange.candles(symbol, period, { limit: 2 })) if (c.time % PERIOD_MS[period] === 0) candles.push({ ...c, symbol, period });
        }
      }
    }
    // A second is stored together with the `complete_to` that vouches for it, and a skipped one
    // is recorded with the `complete_to` that passes over it.
    await this.o.db.transaction(async (tx) => {
      await upsertSeconds(tx, seconds);
      await recordGaps(tx, gaps);
      await saveFeeds(tx, feeds);
      await upsertCandles(tx, candles);
    });
    for (const f of feeds) this.feeds.set(f.symbol, f);
    if (candlesDue) this.lastCandles = now;
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      await forgetSecondsBefore(this.o.db, Math.floor(now / 1000) - (this.o.keepSeconds ?? keepSecondsFor(600_000)));
      await forgetOldCandles(this.o.db, now);
      this.lastPrune = now;
    }
  }

  private async seconds(symbol: string, now: number): Promise<{ accepted: Array<{ second: number; price: string }>; feed?: FeedRow; gap?: Gap }> {
    const nowSecond = Math.floor(now / 1000);
    const feed = this.feeds.get(symbol);
    const floor = nowSecond - (this.o.backfillSeconds ?? 3600);
    const from = Math.max(feed ? feed.completeTo + 1 : nowSecond - 60, floor);
    // Older than the fill window: not fetched, so never a price (an order expiring there is refunded).
    const gap = feed && feed.completeTo + 1 < from ? { symbol, from: feed.completeTo + 1, to: from - 1 } : undefined;
    const fetched: FeedCandle[] = [];
    // A page cut by the exchange's limit (300 or 1000) short of now: a restart or a jump of the
    // clock is caught up in this pass, not one page a second.
    for (let at = from, page = 0; page < 16; page++) {
      const got = await this.o.exchange.candles(symbol, '1s', { from: at * 1000, limit: 1000 });
      fetched.push(...got);
      const last = Math.max(...got.map((c) => c.time / 1000));
      if (got.length < 300 || !(last >= at) || last >= nowSecond - 1) break;
      at = Math.floor(last) + 1;
    }
    // Nothing later than this pass's own now: a pass that began before a jump of the clock (or a
    // feed ahead of ours) would otherwise vouch for the seconds between, never fetched, as complete.
    const rows = fetched.filter((c) => c.time % 1000 === 0 && c.time >= from * 1000 && c.time <= now).sort((a, b) => a.time - b.time);
    const accepted: Array<{ second: number; price: string }> = [];
    let newest = from - 1;
    let last = feed && feed.priceTime > 0 ? { second: Math.floor(feed.priceTime / 1000), price: feed.price } : undefined;
    for (const row of dedupe(rows)) {
      const second = row.time / 1000;
      newest = second;
      const verdict = this.judge(symbol, second, row.close, last?.price);
      // The held second read again is no second reading: what follows it decides.
      if (verdict === 'again' || verdict === 'hold') continue;
      if (verdict === 'confirm') {
        accepted.push(this.held.get(symbol)!);
        this.held.delete(symbol);
      }
      accepted.push({ second, price: row.close });
      last = { second, price: row.close };
    }
    const heldAt = this.held.get(symbol)?.second;
    // The newest second may still be trading: only the ones before it are complete. A held price
    // keeps its own second (and all after it) incomplete until it is confirmed or dropped.
    const completeTo = Math.max(feed?.completeTo ?? from - 1, Math.min(newest - 1, heldAt === undefined ? Infinity : heldAt - 1));
    const ticker = this.tickers.get(symbol);
    const price = last?.price ?? ticker?.price;
    if (price === undefined) return { accepted, gap };
    return {
      accepted,
      gap,
      feed: {
        symbol,
        price,
        open: ticker?.open ?? price,
        high: ticker?.high ?? price,
        low: ticker?.low ?? price,
        volume: ticker?.volume ?? '0',
        priceTime: last ? last.second * 1000 : 0,
        completeTo,
        precision: this.o.precision(symbol),
      },
    };
  }

  private judge(symbol: string, second: number, price: string, reference: string | undefined): Verdict {
    const near = (a: string, b: string) => Math.abs(Number(a) / Number(b) - 1) <= this.spike;
    const held = this.held.get(symbol);
    if (held) {
      if (second <= held.second) return 'again';
      if (near(price, held.price)) return 'confirm';
      this.held.delete(symbol);
      if (reference === undefined || near(price, reference)) return 'accept';
      this.held.set(symbol, { second, price });
      return 'hold';
    }
    if (reference === undefined || near(price, reference)) return 'accept';
    this.held.set(symbol, { second, price });
    return 'hold';
  }

  /** Whether a price is being held for confirmation (for tests and the log). */
  holding(symbol: string): boolean {
    return this.held.has(symbol);
  }
}

/** Exchanges may repeat a candle in one answer; the last copy of an open time is the newest. */
function dedupe(rows: FeedCandle[]): FeedCandle[] {
  return [...new Map(rows.map((r) => [r.time, r])).values()].sort((a, b) => a.time - b.time);
}
