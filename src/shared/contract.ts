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

// ---- Finance products, savings, user centre, messages, content (issue 11) -------------------
// Days are UTC calendar days of the server clock. Income of a day is paid by the daily job once
// that day has ended (at or after 00:00 UTC of the next day), so "yesterday's income" is what the
// job paid this morning and "today's income" is what the day now running will pay at its end.

/** `GET /h5/licai/getSellProductList` (no token): products on sale; `GET /h5/licai/detail?id=` one of them. */
export interface FinanceProduct {
  id: number;
  name: string;
  /** Days of income before the principal comes back. */
  cycleDays: number;
  /** Income per day in percent of the amount, e.g. `"0.8"`. */
  dailyRate: Decimal;
  minAmount: Decimal;
  maxAmount: Decimal;
  /** Income over the whole cycle for `minAmount`, for the list card: min × rate / 100 × days. */
  minIncome: Decimal;
}

/**
 * `POST /h5/licai` (token, header `Idempotency-Key`: a retry with the same key answers the first
 * result and never buys twice): debits `amount` (bill `finance_buy`). Answers the new holding.
 * The holding earns from the next day; the last day's income comes with the principal (bills
 * `finance_income`, `finance_return`).
 */
export interface BuyFinanceRequest {
  productId: number;
  amount: Decimal;
}

export const FINANCE_TABS = ['all', 'holding', 'completed'] as const;
export type FinanceTab = (typeof FINANCE_TABS)[number];

export interface FinanceHolding {
  id: number;
  /** Written as the ref of the holding's bills. */
  orderNo: string;
  productId: number;
  productName: string;
  amount: Decimal;
  dailyRate: Decimal;
  cycleDays: number;
  /** Income over the whole cycle: amount × rate / 100 × days (each day rounded down to 8 decimals). */
  estimatedIncome: Decimal;
  /** Income paid so far (cumulative). */
  totalIncome: Decimal;
  /** What the day now running pays at its end; `0` before the first earning day and once completed. */
  todayIncome: Decimal;
  /** What the job paid for yesterday. */
  yesterdayIncome: Decimal;
  /** Days paid so far, 0…cycleDays. */
  paidDays: number;
  status: 'holding' | 'completed';
  /** Bought at (start time). */
  time: number;
  /** 00:00 UTC of the first earning day (the day after the purchase). */
  startsAt: number;
  /** When the principal comes back: end of the last earning day (end time). */
  endsAt: number;
  completedAt: number | null;
}

/** `GET /h5/licai/list?tab=&pageNum=&pageSize=` (token): the user's holdings, newest first, with totals over all of them. */
export interface FinanceListRequest {
  tab: FinanceTab;
  pageNum: number;
  /** At most 50. */
  pageSize: number;
}

export interface FinanceSummary {
  /** Principal of the holdings still running. */
  holdingAmount: Decimal;
  /** Income the running holdings will still pay until they end. */
  pendingIncome: Decimal;
  todayIncome: Decimal;
  yesterdayIncome: Decimal;
  /** All income ever paid by finance products. */
  totalIncome: Decimal;
}

export interface FinanceList extends Page<FinanceHolding> {
  summary: FinanceSummary;
}

/**
 * `GET /h5/user/yesterdayProfit` (token): the savings (yuebao) account. Money moved in on a day
 * earns from the next day; a day earns nothing when a withdrawal's pause of `pauseHours` touches
 * it; interest is paid to the wallet balance (bill `savings_income`), the principal stays.
 */
export interface SavingsSummary {
  /** Money in savings now. */
  balance: Decimal;
  /** Part of `balance` that earns today (excludes what came in today and what a pause blocks). */
  earning: Decimal;
  /** balance + cumulativeIncome: what the savings hold plus all they paid. */
  total: Decimal;
  /** Estimate of what today pays at its end. */
  todayIncome: Decimal;
  yesterdayIncome: Decimal;
  cumulativeIncome: Decimal;
  /** Daily rate in percent (config `savingsRate`). */
  rate: Decimal;
  /** Hours without interest after a withdrawal (config `savingsPauseHours`). */
  pauseHours: number;
  /** End of the current pause, or null when none runs. */
  pausedUntil: number | null;
}

