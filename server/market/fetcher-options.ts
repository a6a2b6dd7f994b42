/** What the market fetcher is given, and how long what it stores is kept. */
import type { Db } from '../db/client.ts';
import type { Exchange } from './feeds/types.ts';

/** Where the feed says a symbol halted or resumed. */
export interface FeedLog {
  info(msg: string): void;
  warn(msg: string): void;
}

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
  /** The move allowed from the last trusted price within a minute (plausible.ts). */
  spike?: number;
  /** A second exchange whose price of the same moment must agree with this one's within `agree`. */
  confirm?: Exchange;
  agree?: number;
  /** A halted symbol resumes after this long of trusted readings in a row. */
  resumeMs?: number;
  /** One line when a symbol halts and one when it resumes. */
  log?: FeedLog;
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
