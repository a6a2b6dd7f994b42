import uPlot from 'uplot';
import type { CandleColumns } from '../shared/protocol';

export interface CandlePaint {
  up: string;
  down: string;
  /** Bars of traded volume along the bottom fifth of the plot. */
  volume: boolean;
  /** Seconds per candle, so a slot's width does not depend on gaps in the data. */
  step: number;
  lastLabel: string;
  /** The colour under the chart, to cover price labels near the last-price box. */
  background: string;
  /** How close, in CSS px, a price label may come to the last price before it is covered. */
  clearance: number;
  /** Label font in CSS px; scaled to the canvas each time its size is set, as the pixel ratio can change. */
  fontPx: number;
  family: string;
  rtl: boolean;
}

/** Canvas rectangles [x, y, width, height] in device pixels. */
export type Rects = number[];

interface Slot {
  left: number;
  top: number;
  width: number;
  height: number;
  wick: number;
  body: number;
}

/** The plot's box and a candle's body and wick widths, or null while there is nothing to draw. */
function slotOf(u: uPlot, c: CandleColumns, p: CandlePaint): Slot | null {
  const idxs = u.series[0].idxs;
  const xs = u.scales.x;
  if (!idxs || idxs[0] == null || idxs[1] == null || !c.time.length || xs.min == null || xs.max == null) return null;
  const { left, top, width, height } = u.bbox;
  const slot = (width * p.step) / (xs.max - xs.min);
  const wick = Math.max(1, Math.round(uPlot.pxRatio));
  let body = Math.max(wick, Math.round(slot * 0.7));
  if ((body - wick) & 1) body--;
  return { left, top, width, height, wick, body };
}

/**
 * Draws the volume and candles of `[i0, i1]` onto `ctx`, one path per colour, so a redraw costs a
 * handful of fills whatever the candle count, and nothing is allocated per candle.
 */
function candles(ctx: CanvasRenderingContext2D, u: uPlot, c: CandleColumns, p: CandlePaint, s: Slot, i0: number, i1: number): void {
  const { body, wick } = s;
  ctx.save();
  ctx.beginPath();
  ctx.rect(s.left, s.top, s.width, s.height);
  ctx.clip();

  if (p.volume) {
    ctx.globalAlpha = 0.3;
    const bottom = s.top + s.height;
    for (let pass = 0; pass < 2; pass++) {
      ctx.beginPath();
      for (let i = i0; i <= i1; i++) {
        if ((c.close[i] >= c.open[i]) !== (pass === 0)) continue;
        const x = Math.round(u.valToPos(c.time[i], 'x', true) - body / 2);
        const y = Math.round(u.valToPos(c.volume[i], 'v', true));
        ctx.rect(x, y, body, Math.max(1, bottom - y));
      }
      ctx.fillStyle = pass === 0 ? p.up : p.down;
      ctx.fill();
    }
    ctx.globalAlpha = 1;
  }

  for (let pass = 0; pass < 2; pass++) {
    ctx.beginPath();
    for (let i = i0; i <= i1; i++) {
      const o = c.open[i];
      const cl = c.close[i];
      if ((cl >= o) !== (pass === 0)) continue;
      const cx = Math.round(u.valToPos(c.time[i], 'x', true));
      const yh = Math.round(u.valToPos(c.high[i], 'y', true));
      const yl = Math.round(u.valToPos(c.low[i], 'y', true));
      const yo = Math.round(u.valToPos(o, 'y', true));
      const yc = Math.round(u.valToPos(cl, 'y', true));
      const bt = Math.min(yo, yc);
      ctx.rect(cx - (wick >> 1), yh, wick, Math.max(1, yl - yh));
      ctx.rect(cx - (body >> 1), bt, body, Math.max(wick, Math.abs(yc - yo)));
    }
    ctx.fillStyle = pass === 0 ? p.up : p.down;
    ctx.fill();
  }
  ctx.restore();
}

/**
 * Draws every candle but the last onto uPlot's canvas, after it has drawn the axes. The last one
 * is still forming and changes at every poll: it lives on a canvas of its own (`drawForming`).
 */
export function drawCandles(u: uPlot, c: CandleColumns, p: CandlePaint): void {
  const s = slotOf(u, c, p);
  if (!s) return;
  const i1 = Math.min(u.series[0].idxs![1]!, c.time.length - 2);
  candles(u.ctx, u, c, p, s, u.series[0].idxs![0]!, i1);
}

/**
 * Draws the last candle, its volume and the last-price marker onto `ctx`, a canvas over uPlot's
 * of the same size, on uPlot's scales; the price labels (`labels`, prices) close to the marker are
 * covered. Returns what it painted, for the next call to clear.
 */
export function drawForming(ctx: CanvasRenderingContext2D, u: uPlot, c: CandleColumns, p: CandlePaint, labels: readonly number[]): Rects {
  const s = slotOf(u, c, p);
  const last = c.time.length - 1;
  if (!s || u.series[0].idxs![1] !== last) return [];
  candles(ctx, u, c, p, s, last, last);
  const x = Math.round(u.valToPos(c.time[last], 'x', true) - s.body / 2) - 1;
  return [x, s.top, s.body + 2, s.height].concat(drawLastPrice(ctx, u, c, p, last, s, labels));
}

/**
 * The last price's font and alignment, set once on the overlay's context: it is the only text
 * drawn there, and parsing the font at every poll cost more than the drawing. Call again after the
 * canvas is resized, which resets its context.
 */
export function setLabelStyle(ctx: CanvasRenderingContext2D, p: CandlePaint): void {
  ctx.font = p.fontPx * uPlot.pxRatio + 'px ' + p.family;
  ctx.textBaseline = 'middle';
  ctx.textAlign = p.rtl ? 'right' : 'left';
}

const dash = [0, 0];

function drawLastPrice(ctx: CanvasRenderingContext2D, u: uPlot, c: CandleColumns, p: CandlePaint, last: number, s: Slot, labels: readonly number[]): Rects {
  const { left, width, top, height } = s;
  const pr = uPlot.pxRatio;
  const colour = c.close[last] >= c.open[last] ? p.up : p.down;
  const y = Math.round(u.valToPos(c.close[last], 'y', true)) + 0.5;
  if (y < top || y > top + height) return [];

  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1;
  dash[0] = dash[1] = 3 * pr;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(left, y);
  ctx.lineTo(left + width, y);
  ctx.stroke();

  const boxH = Math.round(16 * pr);
  const boxX = p.rtl ? 0 : left + width;
  const boxW = p.rtl ? left : ctx.canvas.width - boxX;
  const boxY = Math.round(Math.min(Math.max(y - boxH / 2, 0), ctx.canvas.height - boxH));
  const painted: Rects = [left, y - 1.5, width, 3, boxX, boxY, boxW, boxH];
  // A label closer than the clearance would peek out above or below the box: covered whole.
  const half = Math.ceil((p.fontPx / 2 + 2) * pr);
  ctx.fillStyle = p.background;
  for (const v of labels) {
    const ly = Math.round(u.valToPos(v, 'y', true));
    if (Math.abs(ly - y) >= p.clearance * pr) continue;
    ctx.fillRect(boxX, ly - half, boxW, 2 * half);
    painted.push(boxX, ly - half, boxW, 2 * half);
  }
  ctx.fillStyle = colour;
  ctx.fillRect(boxX, boxY, boxW, boxH);
  ctx.fillStyle = '#fff';
  ctx.fillText(p.lastLabel, p.rtl ? boxW - 6 * pr : boxX + 6 * pr, boxY + boxH / 2);
  ctx.restore();
  return painted;
}
