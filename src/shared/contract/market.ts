import type { Decimal } from './common.ts';

export interface Ticker {
  symbol: string;
  /** Display name, e.g. `BTC/USDT`. */
  name: string;
  price: Decimal;
  /** Opening price 24 h ago. */
  open: Decimal;
  /** 24 h change in percent, signed, two decimals. */
  change: Decimal;
  high: Decimal;
  low: Decimal;
  /** 24 h volume in coin units. */
  volume: Decimal;
  /** Seconds since the newest price, sent only when it is stale (older than the feed's bound). */
  age?: number;
  /** Sent only while its prices failed the server's price checks: new orders are refused (`market.halted`). */
  halted?: true;
}

export type { KlinePeriod } from '../kline-periods.ts';

export interface Candle {
  /** Open time of the candle. */
  time: number;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  volume: Decimal;
}

export interface Play {
  id: number;
  /** Expiry in seconds. */
  seconds: number;
  /** Rate of return in percent for a win, e.g. `"85"`. */
  rate: Decimal;
  minAmount: Decimal;
  maxAmount: Decimal;
}

/** `symbol` is `coin_currency`, e.g. `usdt_brl`. */
export interface RateItem {
  symbol: string;
  rate: Decimal;
}
