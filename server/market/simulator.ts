/**
 * The simulated market: every process with the same seed shows the same prices for the same
 * instant, so several servers behind a load balancer agree without sharing any state.
 */
import type { Candle, Decimal, KlinePeriod, Ticker } from '../../src/shared/contract.ts';
import { COINS, type Coin } from './coins.ts';
import type { FeedPeriod } from './feeds/types.ts';
import { type Bar, CoinPath, LEVELS, pathCaches, SECOND_LEVEL } from './path.ts';
import { hashString } from './random.ts';
import type { MarketSource } from './source.ts';

const PERIOD_LEVEL: Record<KlinePeriod, number> = {
  '1day': 0,
  '4hour': 1,
  '60min': 2,
  '30min': 3,
  '15min': 4,
  '5min': 5,
  '1min': 6,
};

/** Integer smallest units → decimal string with exactly `decimals` places. */
export const formatUnits = (units: number, decimals: number): string => {
  if (decimals === 0) return String(units);
  const s = String(units).padStart(decimals + 1, '0');
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
};

/** Signed percent change with two decimals, e.g. `-1.25`. */
const percent = (from: number, to: number): string => {
  const bp = Math.round(((to - from) * 10000) / from);
  const sign = bp < 0 ? '-' : '';
  return sign + formatUnits(Math.abs(bp), 2);
};

export interface SimulatorOptions {
  seed: number | string;
  /** Clock in epoch ms; tests pass their own. */
  now: () => number;
}

interface Entry {
  coin: Coin;
  path: CoinPath;
}

export class SimulatedMarket implements MarketSource {
  readonly symbols: readonly string[] = COINS.map((c) => c.symbol);
  private readonly now: () => number;
  private readonly coins = new Map<string, Entry>();
  private tickerCache: { second: number; list: Ticker[] } | null = null;

  constructor({ seed, now }: SimulatorOptions) {
    this.now = now;
    const seedNumber = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
    const caches = pathCaches();
    COINS.forEach((coin, i) => this.coins.set(coin.symbol, { coin, path: new CoinPath(seedNumber, i, coin, caches) }));
  }

  has(symbol: string): boolean {
    return this.coins.has(symbol);
  }

  tickers(): Ticker[] {
    const second = Math.floor(this.now() / 1000);
    if (this.tickerCache?.second !== second) {
      this.tickerCache = { second, list: [...this.coins.values()].map((e) => this.ticker(e, second)) };
    }
    return this.tickerCache.list;
  }

  candles(symbol: string, period: KlinePeriod, size: number, since?: number): Candle[] {
    const { coin, path } = this.entry(symbol);
    const level = PERIOD_LEVEL[period];
    const length = LEVELS[level];
    const second = Math.floor(this.now() / 1000);
    const current = Math.floor(second / length);
    let first = current - size + 1;
    if (since !== undefined) first = Math.max(first, Math.ceil(since / 1000 / length));
    const out: Candle[] = [];
    for (let i = current; i >= first; i--) {
      const bar = i === current ? path.range(i * length, second) : path.bar(level, i);
      out.push(this.candle(coin, i * length * 1000, bar));
    }
    return out;
  }

  /**
   * Up to `limit` candles oldest first, from the one opening at or after `fromMs` (without it the
   * newest `limit`), the forming one last: what an exchange's history answers, for the stored path.
   */
  candlesFrom(symbol: string, period: FeedPeriod, fromMs: number | undefined, limit: number): Candle[] {
    const { coin, path } = this.entry(symbol);
    const level = period === '1s' ? SECOND_LEVEL : PERIOD_LEVEL[period];
    const length = LEVELS[level];
    const second = Math.floor(this.now() / 1000);
    const current = Math.floor(second / length);
    const first = fromMs === undefined ? current - limit + 1 : Math.ceil(fromMs / 1000 / length);
    const out: Candle[] = [];
    for (let i = first; i <= Math.min(current, first + limit - 1); i++) {
      out.push(this.candle(coin, i * length * 1000, i === current ? path.range(i * length, second) : path.bar(level, i)));
    }
    return out;
  }

  priceAt(symbol: string, timeMs: number): Decimal {
    const { coin, path } = this.entry(symbol);
    return formatUnits(path.bar(LEVELS.length - 1, Math.floor(timeMs / 1000)).c, coin.precision);
  }

  private entry(symbol: string): Entry {
    const e = this.coins.get(symbol);
    if (!e) throw new RangeError(`unknown symbol ${symbol}`);
    return e;
  }

  private ticker({ coin, path }: Entry, second: number): Ticker {
    const day = path.range(second - 86399, second);
    const p = coin.precision;
    return {
      symbol: coin.symbol,
      name: `${coin.symbol.toUpperCase()}/USDT`,
      price: formatUnits(day.c, p),
      open: formatUnits(day.o, p),
      change: percent(day.o, day.c),
      high: formatUnits(day.h, p),
      low: formatUnits(day.l, p),
      volume: formatUnits(day.v, coin.volumePrecision),
    };
  }

  private candle(coin: Coin, time: number, bar: Bar): Candle {
    const p = coin.precision;
    return {
      time,
      open: formatUnits(bar.o, p),
      high: formatUnits(bar.h, p),
      low: formatUnits(bar.l, p),
      close: formatUnits(bar.c, p),
      volume: formatUnits(bar.v, coin.volumePrecision),
    };
  }
}
