import type { Decimal } from './common.ts';

// Every money submit (`submitRecharge`, `submitExpenses`/`saveWithdrawalOrder`, `bindCard`,
// `bindCoinAddress`, `bindCardQr`) accepts an `Idempotency-Key` header (1–64 characters of
// `A-Za-z0-9_-`): a retry with the same key, user and route answers the first result and moves no
// money twice; the same key with a different body is refused (409 `idempotency.mismatch`).
// Amounts are in the wallet's money unit; the app applies `moneyRatio` / `h5ExchangeRate` only to
// what it displays.

/** The `Idempotency-Key` header an app sends on every money submit (a fresh key per user action). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Wallet figures of `POST /h5/user/getUserInfo` (part of `UserInfo`). */
export interface WalletFigures {
  /** balance + frozen + savings + finance principal held: what `myTron` calls total assets too. */
  totalAssets: Decimal;
  /** What the user earned, all time: profit of won orders, finance income and savings interest. */
  totalIncome: Decimal;
  /** Bonus credits, all time (bill `bonus`): given, not earned, so never part of `totalIncome`. */
  bonus: Decimal;
}

/** `GET /background/bill/getAllWalletBizType` answers `WalletBizType[]`. */
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

/** `GET /background/recharge/rechargeStatus` and `/background/expenses/getExpendsAuditStatus` answer `StatusItem[]`. */
export interface StatusItem {
  status: string;
  /** English label; the app translates by `status`. */
  name: string;
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
