/** What a fetcher needs from an exchange's public market data; one adapter per exchange. */
import type { KlinePeriod } from '../../../src/shared/contract.ts';
import { KLINE_PERIODS, PERIOD_SECONDS } from '../../../src/shared/kline-periods.ts';

/** Candle periods the fetcher asks for: the chart's, and one-second candles for settlement prices. */
export type FeedPeriod = KlinePeriod | '1s';

/** Length of each period in ms. */
export const PERIOD_MS = {
  '1s': 1e3,
  ...Object.fromEntries(KLINE_PERIODS.map((p) => [p, PERIOD_SECONDS[p] * 1e3])),
} as Record<FeedPeriod, number>;

export interface FeedCandle {
  /** Open time, epoch ms. */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface FeedTicker {
  /** Our symbol (`btc`), mapped back from the exchange's. */
  symbol: string;
  price: string;
  /** 24 h figures. */
  open: string;
  high: string;
  low: string;
  volume: string;
}

export interface Exchange {
  readonly name: string;
  tickers(symbols: readonly string[]): Promise<FeedTicker[]>;
  /** Candles opening at or after `from` (epoch ms), oldest first, at most `limit`; without `from` the newest ones. */
  candles(symbol: string, period: FeedPeriod, options: { from?: number; limit: number }): Promise<FeedCandle[]>;
}

/** The exchange asked us to slow down (429) or has banned the address for a while (418). */
export class RateLimited extends Error {
  constructor(
    readonly status: number,
    /** How long the exchange asked us to wait, in ms. */
    readonly retryAfterMs: number,
  ) {
    super(`exchange answered ${status}; retry after ${Math.round(retryAfterMs / 1000)} s`);
  }
}

/** Any other failed call: network, timeout, a 5xx, or an answer not in the documented format. */
export class FeedError extends Error {}

/** Our symbol → the exchange's, e.g. `btc` → `BTCUSDT`, from `MARKET_SYMBOLS=btc:BTCUSDT,eth:ETHUSDT`. */
export function symbolMap(symbols: readonly string[], spec: string | undefined, fallback: (symbol: string) => string): Map<string, string> {
  const map = new Map(symbols.map((s) => [s, fallback(s)]));
  for (const pair of (spec ?? '').split(',')) {
    const [ours, theirs] = pair.split(':').map((x) => x.trim());
    if (ours && theirs && map.has(ours.toLowerCase())) map.set(ours.toLowerCase(), theirs);
  }
  return map;
}

const DECIMAL = /^\d{1,20}(\.\d{1,20})?$/;

/**
 * A volume as the exchange wrote it, checked: a decimal string. The answer was parsed with
 * `parseExact`, so a JSON number arrives as its own digits, never a float's rounding of them.
 */
export function decimal(value: unknown, what: string): string {
  if (typeof value !== 'string' || !DECIMAL.test(value)) throw new FeedError(`${what} is not a decimal: ${String(value).slice(0, 40)}`);
  return value;
}

/**
 * A price as the exchange wrote it, unjudged: the price gate (../plausible.ts) decides per symbol
 * whether it is one, so a broken price halts its own symbol, not the whole answer. Anything but
 * text is kept as `''`, which the gate refuses.
 */
export const priceText = (value: unknown): string => (typeof value === 'string' ? value : '');

export function epochMs(value: unknown, what: string): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new FeedError(`${what} is not a time: ${String(value).slice(0, 40)}`);
  return n;
}

/** A kline row as both exchanges send it, `[openTime, open, high, low, close, volume, …]`, checked. */
export function candleRow(k: unknown, what: string): FeedCandle {
  if (!Array.isArray(k) || k.length < 6) throw new FeedError(`${what}: a row is not [time, open, high, low, close, volume, …]`);
  return {
    time: epochMs(k[0], `${what} open time`),
    open: priceText(k[1]),
    high: priceText(k[2]),
    low: priceText(k[3]),
    close: priceText(k[4]),
    volume: decimal(k[5], 'volume'),
  };
}

/** A 24 h ticker from the exchange's field names for last price, open, high, low and volume; prices unjudged, as in `candleRow`. */
export function tickerOf(symbol: string, t: Record<string, unknown>, names: readonly [price: string, open: string, high: string, low: string, volume: string]): FeedTicker {
  const [price, open, high, low, volume] = names;
  return { symbol, price: priceText(t[price]), open: priceText(t[open]), high: priceText(t[high]), low: priceText(t[low]), volume: decimal(t[volume], volume) };
}
