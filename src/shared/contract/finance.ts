import type { Decimal, Page } from './common.ts';

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
