/** The market feed's settings from the environment; every bound is stated here and in docs/market-data.md. */
import { COINS } from './coins.ts';

export type FeedName = 'simulator' | 'binance' | 'okx';

export interface FeedConfig {
  feed: FeedName;
  /** The exchange's REST base URL (a mirror, a proxy or a test server may stand in). */
  url?: string;
  /** Binance's WebSocket streams base URL: one-second prices pushed instead of asked (REST stays the fallback). */
  wsUrl?: string;
  /** `btc:BTCUSDT,eth:ETHUSDT`: our symbol → the exchange's, where the default does not fit. */
  symbolSpec?: string;
  symbols: readonly string[];
  /** Newest price older than this: the symbol is stale (told in the app, new orders refused). */
  staleMs: number;
  /** An expired order without a price for its second is refunded after this long. */
  waitMaxMs: number;
  /** A price this far (a fraction) from the last one waits for a second reading. */
  spike: number;
}

const positive = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
};

export function feedConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FeedConfig {
  const name = (env.MARKET_FEED ?? 'simulator').toLowerCase();
  if (name !== 'simulator' && name !== 'binance' && name !== 'okx') {
    throw new Error(`MARKET_FEED must be simulator, binance or okx, not ${name}`);
  }
  return {
    feed: name,
    url: env.MARKET_FEED_URL || undefined,
    wsUrl: env.MARKET_FEED_WS_URL || undefined,
    symbolSpec: env.MARKET_SYMBOLS || undefined,
    symbols: COINS.map((c) => c.symbol),
    staleMs: positive(env.MARKET_STALE_MS, 10_000),
    waitMaxMs: positive(env.MARKET_WAIT_MAX_MS, 600_000),
    spike: positive(env.MARKET_SPIKE, 0.1),
  };
}

export const precisionOf = (symbol: string): number => COINS.find((c) => c.symbol === symbol)?.precision ?? 8;
