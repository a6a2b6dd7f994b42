/** The feed's log lines about a halted symbol: one when the halt begins, one when it ends. */
import type { FeedLog } from './fetcher-options.ts';
import type { Refusal } from './plausible.ts';

/** The price a halt began with and the trusted one before it, for its log line. */
export interface Refused {
  price: string;
  reference?: string;
}

export interface Halt {
  /** Epoch s of the first refused reading. */
  since: number;
  reason: Refusal;
}

/**
 * The words said once per halt: when it begins (with the price refused) and when it ends. `told`
 * holds, per symbol, the halt last spoken of (its start, or null once it ended).
 */
export function haltSayer(
  told: Map<string, number | null>,
  log: FeedLog | undefined,
  symbol: string,
  wasHalted: boolean,
  halt: Halt | undefined,
  ended: 'resumed' | 'released' | undefined,
  refused: Refused | undefined,
): (() => void) | undefined {
  const key = halt?.since ?? null;
  if (!log || told.get(symbol) === key || (!wasHalted && !halt && !ended)) return undefined;
  return () => {
    if (told.get(symbol) === key) return;
    told.set(symbol, key);
    if (halt) {
      const what = refused ? ` (${refused.price.slice(0, 40) || 'not a price'}${refused.reference ? ` after ${refused.reference}` : ''})` : '';
      log.warn(`market ${symbol}: halted, a price failed the checks: ${halt.reason}${what}; new orders refused until trusted prices return`);
    } else if (ended === 'released') log.warn(`market ${symbol}: halt ended by an operator; the market's price is trusted from now on`);
    else log.info(`market ${symbol}: trusted prices again; halt ended`);
  };
}
