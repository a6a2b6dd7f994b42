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
  /** Seconds since the newest price, sent only when it is stale (older than the feed's bound). */
  age?: number;
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

// The push socket's two constants live in socket-codes.ts, so the app's socket client can import
// them without the rest of this module's values (each lazy screen chunk counts its bytes).
export { PUSH_CODES, SOCKET_CLOSE_AUTH, SOCKET_CLOSE_RESTART, type PushCode } from './socket-codes.ts';
import type { PushCode } from './socket-codes.ts';

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
  /** `refunded`: no market price arrived for its expiry within the feed's bound; the amount came back. */
  status: 'open' | 'settled' | 'refunded';
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
  /** At most 100. */
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
  /** At most 100. */
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
  /** Daily rate in percent (config `savings.rate`). */
  rate: Decimal;
  /** Hours without interest after a withdrawal (config `savings.pauseHours`). */
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

/**
 * `GET /h5/user/savingsDetails?pageNum=&pageSize=` (token): `Page<SavingsDetail>`, newest first:
 * every move into and out of savings and every day's interest, so the list explains the balance.
 */
export type SavingsDetail =
  | { kind: 'in' | 'out'; amount: Decimal; time: number }
  | ({ kind: 'income' } & SavingsIncome);

/**
 * `GET /h5/licai/getVirtualDataList` (token): `RecentPurchase[]`, the latest real purchases of finance
 * products by any user, newest first (at most 20). The buyer's name is masked by the server; an
 * empty list means nobody has bought yet: nothing is ever invented to fill it.
 */
