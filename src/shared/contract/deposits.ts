import type { Decimal } from './common.ts';

export type PayChannelType = 'bank' | 'coin';

/**
 * `GET /h5/recharge/getPayChanelList` answers `PayChannel[]`. Amounts the user types are what the
 * wallet is credited; `payAmount` = amount × `exchangeRate` is what the user transfers, in
 * `currency` (the channel's currency or coin). `name` and `remark` are in the request's language
 * (`?lang=` or `Accept-Language`) where the operator has translated them, else as written.
 */
export interface PayChannel {
  id: number;
  type: PayChannelType;
  name: string;
  /** Currency or coin the user pays in, e.g. `BRL`, `USDT`. */
  currency: string;
  /** Units of `currency` per wallet unit. */
  exchangeRate: Decimal;
  /** When the server gave this rate (epoch ms): the rate in force at that moment. */
  rateAt: number;
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
  /** ISO 3166 country the channel is for, `XX` for none (docs/rules.md#bank-regions). */
  region: string;
}

/**
 * `POST /h5/recharge/submitRecharge` (JSON body, `Idempotency-Key`); answers `Deposit`, msg
 * "Deposit submitted, please wait for review". `proofImage` is the `name` (or `url`) returned by
 * `POST /common/oss/upload` from the same user; required when config `rechargeVoucherOn` is `1`.
 */
export interface SubmitRechargeRequest {
  channelId: number;
  /** What the wallet is credited, in the platform currency. */
  amount: Decimal;
  /**
   * The amount transferred in the channel's currency, when the user typed that one (at most 2
   * decimals on a bank channel, 8 on a coin channel): `amount` must then be what it credits at
   * the channel's rate (`payAmount ÷ exchangeRate`, cut to 8 decimals), else the deposit is
   * refused with `recharge.rateChanged`, the current credit in `params.amount` and the channel's
   * rate now in `params.rate`; the deposit
   * records this `payAmount` as typed.
   */
  payAmount?: Decimal;
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
  /** The operator's reason, when rejected: as typed, or the English text of a listed one. */
  rejectReason: string | null;
  /** A listed reason (`REVIEW_REASONS`), to word in the user's language; null when typed. */
  rejectReasonKey: string | null;
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
