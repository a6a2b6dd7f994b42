/**
 * Why new orders on a quote are paused, from its ticker: the server refuses them while its prices
 * failed the price checks (`halted`, `market.halted`) or are older than the feed's bound (`age`,
 * `market.stale`), so the app does not offer them either. Null: orders are open.
 */
import { computed, type ReadableAtom } from 'nanostores';
import type { Ticker } from '../../shared/contract.ts';
import { $tickers } from '../../stores/trade.ts';

export type Paused = 'halted' | 'stale' | null;

export const pausedBy = (ticker: Ticker | undefined): Paused => (ticker?.halted ? 'halted' : ticker?.age ? 'stale' : null);

/** The pause of one quote as a store of its own: it changes when the pause does, not with every price tick. */
export const $paused = (symbol: string): ReadableAtom<Paused> => computed($tickers, (all) => pausedBy(all[symbol]));