export interface RecentPurchase {
  /** The buyer's username masked, e.g. `de***1`. */
  name: string;
  productName: string;
  amount: Decimal;
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
/** A message the server wrote itself (a review outcome): the app words it in the user's language. */
/** `orderRefund`: a contract order refunded because no market price arrived for its expiry. */
export type MessageKey = 'deposit' | 'withdraw' | 'orderRefund';

export interface MessageParams {
  orderNo: string;
  /** Wallet amount, as the record has it. */
  amount: Decimal;
  /** The record's status: `DepositStatus` or `WithdrawStatus`. */
  status: string;
  /** What the outcome did to the balance. */
  effect?: 'credited' | 'returned';
  /** The operator's reason, as typed. */
  reason?: string;
}

export interface UserMessage {
  id: string;
  kind: 'message' | 'notice';
  /** English, for clients that do not know `key`. */
  title: string;
  /** Plain text: the app shows it as text, never as HTML. */
  content: string;
  key?: MessageKey;
  params?: MessageParams;
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

// ==== Money: wallet, deposits, withdrawals, payment methods (issue 10) =========================
//
// Every money submit (`submitRecharge`, `submitExpenses`/`saveWithdrawalOrder`, `bindCard`,
// `bindCoinAddress`, `bindCardQr`) accepts an `Idempotency-Key` header (1–64 characters of
// `A-Za-z0-9_-`): a retry with the same key, user and route answers the first result and moves no
// money twice; the same key with a different body is refused (409 `idempotency.mismatch`).
// Amounts are in the wallet's money unit; the app applies `moneyRatio` / `h5ExchangeRate` only to
// what it displays.

/** The `Idempotency-Key` header an app sends on every money submit (a fresh key per user action). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Wallet figures of `POST /h5/user/getUserInfo` (merged into `UserInfo` above). */
export interface UserInfo {
  /** balance + frozen + savings + finance principal held: what `myTron` calls total assets too. */
  totalAssets: Decimal;
  /** What the user earned, all time: profit of won orders, finance income and savings interest. */
  totalIncome: Decimal;
  /** Bonus credits, all time (bill `bonus`): given, not earned, so never part of `totalIncome`. */
  bonus: Decimal;
}

/**
 * `GET /h5/user/walletBill`: query string; answers `Page<WalletBill>`, newest first.
 * `startTime`/`endTime` are epoch ms, start inclusive, end exclusive.
 */
export interface WalletBillRequest {
  bizType?: string;
  startTime?: number;
  endTime?: number;
  pageNum?: number;
  /** At most 100. */
  pageSize?: number;
}

/** `GET /background/bill/getAllWalletBizType` answers `WalletBizType[]` (above). */

export type PayChannelType = 'bank' | 'coin';

/**
 * `GET /h5/recharge/getPayChanelList` answers `PayChannel[]`. Amounts the user types are what the
 * wallet is credited; `payAmount` = amount × `exchangeRate` is what the user transfers, in
 * `currency` (the channel's currency or coin).
 */
export interface PayChannel {
  id: number;
  type: PayChannelType;
  name: string;
  /** Currency or coin the user pays in, e.g. `BRL`, `USDT`. */
  currency: string;
  /** Units of `currency` per wallet unit. */
  exchangeRate: Decimal;
  minAmount: Decimal;
  maxAmount: Decimal;
  /** Bank channels: who, where and which account to transfer to. */
  payee: string | null;
  bankName: string | null;
  cardNo: string | null;
  /** Coin channels: network (`TRC20`, `ERC20`, `BEP20`, `BTC`) and the deposit address. */
  network: string | null;
  address: string | null;
  /** Coin channels: same-origin URL of an SVG QR code of `address`, rendered by the server. */
  qrImage: string | null;
  /** Free text from the operator (e.g. write your username in the transfer memo). */
  remark: string;
}

/**
 * `POST /h5/recharge/submitRecharge` (JSON body, `Idempotency-Key`); answers `Deposit`, msg
 * "Deposit submitted, please wait for review". `proofImage` is the `name` (or `url`) returned by
 * `POST /common/oss/upload` from the same user; required when config `rechargeVoucherOn` is `1`.
 */
export interface SubmitRechargeRequest {
  channelId: number;
  amount: Decimal;
  proofImage?: string;
}

export const DEPOSIT_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export interface Deposit {
  orderNo: string;
  time: number;
  channelId: number;
  channelName: string;
  type: PayChannelType;
  status: DepositStatus;
  /** Credited to the wallet on approval. */
  amount: Decimal;
  /** amount × exchangeRate, in `currency`. */
  payAmount: Decimal;
  currency: string;
  exchangeRate: Decimal;
  payee: string | null;
  bankName: string | null;
  cardNo: string | null;
  network: string | null;
  address: string | null;
  /**
   * `/prod-api/common/oss/file/<name>`: readable only by its owner and the operator, so the app
   * fetches it with the `Authorization` header and shows it as a blob URL (an `<img src>` sends no token).
   */
  proofImage: string | null;
  /** The operator's reason, when rejected. */
  rejectReason: string | null;
  reviewedAt: number | null;
}

/** `GET /h5/recharge/depositList`: query string; answers `Page<Deposit>`, newest first. */
export interface DepositListRequest {
  status?: DepositStatus;
  pageNum?: number;
  pageSize?: number;
}

/** `GET /h5/recharge/depositDetail?orderNo=`: answers `Deposit` (one's own only). */
export interface DepositDetailRequest {
  orderNo: string;
}

/** `GET /background/recharge/rechargeStatus` and `/background/expenses/getExpendsAuditStatus` answer `StatusItem[]`. */
export interface StatusItem {
  status: string;
  /** English label; the app translates by `status`. */
  name: string;
}

/**
 * Withdrawal statuses (SPEC §4). While `reviewing`, `frozen`, `waiting` or `paying`, amount + fee
 * sit in the frozen amount. `paid` and `succeeded` remove them from frozen (paid out);
 * `rejected`, `failed` and `no_payout` return them to the balance, with the operator's reason.
 * - reviewing: "In progress" — submitted, waiting for review
 * - frozen: "Frozen" — held by the operator for checks
 * - waiting: "Approved, awaiting payout" — approved for payment
 * - paying: "Paying" — the payout is on its way
 * - paid: "Successful withdrawal" — paid out
 * - succeeded: "Completed" — completed by the operator outside the payout queue
 * - no_payout: "Closed, nothing paid" — closed without paying out; funds returned
 * - rejected: "Rejected" — refused at review; funds returned
 * - failed: "Payout failed" — the payout failed; funds returned
 */
export const WITHDRAW_STATUSES = ['reviewing', 'frozen', 'waiting', 'paying', 'paid', 'succeeded', 'no_payout', 'rejected', 'failed'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

/** How the fee of a withdrawal is computed: max(amount × rate / 100, min) + fixed, rounded to 8 decimals. */
export interface FeeRule {
  /** Percent of the amount. */
  rate: Decimal;
  /** Smallest percentage part. */
  min: Decimal;
  fixed: Decimal;
}

/**
 * `GET /h5/expenses/getExpensesMoney` (optional query `amount`): what the withdraw screen shows.
 * `quote` is present when `amount` was sent: the server's fee and what arrives for that amount; an
 * amount outside the limits is refused with the submit's message (`withdraw.belowMin`,
 * `withdraw.aboveMax`, `withdraw.aboveTotal`).
 */
export interface ExpensesMoney {
  /** Available balance (what can be frozen for amount + fee). */
  available: Decimal;
  frozen: Decimal;
  feeRule: FeeRule;
  minAmount: Decimal;
  /** VIP maximum single withdrawal. */
  maxSingle: Decimal;
  /** VIP maximum total per day (UTC), and what is left of it today. */
  maxTotal: Decimal;
  remainingTotal: Decimal;
  /** A verification code is needed when `sms` or `email` (config `money.withdrawCodeType`). */
  codeType: 'none' | 'sms' | 'email';
  hasFundPassword: boolean;
  /** Locked after 5 wrong fund passwords: epoch ms when withdrawing opens again, else null. */
  lockedUntil: number | null;
  /** True only when payouts are configured to skip review (config `money.withdrawRealTime`). Never true today. */
  realTime: boolean;
  /** True only when the fee rule is all zeros. */
  free: boolean;
  quote?: WithdrawQuote;
}

export interface WithdrawQuote {
  amount: Decimal;
  fee: Decimal;
  /** amount + fee: what leaves the balance. */
  debit: Decimal;
  /** What the payee receives: the amount. */
  arrives: Decimal;
}

/**
 * `POST /h5/expenses/submitExpenses` (alias `POST /h5/expenses/saveWithdrawalOrder`), JSON body,
 * `Idempotency-Key`; answers `Withdrawal`, msg "Withdrawal application successful, please wait
 * for review". `code` is required when `ExpensesMoney.codeType` is not `none` (send it first with
 * `POST /h5/expenses/sendCode`).
 */
export interface SubmitExpensesRequest {
  /** Id of one of the caller's payment methods (bank card, PIX key or wallet address). */
  methodId: number;
  amount: Decimal;
  fundPassword: string;
  code?: string;
}

/** `POST /h5/expenses/sendCode`: sends a withdrawal code to the account's phone or e-mail; answers `{ target }` masked. */
export interface SendWithdrawCodeAnswer {
  channel: 'sms' | 'email';
  /** Masked phone or e-mail the code went to. */
  target: string;
  /** Seconds before another code may be sent. */
  resendSeconds: number;
}

export interface Withdrawal {
  orderNo: string;
  time: number;
  status: WithdrawStatus;
  amount: Decimal;
  fee: Decimal;
  /** What the payee receives. */
  arrives: Decimal;
  method: PaymentMethodKind;
  /** Snapshot of the payout target when submitted (the method may be deleted later). */
  payee: string | null;
  bankName: string | null;
  /** Card/account number, PIX key or wallet address. */
  account: string;
  network: string | null;
  /** The operator's reason (rejected, failed, no_payout) or note. */
  remark: string | null;
  reviewedAt: number | null;
}

/** `GET /h5/expenses/withdrawList`: query string; answers `Page<Withdrawal>`, newest first. */
export interface WithdrawListRequest {
  status?: WithdrawStatus;
  pageNum?: number;
  pageSize?: number;
}

/** `GET /h5/expenses/withdrawDetail?orderNo=`: answers `Withdrawal` (one's own only). */
export interface WithdrawDetailRequest {
  orderNo: string;
}

/** `GET /h5/expenses/myPacksNum`: counts for the user tab badges. */
export interface MyPacksNum {
  /** Bound payment methods by kind. */
  bank: number;
  pix: number;
  coin: number;
  qr: number;
  paypay: number;
  /** Withdrawals not finished yet (reviewing, frozen, waiting, paying). */
  withdrawing: number;
  /** Deposits waiting for review. */
  depositing: number;
}

export type PaymentMethodKind = 'bank' | 'pix' | 'coin' | 'qr' | 'paypay';

/** `GET /h5/expenses/getBankList` answers `Bank[]`. */
export interface Bank {
  code: string;
  name: string;
  /** ISO country, e.g. `BR`, `JP`. */
  country: string;
  /** Allowed digit counts of a card or account number at this bank. */
  cardLengths: number[];
}

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'random';

/** `GET /h5/expenses/pixType` answers `PixTypeItem[]`. */
export interface PixTypeItem {
  type: PixKeyType;
  /** English label; the app translates by `type`. */
  name: string;
  /** Example of a well-formed key. */
  example: string;
}

/** `GET /h5/expenses/getCoinList` answers `CoinItem[]`: coins a wallet address can be bound for. */
export interface CoinItem {
  coin: string;
  networks: string[];
}

/**
 * `POST /h5/expenses/bindCard` (JSON body, `Idempotency-Key`): a bank card/account or a PIX key.
 * Never a card's security code or expiry date. `payee` must equal the account's real name when
 * config `realNameOn` is `1` and a real name is set. Answers `PaymentMethod`.
 */
export type BindCardRequest =
  | {
      kind: 'bank';
      payee: string;
      bankCode: string;
      /** Digits only; the length must be one of the bank's `cardLengths`. */
      cardNo: string;
      branch?: string;
      /** Phone registered with the bank. */
      phone?: string;
    }
  | {
      kind: 'pix';
      payee: string;
      pixType: PixKeyType;
      /** CPF/CNPJ with valid check digits (punctuation allowed), e-mail, +55 phone, or a UUID. */
      pixKey: string;
    };

/** `POST /h5/expenses/bindCoinAddress` (JSON body, `Idempotency-Key`); answers `PaymentMethod`. */
export interface BindCoinAddressRequest {
  coin: string;
  /** `TRC20` (T + 33 base58), `ERC20`/`BEP20` (0x + 40 hex), `BTC` (bech32 bc1… or base58 1…/3…). */
  network: string;
  address: string;
}

/**
 * `POST /h5/expenses/bindCardQr` (JSON body, `Idempotency-Key`): a payment QR image (`qr`) or a
 * PayPay QR (`paypay`, Japan); `image` is an upload of the same user; with `id`, replaces that
 * QR method's image (the edit screen). Answers `PaymentMethod`.
 */
export interface BindCardQrRequest {
  kind: 'qr' | 'paypay';
  payee: string;
  image: string;
  id?: number;
}

/**
 * A bound payment method. `GET /h5/expenses/getMyBankCardList` answers the `bank`, `pix`, `qr`
 * and `paypay` ones, `GET /h5/expenses/getMyCoinAddressList` the `coin` ones, newest first.
 * Numbers come whole: the app masks them (SPEC §9).
 */
export interface PaymentMethod {
  id: number;
  kind: PaymentMethodKind;
  payee: string | null;
  bankCode: string | null;
  bankName: string | null;
  branch: string | null;
  phone: string | null;
  /** Card/account number (bank), PIX key (pix), wallet address (coin); null for QR kinds. */
  account: string | null;
  pixType: PixKeyType | null;
  coin: string | null;
  network: string | null;
  /** QR kinds: URL of the uploaded image, owner only, fetched like `Deposit.proofImage`. */
  image: string | null;
  time: number;
}

/** `POST /h5/expenses/delcob` (JSON body): deletes one of the caller's payment methods. */
export interface DeletePaymentMethodRequest {
  id: number;
}
// ==== end of money ==============================================================================
