/**
 * The withdrawal fee, one rule for the server that books it and the screen that shows it before
 * the user confirms (docs/rules.md#withdrawals): max(amount × rate / 100, min) + fixed, rounded
 * half up to 8 decimals; amount + fee leave the balance. Exact decimal strings, no floats.
 */
import { add, cmp, fixed, mul } from './decimal.ts';

export interface FeeRule {
  /** Percent of the amount. */
  rate: string;
  min: string;
  fixed: string;
}

export interface Fee {
  fee: string;
  /** amount + fee: what leaves the balance. */
  debit: string;
}

export function withdrawFee(amount: string, rule: FeeRule): Fee {
  // × rate ÷ 100 is exact: a multiplication, then the point moved two places.
  const share = mul(mul(amount, rule.rate), '0.01');
  // Written as NUMERIC(20,8) writes it, so the screen's fee and the booked one are the same text.
  const fee = fixed(add(cmp(share, rule.min) < 0 ? rule.min : share, rule.fixed), 8);
  return { fee, debit: fixed(add(amount, fee), 8) };
}
