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
  /**
   * Set by the service worker on an answer it kept from an earlier visit because the network is
   * gone: when the server gave it (epoch ms). Never sent by the server.
   */
  cachedAt?: number;
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

/** Server push codes (SPEC §4). */
export const PUSH_CODES = ['is_order', 'mes', 'expenses', 'balance', 'complete', 'fail', 'again', 'input'] as const;
export type PushCode = (typeof PUSH_CODES)[number];

/**
 * The WebSocket at config `websocketUrl`. The client's first message is `auth` (the token never
 * goes in the URL); then it sends the text `ping` every 50 s and the server answers `pong`.
 */
export interface SocketAuth {
  type: 'auth';
  token: string;
}

/** Server messages other than `pong`: `ready` after a good token, `error` before closing with 4001. */
export type SocketServerMessage =
  | { type: 'ready'; userId: number }
  | { type: 'error'; code: number; key: string; msg: string }
  | SocketPush;

export interface SocketPush {
  code: PushCode;
  data?: Record<string, unknown>;
}

/** Close code for a missing, bad or expired token on the socket; the app does not reconnect until a new login. */
export const SOCKET_CLOSE_AUTH = 4001;

/** `POST /h5/user/register`; fields may come in the query string or the body. */
export interface RegisterRequest {
  username: string;
  password: string;
  confirmPassword?: string;
  inviteCode?: string;
  /** Image captcha answer and its `uuid`, when config `captchaOn` is `1`. */
  code?: string;
  uuid?: string;
}

/** `POST /login`; `username` may carry the config `loginPrefix`. */
export interface LoginRequest {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
}

/** `POST /h5/user/forget`: reset by a code sent to the account's phone or e-mail. */
export interface ForgetPasswordRequest {
  type: 'sms' | 'email';
  phone?: string;
  area?: string;
  email?: string;
  code: string;
  password: string;
  confirmPassword?: string;
}

export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
  confirmPassword?: string;
}

/** `oldPassword` is needed only when a fund password is already set. */
export interface ChangeWalletPasswordRequest {
  oldPassword?: string;
  newPassword: string;
  confirmPassword?: string;
}

export interface SetPhoneRequest {
  phone: string;
  area?: string;
  code: string;
}

export interface CaptchaImage {
  /** `data:image/svg+xml;base64,…` */
  img: string;
  uuid: string;
}

export interface VipLevel {
  level: number;
  name: string;
  /** Cumulative deposits that reach the level. */
  minDeposit: Decimal;
  condition: string;
  maxWithdrawal: Decimal;
}

export interface VipInformation {
  current: number;
  levels: VipLevel[];
}

export interface NoticeItem {
  id: number;
  title: string;
  content: string;
  time: number;
}

export interface MarqueeItem {
  id: number;
  content: string;
}

export interface BannerItem {
  id: number;
  title: string;
  /** Same-origin image path. */
  image: string;
  /** App route opened on tap; empty for none. */
  link: string;
}

export interface Community {
  id: number;
  name: string;
  icon: string;
  link: string;
}

/** `symbol` is `coin_currency`, e.g. `usdt_brl`. */
export interface RateItem {
  symbol: string;
  rate: Decimal;
}

/** `GET /h5/symbol/getContractMoney`: quick-pick amounts and the overall limits of all plays. */
export interface ContractMoney {
  presets: Decimal[];
  min: Decimal;
  max: Decimal;
}

export interface WalletBizType {
  type: string;
  /** English label; the app translates by `type`. */
  name: string;
}

export interface WalletBill {
  id: number;
  bizType: string;
  /** Signed change of the available balance. */
  amount: Decimal;
  balanceAfter: Decimal;
  frozenDelta: Decimal;
  remark: string;
  ref: string | null;
  time: number;
}

/** A page of a list; `total` counts every row, not only this page. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export type OrderDirection = 'up' | 'down';

/**
 * Position tabs of the quote screen and the order list (SPEC §2). `pending`: open, before expiry;
 * `closing`: expiry passed, waiting for the settlement job; `held`: both of those; `closed`:
 * settled, whatever the result; `completed`: settled with money paid back (win or tie); `all`.
 */
export const ORDER_TABS = ['pending', 'closing', 'closed', 'held', 'completed', 'all'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export type OrderResult = 'win' | 'loss' | 'tie';

/** A contract order (SPEC §3 order fields). */
export interface ContractOrder {
  orderNo: string;
  symbol: string;
  /** Display name of the ticker, e.g. `BTC/USDT`. */
  name: string;
  direction: OrderDirection;
  /** Investment amount. */
  amount: Decimal;
  /** Rate of return in percent for a win, as the play had it when the order was placed. */
  rate: Decimal;
  /** Expiry of the play in seconds. */
  seconds: number;
  /** What a win pays on top of the amount: amount × rate / 100. */
  estimatedIncome: Decimal;
  openPrice: Decimal;
  /** Price at the expiry instant; null until settled. */
  closePrice: Decimal | null;
  status: 'open' | 'settled';
  result: OrderResult | null;
  /** Credited at settlement: amount + income for a win, amount for a tie, 0 for a loss. */
  payout: Decimal | null;
  /** payout − amount; null until settled. */
  profit: Decimal | null;
  /** Placed at (start time). */
  time: number;
  /** Expiry instant (end time). */
  expiresAt: number;
  settledAt: number | null;
}

/** `POST /h5/order/saveContactOrder`: every field in the query string, empty body (SPEC §7). */
export interface SaveContactOrderRequest {
  symbol: string;
  /** `Play.id` of the chosen expiry. */
  playId: number;
  direction: OrderDirection;
  amount: Decimal;
}

/** `GET /h5/order/myOrderList`: query string; answers `Page<ContractOrder>`, newest first. */
export interface MyOrderListRequest {
  tab: OrderTab;
  /** 1-based. */
  pageNum: number;
  /** At most 50. */
  pageSize: number;
}
