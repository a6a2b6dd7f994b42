import { cmp, isDecimal, mul } from '../../shared/decimal.ts';

/** What a win pays on top of the amount: amount × rate / 100, exact; '0' while the amount is not a positive number. */
export const estimatedIncome = (amount: string, rate: string): string =>
  isDecimal(amount) && isDecimal(rate) && cmp(amount, 0) > 0 ? mul(mul(amount, rate), '0.01') : '0';
