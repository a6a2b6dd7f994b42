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
  /** Label font in CSS px; scaled to the canvas at each draw, as the pixel ratio can change. */
  fontPx: number;
  family: string;
  rtl: boolean;
}

/**
 * Draws volume, candles and the last-price marker straight onto uPlot's canvas after it has drawn
 * the axes. One path per colour, so a redraw costs a handful of fills whatever the candle count,
 * and nothing is allocated per candle.
 */
export function drawCandles(u: uPlot, c: CandleColumns, p: CandlePaint): void {
  const idxs = u.series[0].idxs;
  const i0 = idxs && idxs[0];
  const i1 = idxs && idxs[1];
  const last = c.time.length - 1;
  const xs = u.scales.x;
  if (i0 == null || i1 == null || last < 0 || xs.min == null || xs.max == null) return;

  const ctx = u.ctx;
  const { left, top, width, height } = u.bbox;
  const pr = uPlot.pxRatio;
  const slot = (width * p.step) / (xs.max - xs.min);
  const wick = Math.max(1, Math.round(pr));
  let body = Math.max(wick, Math.round(slot * 0.7));
  if ((body - wick) & 1) body--;

  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();

  if (p.volume) {
    ctx.globalAlpha = 0.3;
    const bottom = top + height;
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

  drawLastPrice(u, c, p, last, left, width);
}

const dash = [0, 0];

function drawLastPrice(u: uPlot, c: CandleColumns, p: CandlePaint, last: number, left: number, width: number): void {
  const ctx = u.ctx;
  const { top, height } = u.bbox;
  const pr = uPlot.pxRatio;
  const colour = c.close[last] >= c.open[last] ? p.up : p.down;
  const y = Math.round(u.valToPos(c.close[last], 'y', true)) + 0.5;
  if (y < top || y > top + height) return;

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
  ctx.fillStyle = colour;
  ctx.fillRect(boxX, boxY, boxW, boxH);
  ctx.font = p.fontPx * pr + 'px ' + p.family;
  ctx.fillStyle = '#fff';
  ctx.textBaseline = 'middle';
  ctx.textAlign = p.rtl ? 'right' : 'left';
  ctx.fillText(p.lastLabel, p.rtl ? boxW - 6 * pr : boxX + 6 * pr, boxY + boxH / 2);
  ctx.restore();
}
