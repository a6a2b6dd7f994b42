/**
 * Request and response types of `/prod-api`: the one vocabulary of app, worker and server.
 * Money, prices and rates travel as decimal strings; times as epoch milliseconds.
 */

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  /** Stable error key (e.g. `balance.insufficient`) the app translates; absent on success. */
  key?: string;
  /** Values for the placeholders of `key`'s text, e.g. `{ field: 'username' }`. */
  params?: Record<string, string | number>;
}

export type Decimal = string;

export interface ConfigItem {
  configKey: string;
  configValue: string;
}

export interface PlatformConfig {
  name: string;
  currencyCode: string;
  currency: string;
  languageCode: string;
  logoImg: string;
  inviteCodeUrl: string;
}

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
}

export type KlinePeriod = '1min' | '5min' | '15min' | '30min' | '60min' | '4hour' | '1day';

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

export interface UserInfo {
  userId: number;
  username: string;
  phone: string | null;
  email: string | null;
  realName: string | null;
  inviteCode: string;
  creditScore: number;
  vipLevel: number;
  vipName: string;
  avatar: string | null;
  hasFundPassword: boolean;
  balance: Decimal;
  frozen: Decimal;
  /** Global mask flag pushed by the operator (SPEC §4). */
  isOrder?: boolean;
}
