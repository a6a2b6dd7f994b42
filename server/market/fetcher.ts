/**
 * The one fetching process's work: second prices, 24 h tickers and candles from the exchange into
 * the database, which every process then serves and settles from.
 *
 * Second prices come from one-second candles (their close is the second's last trade). Every
 * second before the newest one the exchange returned is complete (`complete_to`): a second missing
 * below it had no trade.
 *
 * Every price passes the gate (plausible.ts) first. A refused reading halts its symbol: nothing
 * from it on is stored or complete, so no order opens or settles there, and the halt is stored
 * with the symbol's feed row for every process to see. It ends when trusted readings have come
 * for `resumeMs` in a row, or when an operator ends it; either way the halted seconds are
 * recorded as skipped (`market_gaps`): no trusted price exists for them, so an order expiring in
 * them is refunded, never settled at a price from before the halt.
 *
 * A fetcher that comes back after more than its fill window (a stopped service, an exchange down
 * for hours) fetches only the window; the seconds before it are stored as skipped (`market_gaps`),
 * in the same transaction as the `complete_to` that passes over them, so no order settles on them.
 */
import { type Exchange, type FeedCandle, type FeedTicker, PERIOD_MS } from './feeds/types.ts';
import { keepSecondsFor, PRUNE_EVERY_MS, type FetcherOptions } from './fetcher-options.ts';
import { haltSayer, type Halt, type Refused } from './halt-log.ts';
import { type GateBounds, plausibleCandle, type Refusal, refusal, type Trusted, wellFormed } from './plausible.ts';
import { KLINE_PERIODS, MAX_CANDLES } from './source.ts';
import {
  type CandleRow,
  type FeedRow,
  forgetOldCandles,
  forgetSecondsBefore,
  type Gap,
  newestCandleTimes,
  readFeeds,
  readReleases,
  recordGaps,
  saveFeeds,
  upsertCandles,
  upsertSeconds,
} from './store.ts';

/** How long a second feed's last price stands for the moments after it. */
const OTHER_WITHIN_MS = 10_000;

export class Fetcher {
  private readonly feeds = new Map<string, FeedRow>();
  private readonly tickers = new Map<string, FeedTicker>();
  /** Operator decisions read this pass: symbol → epoch ms. */
  private releases = new Map<string, number>();
  /** The halt each symbol's log line was written for, so a retried pass does not say it again. */
  private readonly told = new Map<string, number | null>();
  private lastTickers = -Infinity;
  private lastCandles = -Infinity;
  private lastPrune = -Infinity;
  private readonly bounds: GateBounds;

  constructor(private readonly o: FetcherOptions) {
    this.bounds = { spike: o.spike ?? 0.1, agree: o.agree ?? 0.01 };
  }

