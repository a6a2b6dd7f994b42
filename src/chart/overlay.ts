import type uPlot from 'uplot';
import { setLabelStyle, type CandlePaint, type Rects } from './draw-candles';

export interface Overlay {
  ctx: CanvasRenderingContext2D;
  /** Matches uPlot's canvas after a redraw (a new size resets the context), else clears `dirty`. */
  fit(dirty: Rects): void;
  clear(dirty: Rects): void;
}

/**
 * The forming candle, its volume and the last-price marker are drawn on a canvas of their own over
 * uPlot's: a poll that moves only them redraws that canvas, not the axes and the history.
 */
export function createOverlay(u: uPlot, paint: CandlePaint): Overlay {
  const canvas = document.createElement('canvas');
  canvas.className = 'cc-over';
  u.ctx.canvas.after(canvas);
  const ctx = canvas.getContext('2d')!;
  const clear = (d: Rects) => {
    for (let k = 0; k < d.length; k += 4) ctx.clearRect(d[k]!, d[k + 1]!, d[k + 2]!, d[k + 3]!);
  };
  return {
    ctx,
    clear,
    fit(dirty) {
      const { width, height } = u.ctx.canvas;
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
        setLabelStyle(ctx, paint);
      } else clear(dirty);
    },
  };
}
