/** What the server needs from a market feed: the simulator and the stored exchange feed implement it. */
import type { Candle, Decimal, KlinePeriod, Ticker } from '../../src/shared/contract.ts';
import type { DbOrTx } from '../db/client.ts';
import type { Refusal } from './plausible.ts';

export { KLINE_PERIODS } from '../../src/shared/kline-periods.ts';

/** Most candles one history answer carries (candle size: docs/rules.md#market-data). */
export const MAX_CANDLES = 500;

export interface MarketSource {
  /** Symbols in home-list order (btc first). */
  readonly symbols: readonly string[];
  has(symbol: string): boolean;
  /** Every ticker with its last price and 24 h figures, in `symbols` order. */
  tickers(): Ticker[];
  /**
   * Up to `size` candles, newest first; the newest is the one still forming. With `since`
   * (an open time in ms) only candles opening at or after it.
   */
  candles(symbol: string, period: KlinePeriod, size: number, since?: number): Candle[] | Promise<Candle[]>;
  /** The traded price at an instant (the tick of that second): what orders open at. */
  priceAt(symbol: string, timeMs: number): Decimal;
  /**
   * What an order expiring at `timeMs` settles at: the last trade at or before that second, null
   * while that is not known yet (the order waits), or `skipped` when it never will be (the feed
   * skipped that second; the order is refunded). Without it, `priceAt` is used. `db`: the
   * caller's transaction (PGlite has one connection: a query beside it would wait for ever).
   */
  settlementPrice?(symbol: string, timeMs: number, db?: DbOrTx): Promise<Decimal | null | 'skipped'>;
  /** True when the newest price is older than the feed's bound: new orders are refused. */
  stale?(symbol: string): boolean;
  /** Why the symbol's prices are halted (a price failed the gate, plausible.ts), null when trusted: new orders are refused. */
  halted?(symbol: string): Refusal | null;
}
