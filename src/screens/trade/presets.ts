import { cmp } from '../../shared/decimal.ts';
import type { Play } from '../../shared/contract.ts';

/** As many quick amounts as fit one row at 360 px. */
const MOST = 5;

/**
 * The quick amounts for an expiry (docs/rules.md#contract-orders): the operator's presets that
 * the expiry accepts, between its minimum and its maximum as the first and last. A preset the
 * expiry refuses is not offered at all, and the expiry's own limits are always one tap away.
 */
export function presetsFor(presets: readonly string[], play: Pick<Play, 'minAmount' | 'maxAmount'>): string[] {
  const inside = presets.filter((p) => cmp(p, play.minAmount) > 0 && cmp(p, play.maxAmount) < 0).sort(cmp);
  const ends = cmp(play.minAmount, play.maxAmount) < 0 ? [play.minAmount, play.maxAmount] : [play.maxAmount];
  return [ends[0]!, ...inside.slice(0, MOST - ends.length), ...ends.slice(1)];
}
