/** Keeps the last ticker of each symbol and reports the rows that changed. */
import type { Ticker } from '../shared/contract.ts';

/** `age` comes and goes with a stalled feed, `halted` with a feed whose prices failed the checks: their arrival and leaving are changes too. */
const FIELDS = ['name', 'price', 'open', 'change', 'high', 'low', 'volume', 'age', 'halted'] as const;

/** Updates `held` with `list` and returns the tickers that are new or differ in any field. */
export const diffTickers = (held: Map<string, Ticker>, list: Ticker[]): Ticker[] => {
  const changed: Ticker[] = [];
  for (const t of list) {
    const before = held.get(t.symbol);
    if (!before || FIELDS.some((f) => before[f] !== t[f])) {
      held.set(t.symbol, t);
      changed.push(t);
    }
  }
  return changed;
};
