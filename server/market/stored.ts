/**
 * The market as stored by the fetching process (see fetcher.ts): every process serves tickers and
 * candles from the database, so the exchange sees one client however many processes run. Tickers
 * are re-read once a second into memory (they are on every poll); candles are read per answer,
 * which the routes already build once a second per question.
 */
import type { Candle, Decimal, KlinePeriod, Ticker } from '../../src/shared/contract.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { compareDecimal, toScale } from './decimal-text.ts';
import type { Refusal } from './plausible.ts';
import type { MarketSource } from './source.ts';
import { type FeedRow, readCandles, readFeeds, storedPriceAt } from './store.ts';
import { PERIOD_MS } from './feeds/types.ts';

/** Signed percent change with two decimals; display only, so a float is fine here. */
const percent = (from: string, to: string): string => {
  const f = Number(from);
  return f > 0 ? (((Number(to) - f) * 100) / f).toFixed(2).replace(/^-0\.00$/, '0.00') : '0.00';
};

const max = (a: string, b: string) => (compareDecimal(a, b) >= 0 ? a : b);
const min = (a: string, b: string) => (compareDecimal(a, b) <= 0 ? a : b);

export interface StoredMarketOptions {
  db: Db;
  symbols: readonly string[];
  now: () => number;
  /** A symbol whose newest price is older than this is stale: told to users, refused for new orders. */
  staleMs: number;
}

export class StoredMarket implements MarketSource {
  readonly symbols: readonly string[];
  private rows = new Map<string, FeedRow>();
  private list: { second: number; tickers: Ticker[] } | null = null;

  constructor(private readonly o: StoredMarketOptions) {
    this.symbols = o.symbols;
  }

  /** Re-reads the stored tickers; every process calls it once a second, the fetcher after each pass. */
  async refresh(): Promise<void> {
    const rows = await readFeeds(this.o.db);
    this.rows = new Map(rows.map((r) => [r.symbol, r]));
    this.list = null;
  }

  has(symbol: string): boolean {
    return this.symbols.includes(symbol);
  }

  tickers(): Ticker[] {
    const second = Math.floor(this.o.now() / 1000);
    if (this.list?.second === second) return this.list.tickers;
    const tickers: Ticker[] = [];
    for (const symbol of this.symbols) {
      const r = this.rows.get(symbol);
      if (!r) continue;
      const p = r.precision;
      // Only a stale price carries its age: a few bytes where they tell something, none otherwise.
      tickers.push({
        symbol,
        name: `${symbol.toUpperCase()}/USDT`,
        price: toScale(r.price, p),
        open: toScale(r.open, p),
        change: percent(r.open, r.price),
        // The 24 h figures are fetched less often than the price: the price is within them.
        high: toScale(max(r.high, r.price), p),
        low: toScale(min(r.low, r.price), p),
        volume: toScale(r.volume, 0),
        ...(this.stale(symbol) ? { age: Math.min(Math.floor(this.ageMs(symbol) / 1000), 999_999_999) } : {}),
        ...(r.haltedSince !== null ? { halted: true as const } : {}),
      });
    }
    this.list = { second, tickers };
    return tickers;
  }

  async candles(symbol: string, period: KlinePeriod, size: number, since?: number): Promise<Candle[]> {
    const r = this.rows.get(symbol);
    const p = r?.precision ?? 8;
    const rows = await readCandles(this.o.db, symbol, period, size, since);
    const out = rows.map((c) => ({
      time: c.time,
      open: toScale(c.open, p),
      high: toScale(c.high, p),
      low: toScale(c.low, p),
      close: toScale(c.close, p),
      volume: toScale(c.volume, 0),
    }));
    // The newest candle is fetched every few seconds, the price every second: the forming candle
    // closes at the newest price, as the exchange's own would.
    const forming = out[0];
    if (forming && r && r.priceTime >= forming.time && r.priceTime < forming.time + PERIOD_MS[period]) {
      const price = toScale(r.price, p);
      forming.close = price;
      forming.high = max(forming.high, price);
      forming.low = min(forming.low, price);
    }
    return out;
  }

  /** The newest stored price: what an order opens at (placing refuses a stale symbol first). */
  priceAt(symbol: string, _timeMs: number): Decimal {
    const r = this.rows.get(symbol);
    if (!r || r.priceTime <= 0) throw new RangeError(`no stored price for ${symbol}`);
    return toScale(r.price, r.precision);
  }

  async settlementPrice(symbol: string, timeMs: number, db: DbOrTx = this.o.db): Promise<Decimal | null | 'skipped'> {
    const price = await storedPriceAt(db, symbol, Math.floor(timeMs / 1000));
    return price === null || price === 'skipped' ? price : toScale(price, this.rows.get(symbol)?.precision ?? 0);
  }

  ageMs(symbol: string): number {
    const r = this.rows.get(symbol);
    return r && r.priceTime > 0 ? Math.max(0, this.o.now() - r.priceTime) : Infinity;
  }

  stale(symbol: string): boolean {
    return this.ageMs(symbol) > this.o.staleMs;
  }

  halted(symbol: string): Refusal | null {
    const r = this.rows.get(symbol);
    return r && r.haltedSince !== null ? ((r.haltReason ?? 'jump') as Refusal) : null;
  }

  /** Epoch s of the first refused reading of each halted symbol. */
  halts(): Array<{ symbol: string; since: number; reason: Refusal }> {
    return [...this.rows.values()].filter((r) => r.haltedSince !== null).map((r) => ({ symbol: r.symbol, since: r.haltedSince!, reason: (r.haltReason ?? 'jump') as Refusal }));
  }
}
