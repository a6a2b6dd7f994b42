import type { KlinePeriod } from '../shared/contract';
import type { CandleColumns } from '../shared/protocol';

export interface CandleChartOptions {
  /** Decimals of the ticker's price; used by the default price format. */
  precision: number;
  period: KlinePeriod;
  /** Puts the price axis on the left (the end side in RTL); time still runs left to right. */
  rtl?: boolean;
  /** Language of the price format (the interface language); default en. */
  locale?: string;
  /** Volume bars along the bottom; default true. */
  volume?: boolean;
  /** Legend labels for open, high, low, close; default O H L C. */
  labels?: readonly [string, string, string, string];
  /** The user dragged back to the oldest candle held (once per count of candles held). */
  onOldest?: () => void;
  /** uPlot is set up (a task after the build): from now on an update is on the canvas as it returns. */
  onReady?: () => void;
}

export interface CandleChart {
  /**
   * Draws `columns`: the same arrays changed in place, or new ones; candles before `from` are as
   * last drawn (0, the default: all may be new, as after a reset). One redraw, of the last candle
   * alone when nothing else moves.
   */
  update(columns: CandleColumns, from?: number): void;
  resize(width: number, height: number): void;
  /** Empties the chart, as a period change resets the history (docs/rules.md#the-chart); update refills it. */
  setPeriod(period: KlinePeriod): void;
  /** For a ticker with other decimals. */
  setPrecision(precision: number): void;
  destroy(): void;
}
