import type uPlot from 'uplot';
import type { CandleColumns } from '../shared/protocol';
import type { Rects } from './draw-candles';

/**
 * What uPlot's canvas was last drawn from. A poll that moves only the forming candle within the
 * scales, the window and the price axis's width redraws the overlay alone; anything else needs a
 * full redraw, and this is what tells the two apart.
 */
export interface Drawn {
  len: number;
  time: number;
  label: string;
  /** What the y and volume scales were ranged from, as uPlot found them in the visible candles. */
  yMin: number | null;
  yMax: number | null;
  vMax: number | null;
  restLow: number;
  restHigh: number;
  restVolume: number;
  /** Prices of the price axis's labels. */
  labels: number[];
  /** What the overlay holds. */
  dirty: Rects;
}

export const nothingDrawn = (): Drawn => ({
  len: 0,
  time: NaN,
  label: '',
  yMin: null,
  yMax: null,
  vMax: null,
  restLow: Infinity,
  restHigh: -Infinity,
  restVolume: -Infinity,
  labels: [],
  dirty: [],
});

/** Notes what a full redraw of `cols`, with `label` as the last price, left on uPlot's canvas. */
export function keepDrawn(drawn: Drawn, u: uPlot, cols: CandleColumns, label: string): void {
  const last = cols.time.length - 1;
  const idxs = u.series[0].idxs;
  drawn.time = last < 0 ? NaN : cols.time[last];
  drawn.len = last + 1;
  drawn.label = label;
  // The scales' extremes without the last candle: it may move within them and change nothing else.
  let lo = Infinity;
  let hi = -Infinity;
  let vol = -Infinity;
  if (idxs && idxs[0] != null && idxs[1] != null) {
    for (let i = idxs[0]; i <= idxs[1] && i < last; i++) {
      lo = Math.min(lo, cols.low[i], cols.high[i]);
      hi = Math.max(hi, cols.low[i], cols.high[i]);
      vol = Math.max(vol, cols.volume[i]);
    }
  }
  drawn.restLow = lo;
  drawn.restHigh = hi;
  drawn.restVolume = vol;
}

/**
 * Would a full redraw for `c`, whose candles before the last are those drawn, leave uPlot's canvas
 * as it is? `labelWidth` measures the price axis a label needs.
 */
export function onlyLastMoved(
  drawn: Drawn,
  u: uPlot,
  c: CandleColumns,
  label: string,
  volume: boolean,
  labelWidth: (s: string) => number,
): boolean {
  const last = c.time.length - 1;
  const idxs = u.series[0].idxs;
  if (last < 0 || last + 1 !== drawn.len || c.time[last] !== drawn.time || !idxs || idxs[1] !== last) return false;
  if (Math.min(drawn.restLow, c.low[last], c.high[last]) !== drawn.yMin) return false;
  if (Math.max(drawn.restHigh, c.low[last], c.high[last]) !== drawn.yMax) return false;
  if (volume && Math.max(drawn.restVolume, c.volume[last]) !== drawn.vMax) return false;
  // The price axis keeps its width.
  return labelWidth(label) === labelWidth(drawn.label);
}
