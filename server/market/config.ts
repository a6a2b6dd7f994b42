/** The market feed's settings from the environment; every bound is stated here and in docs/market-data.md. */
import { COINS } from './coins.ts';

export type FeedName = 'simulator' | 'binance' | 'okx';
export type ExchangeName = Exclude<FeedName, 'simulator'>;

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
  /** The move (a fraction) a price may make from the last trusted one within a minute (server/market/plausible.ts). */
  spike: number;
  /** With a second feed: how far (a fraction) the two feeds' prices of one moment may be apart. */
  agree?: number;
  /** A halted symbol resumes after this long of trusted readings in a row. */
  resumeMs?: number;
  /** `MARKET_FEED=binance,okx`: the second exchange, whose prices must agree with the first's. */
  second?: { feed: ExchangeName; url?: string };
}

const positive = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
};

export function feedConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FeedConfig {
  const names = (env.MARKET_FEED || 'simulator').toLowerCase().split(',').map((n) => n.trim());
  const [name, other, ...more] = names;
  if (name !== 'simulator' && name !== 'binance' && name !== 'okx') {
    throw new Error(`MARKET_FEED must be simulator, binance or okx, not ${name}`);
  }
  if (more.length || (other !== undefined && (name === 'simulator' || (other !== 'binance' && other !== 'okx') || other === name))) {
    throw new Error(`MARKET_FEED takes one feed, or two different exchanges (binance,okx), not ${names.join(',')}`);
  }
  // One URL per feed, in the same order: `MARKET_FEED_URL=https://a.example,https://b.example`.
  const [url, secondUrl] = (env.MARKET_FEED_URL ?? '').split(',').map((u) => u.trim() || undefined);
  return {
    feed: name,
    url,
    ...(other ? { second: { feed: other, url: secondUrl } } : {}),
    wsUrl: env.MARKET_FEED_WS_URL || undefined,
    symbolSpec: env.MARKET_SYMBOLS || undefined,
    symbols: COINS.map((c) => c.symbol),
    staleMs: positive(env.MARKET_STALE_MS, 10_000),
    waitMaxMs: positive(env.MARKET_WAIT_MAX_MS, 600_000),
    spike: positive(env.MARKET_SPIKE, 0.1),
    agree: positive(env.MARKET_AGREE, 0.01),
    resumeMs: positive(env.MARKET_RESUME_MS, 10_000),
  };
}

export const precisionOf = (symbol: string): number => COINS.find((c) => c.symbol === symbol)?.precision ?? 8;
