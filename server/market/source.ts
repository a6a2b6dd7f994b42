/** What the server needs from a market feed; the simulator implements it, a real feed could too. */
import type { Candle, Decimal, KlinePeriod, Ticker } from '../../src/shared/contract.ts';

export const KLINE_PERIODS: readonly KlinePeriod[] = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day'];

/** Most candles one history answer carries (SPEC §9 candle size). */
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
  candles(symbol: string, period: KlinePeriod, size: number, since?: number): Candle[];
  /** The traded price at an instant (the tick of that second): what orders open and settle at. */
  priceAt(symbol: string, timeMs: number): Decimal;
}
