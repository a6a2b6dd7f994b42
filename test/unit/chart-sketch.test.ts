import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { visibleWindow } from '../../src/chart/layout.ts';
import { sketchLayout } from '../../src/market/sketch.ts';
import type { CandleColumns, SketchAsk } from '../../src/shared/protocol.ts';

const sketch = suite("a chart's first picture lies where uPlot will draw it");

/** 120 one-minute candles, oldest first, rising by 1 a minute. */
const history = (): CandleColumns => {
  const c: CandleColumns = { time: [], open: [], high: [], low: [], close: [], volume: [] };
  for (let i = 0; i < 120; i++) {
    c.time.push(1_700_000_000 + i * 60);
    c.open.push(100 + i);
    c.close.push(101 + i);
    c.high.push(102 + i);
    c.low.push(99 + i);
    c.volume.push(10 + (i % 7));
  }
  return c;
};

const ask = (rtl: boolean): SketchAsk =>
  ({ width: 360, height: 240, pr: 2, rtl, up: '#0f0', down: '#f00', label: '219.00', words: ['O', 'H', 'L', 'C'] }) as SketchAsk;

sketch('left to right: half a default axis (25 px) before the plot, the price axis after it, the legend above, the time axis below', () => {
  const L = sketchLayout(history(), ask(false), 60, 50, 18);
  assert.equal([L.left, L.top, L.width, L.height], [25 * 2, 18 * 2, (360 - 25 - 50) * 2, (240 - 18 - 24) * 2]);
});

sketch('right to left: the price axis before the plot, the free half axis after it; a two-line legend lowers the plot by 18 px', () => {
  const L = sketchLayout(history(), ask(true), 60, 50, 36);
  assert.equal([L.left, L.top, L.width, L.height], [50 * 2, 36 * 2, (360 - 25 - 50) * 2, (240 - 36 - 24) * 2]);
});

sketch("the time window is the chart's: the latest candles that fit 5 px each and one empty slot", () => {
  const c = history();
  const L = sketchLayout(c, ask(false), 60, 50, 18);
  assert.equal([L.xMin, L.xMax], visibleWindow(c.time[119]!, 60, 360 - 25 - 50));
  assert.ok(c.time[L.i0]! >= L.xMin, 'the first candle drawn is inside the window');
  assert.ok(c.time[L.i0 - 1]! < L.xMin, 'the one before it is outside');
});

sketch("the price and volume ranges are the chart's, of the candles in the window: 35% below for the volume, 8% above, volume at a fifth", () => {
  const c = history();
  const L = sketchLayout(c, ask(false), 60, 50, 18);
  const lo = c.low[L.i0]!;
  const hi = c.high[119]!;
  assert.equal([L.yMin, L.yMax], [lo - (hi - lo) * 0.35, hi + (hi - lo) * 0.08]);
  assert.is(L.vMax, 16 * 5);
});

sketch.run();
