import { cmp, isDecimal, mul } from '../../lib/decimal.ts';

/** What a win pays on top of the amount: amount × rate / 100, exact; '0' while the amount is not a positive number. */
export const estimatedIncome = (amount: string, rate: string): string =>
  isDecimal(amount) && isDecimal(rate) && cmp(amount, 0) > 0 ? mul(mul(amount, rate), '0.01') : '0';

/** Decimals of a price as the server writes it (`65012.30` → 2): the ticker's precision. */
export const precisionOf = (price: string | null | undefined): number => {
  const dot = price ? price.indexOf('.') : -1;
  return dot < 0 ? 0 : price!.length - dot - 1;
};
