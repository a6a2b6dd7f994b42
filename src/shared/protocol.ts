/**
 * Messages between the app and the market worker (src/market/worker.ts). The worker owns all
 * market polling and posts only what changed; the app applies each message in one batch.
 */
import type { KlinePeriod, Ticker } from './contract.ts';

export type ToWorker =
  | {
      type: 'start';
      /** Origin of the API, '' for the page's own. */
      baseUrl: string;
      token?: string;
      /** The chart's ticker; null while no chart is shown (only tickers are polled). */
      symbol: string | null;
      period: KlinePeriod;
      /** The data saver (lib/save-data.ts): poll every 15 s instead of 5 s, a first history of 120 candles. */
      saveData: boolean;
      /**
       * The ticker list the page has just polled itself (boot/live-rows.ts): held as if this
       * worker had polled it, so its first poll comes one interval later, not now.
       */
      listed?: Ticker[];
    }
  | { type: 'select'; symbol: string | null }
  /**
   * Fetch this history now, at low priority, and hold it: the chart that selects it next gets it
   * without a second fetch (home prefetches the selected ticker before a tap).
   */
  | {
      type: 'prefetch';
      symbol: string;
      period: KlinePeriod;
      /** A history the worker before this one fetched (`retired`): held as it is, not fetched again. */
      columns?: CandleColumns;
      /** The page asked for it itself (boot/live-rows.ts): its answer comes as `landed`, not asked again. */
      coming?: true;
      /** Draw its first picture for a screen whose chart code is still on its way. */
      sketch?: SketchAsk;
    }
  /** The page's answer to the history it said was `coming`: the envelope, or null when the call failed. */
  | { type: 'landed'; body: unknown }
  | { type: 'period'; period: KlinePeriod }
  | { type: 'token'; token: string | null }
  /** The user turned the data saver on or off: the next poll is 15 s or 5 s away. */
  | { type: 'saveData'; on: boolean }
  /** The chart was scrolled back to its oldest candle: load the whole history (the data saver loads 120). */
  | { type: 'older' }
  | { type: 'visibility'; hidden: boolean }
  /** The device is back online: a backing-off worker polls now instead of at its next retry. */
  | { type: 'online' }
  | { type: 'stop' }
  /**
   * A worker replaced by one under the service worker: it stops polling, lets a prefetch or a poll
   * on its way finish, and answers `retired` with the history it holds for the new worker.
   */
  | { type: 'retire' };

/** What the picture of a chart (market/sketch.ts) is drawn for; it is posted back as an ImageBitmap on `port`. */
export interface SketchAsk {
  port: MessagePort;
  /** The chart's box in CSS px, and the page's pixel ratio. */
  width: number;
  height: number;
  pr: number;
  rtl: boolean;
  up: string;
  down: string;
  /** The last price as the price axis writes it: the axis and the legend's prices are as wide. */
  label: string;
  /** The legend's words for open, high, low and close. */
  words: string[];
}

/** Candles in uPlot's column shape, oldest first: time in epoch seconds, prices as numbers. */
export interface CandleColumns {
  time: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

export const COLUMN_KEYS = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;

export type CandleDiff =
  /** Replace everything held (an empty reset clears the chart while a new history loads). */
  | { kind: 'reset'; columns: CandleColumns }
  /** Keep the first `at` candles, append `columns`, then drop `drop` candles from the front. */
  | { kind: 'patch'; at: number; drop: number; columns: CandleColumns };

export type FromWorker =
  | { type: 'tickers'; changed: Ticker[] }
  /** What the worker's own fetches received, as [url, transferSize, encodedBodySize] (Resource Timing), for the data meter. */
  | { type: 'bytes'; entries: [string, number, number][] }
  /** The answer to `retire`: the history it held, prefetched or its chart's, for the worker taking its place. */
  | { type: 'retired'; history: { symbol: string; period: KlinePeriod; columns: CandleColumns } | null }
  | ({ type: 'candles'; symbol: string; period: KlinePeriod } & CandleDiff)
  | {
      type: 'status';
      /** `backoff`: the last poll failed and the next try comes in `retryInMs`. */
      state: 'ok' | 'backoff';
      retryInMs: number;
    };

export const emptyColumns = (): CandleColumns => ({ time: [], open: [], high: [], low: [], close: [], volume: [] });

/** Applies a diff in place: worker and app run the same code, so their columns stay equal. */
export const applyCandles = (held: CandleColumns, diff: CandleDiff): void => {
  for (const key of COLUMN_KEYS) {
    const col = held[key];
    col.length = diff.kind === 'reset' ? 0 : diff.at;
    for (const x of diff.columns[key]) col.push(x);
    if (diff.kind === 'patch' && diff.drop > 0) col.splice(0, diff.drop);
  }
};
