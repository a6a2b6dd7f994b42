import type { KlinePeriod } from './contract.ts';

/**
 * A chart's first history: twice what a phone shows; the rest of the 500 once it is scrolled back to
 * the oldest. 500 candles are 55 KB brotli, twice the quote screen's code: on slow 3G a tap that
 * came before the prefetch waited 1.5 s for them; 120 are 13 KB.
 */
export const FIRST_CANDLES = 120;

/**
 * The API path of a chart's first history, as the market worker asks for it and as the live rows'
 * script asks for it before the worker runs (the worker then waits for that answer instead). The
 * script reads the ticker and period from storage: whatever is there stays one parameter each,
 * and the server refuses a period it does not know.
 */
export const firstHistoryPath = (symbol: string, period: KlinePeriod): string =>
  `/h5/symbol/getHistoryKline?symbol=${encodeURIComponent(symbol)}&period=${encodeURIComponent(period)}&size=${FIRST_CANDLES}`;