/**
 * `POST /h5/user/openProfit` (token, header `Idempotency-Key`): `in` moves money from the wallet
 * into savings (bill `savings_in`), `out` back (bill `savings_out`, starts the pause). Answers the
 * new `SavingsSummary`.
 */
export interface SavingsTransferRequest {
  direction: 'in' | 'out';
  amount: Decimal;
}

/** `GET /h5/user/profitList?pageNum=&pageSize=` (token): `Page<SavingsIncome>`, newest day first; paused days are listed with `0`. */
export interface SavingsIncome {
  /** The earning day, `YYYY-MM-DD` (UTC). */
  day: string;
  /** Balance that earned. */
  base: Decimal;
  rate: Decimal;
  amount: Decimal;
  paused: boolean;
  /** When it was paid. */
  time: number;
}

/** `GET /h5/user/inviteCodeUrl` (token). */
export interface InviteInfo {
  code: string;
  /** Absolute registration link carrying the code (config `platform.inviteCodeUrl` + code). */
  link: string;
}

/** `GET /h5/user/myTron` (token): the total-assets card of the user centre, in the platform currency. */
export interface MyTron {
  balance: Decimal;
  frozen: Decimal;
  savings: Decimal;
  finance: Decimal;
  /** balance + frozen + savings + finance. */
  totalAssets: Decimal;
  /** Finance + savings income ever paid. */
  totalIncome: Decimal;
}

/** `POST /h5/user/setEmail` (token): binds an e-mail with the code `GET /common/email?email=` sent. `POST /h5/user/setPhone` takes `SetPhoneRequest`. */
export interface SetEmailRequest {
  email: string;
  code: string;
}

/** `POST /h5/user/logout` (token, empty body): the token stops working at once on every server process. */
export type LogoutResponse = null;

/**
 * `GET /h5/message/userMessage?pageNum=&pageSize=` (token): messages to this user and notices to
 * everyone, newest first, with this user's read state. `id` is `m<n>` for a message, `n<n>` for a
 * notice. Push `mes` means: refetch this list (and the unread count).
 */
export interface UserMessage {
  id: string;
  kind: 'message' | 'notice';
  title: string;
  /** Plain text: the app shows it as text, never as HTML. */
  content: string;
  read: boolean;
  time: number;
}

export interface UserMessageList extends Page<UserMessage> {
  unread: number;
}

/** `POST /h5/message/read` (token): marks the given ids (or everything with `all`) read; answers `{ unread }`. */
export interface MarkReadRequest {
  ids?: string[];
  all?: boolean;
}

export interface UnreadCount {
  unread: number;
}

/** `GET /h5/message/unread` (token): the badge count alone. */
export type UnreadResponse = UnreadCount;

/**
 * Static pages chosen by `Accept-Language` (or `?lang=`), English when the language has none:
 * `GET /h5/content/page?slug=about|statement|introduction`. Notices, marquee and banners
 * (`/h5/symbol/getNoticeList`, `/marquee`, `/getBannerList`) and news follow the same rule.
 */
export const PAGE_SLUGS = ['about', 'statement', 'introduction'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export interface ContentPage {
  slug: PageSlug;
  /** The language the text is in (the asked one, its base language, or `en`). */
  lang: string;
  title: string;
  /** Plain text; blank lines separate paragraphs. Never HTML. */
  body: string;
  updatedAt: number;
}

/** `GET /h5/content/news?pageNum=&pageSize=` (no token): `Page<NewsItem>`, newest first. */
export interface NewsItem {
  id: number;
  lang: string;
  title: string;
  /** Plain text, as `ContentPage.body`. */
  content: string;
  time: number;
}
// ---- end of issue 11 block ------------------------------------------------------------------
