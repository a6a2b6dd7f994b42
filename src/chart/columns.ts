/** Candles in uPlot's column shape, as the market worker posts them: `time` in seconds. */
export interface CandleColumns {
  time: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}
