import type { Decimal } from './common.ts';

// Days are UTC calendar days of the server clock, as for finance products.

/**
 * `GET /h5/user/yesterdayProfit` (token): the savings account. Money moved in on a day
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
