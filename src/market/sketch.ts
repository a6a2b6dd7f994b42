/**
 * The first picture of a chart, drawn in the market worker from a history that came before the
 * quote screen's code: candles and volume where uPlot will draw them (src/chart/candle-chart.ts),
 * so its first draw over the picture moves no candle. No axes, grid or legend: those are uPlot's.
 */
import type { KlinePeriod } from '../shared/contract.ts';
import { PERIOD_SECONDS } from '../shared/kline-periods.ts';
import type { CandleColumns, SketchAsk } from '../shared/protocol.ts';

/** As the chart lays out: the time axis's height, uPlot's default axis size halved. */
const X_AXIS = 24;
const FREE_SIDE = 25;
const GAP = 6;
const MIN_SLOT = 5;

/** The plot box in device px, and the scales the chart's options give that history. */
export function sketchLayout(c: CandleColumns, s: SketchAsk, step: number, axis: number, legend: number) {
  const pr = s.pr;
  const left = Math.round((s.rtl ? axis : FREE_SIDE) * pr);
  const top = Math.round(legend * pr);
  const width = Math.round((s.width - axis - FREE_SIDE) * pr);
  const height = Math.round((s.height - legend - X_AXIS) * pr);
  const last = c.time.length - 1;
  const xMax = c.time[last] + step;
  const xMin = xMax - Math.max(2, Math.floor(width / pr / MIN_SLOT)) * step;
  let i0 = last;
  while (i0 > 0 && c.time[i0 - 1] >= xMin) i0--;
  let lo = Infinity;
  let hi = -Infinity;
  let vMax = 0;
  for (let i = i0; i <= last; i++) {
    lo = Math.min(lo, c.low[i]);
    hi = Math.max(hi, c.high[i]);
    vMax = Math.max(vMax, c.volume[i]);
  }
  const span = hi - lo || Math.abs(hi) * 0.01 || 1;
  return { left, top, width, height, i0, xMin, xMax, yMin: lo - span * 0.35, yMax: hi + span * 0.08, vMax: (vMax || 1) * 5 };
}

/** The picture, `s.width` by `s.height` CSS px at the page's pixel ratio. */
export function drawSketch(c: CandleColumns, period: KlinePeriod, s: SketchAsk): ImageBitmap {
  const step = PERIOD_SECONDS[period];
  const pr = s.pr;
  const canvas = new OffscreenCanvas(Math.round(s.width * pr), Math.round(s.height * pr));
  const ctx = canvas.getContext('2d')!;
  const family = 'px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';
  const width = (text: string, font: string) => ((ctx.font = font + family), ctx.measureText(text.replace(/\d/g, '0')).width);
  // The price axis is as wide as its widest label; the last price's is as wide as any of one shape.
  const axis = Math.ceil(width(s.label, '11')) + 2 * GAP;
  // The legend's four labelled prices (chart/legend.ts: 4 px inside its edges, 8 between, 3 around a
  // price) take a second 18 px line when one would not hold them.
  const line = s.words.reduce((w, word) => w + width(word, '10') + width(s.label, '500 10') + 14, 0);
  const L = sketchLayout(c, s, step, axis, line > s.width ? 36 : 18);
  const x = (t: number) => L.left + ((t - L.xMin) / (L.xMax - L.xMin)) * L.width;
  const y = (v: number, min: number, max: number) => L.top + (1 - (v - min) / (max - min)) * L.height;
  const wick = Math.max(1, Math.round(pr));
  let body = Math.max(wick, Math.round(((L.width * step) / (L.xMax - L.xMin)) * 0.7));
  if ((body - wick) & 1) body--;
  ctx.beginPath();
  ctx.rect(L.left, L.top, L.width, L.height);
  ctx.clip();
  for (let pass = 0; pass < 4; pass++) {
    const up = !(pass & 1);
    ctx.beginPath();
    for (let i = L.i0; i < c.time.length; i++) {
      if ((c.close[i] >= c.open[i]) !== up) continue;
      const cx = Math.round(x(c.time[i]));
      if (pass < 2) {
        const vy = Math.round(y(c.volume[i], 0, L.vMax));
        ctx.rect(Math.round(x(c.time[i]) - body / 2), vy, body, Math.max(1, L.top + L.height - vy));
        continue;
      }
      const yh = Math.round(y(c.high[i], L.yMin, L.yMax));
      const yo = Math.round(y(c.open[i], L.yMin, L.yMax));
      const yc = Math.round(y(c.close[i], L.yMin, L.yMax));
      ctx.rect(cx - (wick >> 1), yh, wick, Math.max(1, Math.round(y(c.low[i], L.yMin, L.yMax)) - yh));
      ctx.rect(cx - (body >> 1), Math.min(yo, yc), body, Math.max(wick, Math.abs(yc - yo)));
    }
    ctx.globalAlpha = pass < 2 ? 0.3 : 1;
    ctx.fillStyle = up ? s.up : s.down;
    ctx.fill();
  }
  return canvas.transferToImageBitmap();
}