  /** What the database already has: a restart continues where the last leader stopped, halts included. */
  async load(): Promise<void> {
    this.feeds.clear();
    for (const row of await readFeeds(this.o.db)) {
      this.feeds.set(row.symbol, row);
      this.told.set(row.symbol, row.haltedSince);
    }
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
          for (const c of candles) if (this.storable(symbol, c, length)) rows.push({ ...c, symbol, period });
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
      for (const t of await this.o.exchange.tickers(this.o.symbols)) {
        // A ticker with a price the gate would refuse is not shown; the last good one stays.
        if ([t.price, t.open, t.high, t.low].every(wellFormed)) this.tickers.set(t.symbol, t);
      }
      this.lastTickers = now;
    }
    // Only the halted symbols can have been released; a healthy pass reads nothing more.
    this.releases = [...this.feeds.values()].some((f) => f.haltedSince !== null) ? await readReleases(this.o.db) : new Map();
    const seconds: Array<{ symbol: string; second: number; price: string }> = [];
    const feeds: FeedRow[] = [];
    const gaps: Gap[] = [];
    const said: Array<() => void> = [];
    for (const symbol of this.o.symbols) {
      const { accepted, feed, gaps: skipped, say } = await this.seconds(symbol, now);
      for (const a of accepted) seconds.push({ symbol, ...a });
      if (feed) feeds.push(feed);
      gaps.push(...skipped);
      if (say) said.push(say);
    }
    const candles: CandleRow[] = [];
    const candlesDue = now - this.lastCandles >= (this.o.candleEveryMs ?? 10_000);
    if (candlesDue) {
      const fresh = new Map(feeds.map((f) => [f.symbol, f]));
      for (const symbol of this.o.symbols) {
        for (const period of KLINE_PERIODS) {
          for (const c of await this.o.exchange.candles(symbol, period, { limit: 2 })) {
            if (this.storable(symbol, c, PERIOD_MS[period], fresh.get(symbol))) candles.push({ ...c, symbol, period });
          }
        }
      }
    }
    // A second is stored together with the `complete_to` that vouches for it, and a skipped one
    // is recorded with the `complete_to` that passes over them.
    await this.o.db.transaction(async (tx) => {
      await upsertSeconds(tx, seconds);
      await recordGaps(tx, gaps);
      await saveFeeds(tx, feeds);
      await upsertCandles(tx, candles);
    });
    for (const f of feeds) this.feeds.set(f.symbol, f);
    // Said once it is true for every process: a pass that failed to store says nothing.
    for (const say of said) say();
    if (candlesDue) this.lastCandles = now;
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      await forgetSecondsBefore(this.o.db, Math.floor(now / 1000) - (this.o.keepSeconds ?? keepSecondsFor(600_000)));
      await forgetOldCandles(this.o.db, now);
      this.lastPrune = now;
    }
  }

  /**
   * A chart candle is stored only when its prices pass the gate for its age, and never one
   * holding seconds of a halt (its high or low may be the refused price).
   */
  private storable(symbol: string, c: FeedCandle, lengthMs: number, feed = this.feeds.get(symbol)): boolean {
    if (c.time % lengthMs !== 0) return false;
    if (feed?.haltedSince != null && c.time + lengthMs > feed.haltedSince * 1000) return false;
    return plausibleCandle(c, lengthMs, this.bounds, trustedOf(feed));
  }

  /** One-second candles from `from` (epoch s) up to now, a page cut short of now asked again. */
  private async secondCandles(exchange: Exchange, symbol: string, from: number, nowSecond: number): Promise<FeedCandle[]> {
    const fetched: FeedCandle[] = [];
    // A page cut by the exchange's limit (300 or 1000) short of now: a restart or a jump of the
    // clock is caught up in this pass, not one page a second.
    for (let at = from, page = 0; page < 16; page++) {
      const got = await exchange.candles(symbol, '1s', { from: at * 1000, limit: 1000 });
      fetched.push(...got);
      const last = Math.max(...got.map((c) => c.time / 1000));
      if (got.length < 300 || !(last >= at) || last >= nowSecond - 1) break;
      at = Math.floor(last) + 1;
    }
    return fetched;
  }

  private async seconds(symbol: string, now: number): Promise<{ accepted: Array<{ second: number; price: string }>; feed?: FeedRow; gaps: Gap[]; say?: () => void }> {
    const nowSecond = Math.floor(now / 1000);
    const feed = this.feeds.get(symbol);
    const floor = nowSecond - (this.o.backfillSeconds ?? 3600);
    const from = Math.max(feed ? feed.completeTo + 1 : nowSecond - 60, floor);
    const gaps: Gap[] = [];
    const skip = (a: number, b: number) => void (a <= b && gaps.push({ symbol, from: a, to: b }));
    // Older than the fill window: not fetched, so never a price (an order expiring there is refunded).
    if (feed) skip(feed.completeTo + 1, from - 1);
    const fetched = await this.secondCandles(this.o.exchange, symbol, from, nowSecond);
    // Nothing later than this pass's own now: a pass that began before a jump of the clock (or a
    // feed ahead of ours) would otherwise vouch for the seconds between, never fetched, as complete.
    const inPass = (c: FeedCandle) => c.time % 1000 === 0 && c.time <= now;
    const rows = dedupe(fetched.filter((c) => inPass(c) && c.time >= from * 1000));
    const others = this.o.confirm
      ? dedupe((await this.secondCandles(this.o.confirm, symbol, from - OTHER_WITHIN_MS / 1000, nowSecond)).filter(inPass))
      : undefined;
    const otherAt = (second: number): string | null | undefined => {
      if (!others) return undefined;
      const at = second * 1000;
      let row: FeedCandle | undefined;
      for (const c of others) if (c.time <= at) row = c;
      return row && at - row.time <= OTHER_WITHIN_MS ? row.close : null;
    };

    let reference = trustedOf(feed);
    let halt: Halt | undefined = feed?.haltedSince != null ? { since: feed.haltedSince, reason: (feed.haltReason ?? 'jump') as Refusal } : undefined;
    const wasHalted = halt !== undefined;
    let ended: 'resumed' | 'released' | undefined;
    let vouched = -Infinity;
    // An operator trusted the market again: the halted seconds up to then have no price, and the
    // readings from then on are judged without the price before the halt.
    const released = this.releases.get(symbol);
    let judgeFrom = from;
    if (halt && released !== undefined && released >= halt.since * 1000) {
      judgeFrom = Math.max(from, Math.ceil(released / 1000));
      skip(Math.max(halt.since, from), judgeFrom - 1);
      vouched = judgeFrom - 1;
      halt = undefined;
      reference = undefined;
      ended = 'released';
    }
    // The move is allowed over the time up to the first refused reading, however long it lasts.
    const since = (second: number) => (reference ? (halt ? halt.since : second) * 1000 - reference.timeMs : 0);
    const accepted: Array<{ second: number; price: string }> = [];
    let clean: Array<{ second: number; price: string }> = [];
    let refused: Refused | undefined;
    let newest = from - 1;
    const resumeSeconds = Math.ceil((this.o.resumeMs ?? 10_000) / 1000);
    for (const row of rows) {
      const second = row.time / 1000;
      newest = second;
      if (second < judgeFrom) continue;
      const why = refusal(row.close, this.bounds, reference, since(second), otherAt(second));
      if (!halt) {
        if (why === null) {
          accepted.push({ second, price: row.close });
          reference = { price: row.close, timeMs: second * 1000 };
        } else {
          halt = { since: second, reason: why };
          refused = { price: row.close, reference: reference?.price };
        }
        continue;
      }
      if (why !== null) {
        // One refused reading starts the count of trusted ones again: a flapping feed stays halted.
        clean = [];
        halt.reason = why;
        continue;
      }
      clean.push({ second, price: row.close });
      if (second - clean[0]!.second >= resumeSeconds) {
        skip(Math.max(halt.since, from), clean[0]!.second - 1);
        accepted.push(...clean);
        reference = { price: row.close, timeMs: second * 1000 };
        clean = [];
        halt = undefined;
        ended = 'resumed';
      }
    }
    // The newest second may still be trading: only the ones before it are complete. A halt keeps
    // its first second (and all after it) incomplete until it ends.
    const completeTo = Math.max(feed?.completeTo ?? from - 1, vouched, halt ? Math.max(halt.since, from) - 1 : newest - 1);
    // While halted the 24 h figures stay as they were: the exchange's may hold the refused price.
    const ticker = halt ? undefined : this.tickers.get(symbol);
    const price = reference?.price ?? ticker?.price ?? feed?.price;
    if (price === undefined) return { accepted, gaps };
    const row: FeedRow = {
      symbol,
      price,
      open: ticker?.open ?? feed?.open ?? price,
      high: ticker?.high ?? feed?.high ?? price,
      low: ticker?.low ?? feed?.low ?? price,
      volume: ticker?.volume ?? feed?.volume ?? '0',
      priceTime: reference ? reference.timeMs : 0,
      completeTo,
      precision: this.o.precision(symbol),
      haltedSince: halt?.since ?? null,
      haltReason: halt?.reason ?? null,
      releasedAt: feed?.releasedAt ?? null,
    };
    return { accepted, gaps, feed: row, say: haltSayer(this.told, this.o.log, symbol, wasHalted, halt, ended, refused) };
  }
}

/** The last trusted price a feed row carries. */
const trustedOf = (feed: FeedRow | undefined): Trusted | undefined =>
  feed && feed.priceTime > 0 ? { price: feed.price, timeMs: feed.priceTime } : undefined;

/** Exchanges may repeat a candle in one answer; the last copy of an open time is the newest. */
function dedupe(rows: FeedCandle[]): FeedCandle[] {
  return [...new Map(rows.map((r) => [r.time, r])).values()].sort((a, b) => a.time - b.time);
}
