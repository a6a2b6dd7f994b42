import type { Decimal } from './common.ts';

/** `GET /h5/symbol/getContractMoney`: quick-pick amounts and the overall limits of all plays. */
export interface ContractMoney {
  presets: Decimal[];
  min: Decimal;
  max: Decimal;
}

export type OrderDirection = 'up' | 'down';

/**
 * Position tabs of the quote screen and the order list (docs/rules.md#position-tabs). `pending`: open, before expiry;
 * `closing`: expiry passed, waiting for the settlement job; `held`: both of those; `closed`:
 * settled, whatever the result; `completed`: settled with money paid back (win or tie); `all`.
 */
export const ORDER_TABS = ['pending', 'closing', 'closed', 'held', 'completed', 'all'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export type OrderResult = 'win' | 'loss' | 'tie';

/**
 * `no_price`: none arrived within the feed's wait bound after expiry; `feed_gap`: the expiry fell
 * in seconds the market feed skipped (it was interrupted for longer than it fills), so none ever will.
 */
export type RefundReason = 'no_price' | 'feed_gap';

/** A contract order (order fields: docs/rules.md#contract-orders). */
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
  /** `refunded`: no market price for its expiry (see `refundReason`); the amount came back. */
  status: 'open' | 'settled' | 'refunded';
  /** Why a refunded order has no price; null unless refunded. */
  refundReason: RefundReason | null;
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

/** `POST /h5/order/saveContactOrder`: every field in the query string, empty body (docs/rules.md#contract-orders). */
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
