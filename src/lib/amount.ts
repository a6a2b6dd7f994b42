/** The SPEC §5 amount rule, apart from validators.ts because it needs exact decimal comparison. */
import { cmp, isDecimal } from './decimal.ts';
import { required, type Invalid } from './validators.ts';

/**
 * A positive decimal, within `min` and `max` when given; else the locale key of the message
 * (`v.amountMin` / `v.amountMax` take `{{min}}` / `{{max}}`).
 */
export function amount(v: string, min?: string | null, max?: string | null): Invalid {
  const empty = required(v);
  if (empty) return empty;
  if (!isDecimal(v) || cmp(v, 0) <= 0) return 'v.amount';
  if (isDecimal(min) && cmp(v, min as string) < 0) return 'v.amountMin';
  if (isDecimal(max) && cmp(v, max as string) > 0) return 'v.amountMax';
  return null;
}
