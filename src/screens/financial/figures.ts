import { mul, type MoneySettings } from '../../lib/money.ts';
import './style.css';

/** Income figures keep two decimals even where whole amounts are configured: 0.8 must not read as 1. */
export const incomeMoney = (m: MoneySettings): MoneySettings => ({ ...m, decimals: Math.max(m.decimals, 2) });

/** Income over a whole cycle: amount × daily rate / 100 × days (what the server pays, before its rounding to 8 decimals). */
export const cycleIncome = (amount: string, dailyRate: string, days: number): string =>
  mul(mul(amount, dailyRate), String(days / 100));
