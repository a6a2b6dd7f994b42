import uPlot from 'uplot';
import './candle-chart.css';
import { emptyColumns, type CandleColumns } from '../shared/protocol';
import { drawCandles, drawForming, type CandlePaint } from './draw-candles';
import { keepDrawn, nothingDrawn, onlyLastMoved } from './drawn';
import { createLegend, type Legend } from './legend';
import { createOverlay } from './overlay';
import { intlNumber } from '../shared/intl-number.ts';
import { axisWidth, memo, MIN_SLOT_PX, periodSeconds, timeLabeler, visibleWindow } from './layout';
import type { CandleChart, CandleChartOptions } from './options';
import { dragToScroll } from './drag';

export type { CandleColumns } from '../shared/protocol';
export type { CandleChart, CandleChartOptions } from './options';

const FONT_PX = 11;
const FAMILY = 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';
const AXIS_GAP = 6;
const DIGITS = /\d/g;
const DEFAULT_HEIGHT = 240;
/** Strip above the plot per line of the O/H/L/C legend, so it never covers candles. */
const LEGEND_H = 18;
/** Half the last-price box plus half a tick label: closer tick labels would sit under the box;
 * half of it is how close a label may come to the plot's edges before it pokes out of them. */
const LABEL_CLEARANCE = 15;

// The app's cached number format, so the chart writes prices as the rest of the screen does.
function priceFormat(precision: number, locale = 'en'): (n: number) => string {
  const f = intlNumber(locale, precision, true);
  return (n) => f.format(n);
}

/** Creates the candle chart inside `el` once; feed it with update afterwards. */
export function createCandleChart(el: HTMLElement, opts: CandleChartOptions): CandleChart {
  const css = getComputedStyle(el);
  const rtl = !!opts.rtl;
  const volume = opts.volume !== false;
  let format = memo(priceFormat(opts.precision, opts.locale));
  let timeLabel = memo(timeLabeler(opts.period));
  let cols: CandleColumns = emptyColumns();
  const aligned: number[][] = volume ? [[], [], [], []] : [[], [], []];

  const font = FONT_PX + 'px ' + FAMILY;
  const paint: CandlePaint = {
    up: css.getPropertyValue('--up').trim() || '#0ecb81',
    down: css.getPropertyValue('--down').trim() || '#f6465d',
    background: css.getPropertyValue('--bg').trim() || '#fff',
    clearance: LABEL_CLEARANCE,
    volume,
    step: periodSeconds(opts.period),
    lastLabel: '',
    fontPx: FONT_PX,
    family: FAMILY,
    rtl,
  };

  const measurer = document.createElement('canvas').getContext('2d')!;
  measurer.font = font;
  // Digits of UI fonts share one width, so every price of one shape measures the same: the axis
  // keeps its width while the price moves, and a new price needs no new measurement.
  const measureShape = memo((s: string) => measurer.measureText(s).width);
  const measure = (s: string) => measureShape(s.replace(DIGITS, '0'));
  const labelWidth = (s: string) => Math.ceil(measure(s)) + 2 * AXIS_GAP;

  const stroke = css.getPropertyValue('--fg2').trim() || '#8b949e';
  const grid = { stroke: css.getPropertyValue('--line').trim() || 'rgba(128,128,128,.2)', width: 1 };
  const noPaths = () => null;
  const hidden = { show: false };
  const priceSeries = { scale: 'y', paths: noPaths, points: hidden };
  let hovered: number | null = null;
  /** Candles the view is dragged back from the newest (0: the newest shows, as polls arrive). */
  let back = 0;
  /** The count of candles held when the oldest was last reached: asked for once per count. */
  let oldestAt = -1;
  let yAxisWidth = 2 * AXIS_GAP;
  let legend: Legend | undefined;
  const drawn = nothingDrawn();
  /** uPlot's own set-up: sizes, scales and the first draw, in a task after the one building it. */
  let init: (() => void) | undefined;
  const u = new uPlot(
    {
      width: el.clientWidth || 320,
      height: el.clientHeight || DEFAULT_HEIGHT,
      legend: hidden,
      padding: [() => LEGEND_H * (legend ? legend.rows() : 1), null, null, null],
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      cursor: { points: hidden, drag: { x: false, y: false, setScale: false } },
      scales: {
        x: {
          time: true,
          range: (self) => {
            const last = cols.time.length - 1;
            if (last < 0) return [0, 1];
            // The plot's width is known only after this range is used; estimate it from the last
            // layout, less what the price axis will grow by for the new labels (e.g. after a reset).
            const axis = Math.max(yAxisWidth, labelWidth(paint.lastLabel));
            const plot = (self.bbox.width ? self.bbox.width / uPlot.pxRatio : self.width) - (axis - yAxisWidth);
            return visibleWindow(cols.time[last - Math.min(back, last)], paint.step, plot);
          },
        },
        y: {
          range: (_, min, max) => {
            drawn.yMin = min;
            drawn.yMax = max;
            if (min == null || max == null) return [0, 1];
            const span = max - min || Math.abs(max) * 0.01 || 1;
            return [min - span * (volume ? 0.35 : 0.08), max + span * 0.08];
          },
        },
        v: { range: (_, __, max) => [0, ((drawn.vMax = max) || 1) * 5] },
      },
      series: volume
        ? [{}, priceSeries, priceSeries, { scale: 'v', paths: noPaths, points: hidden }]
        : [{}, priceSeries, priceSeries],
      axes: [
        {
          font,
          stroke,
          space: 44,
          size: 24,
          gap: 4,
          ticks: hidden,
          grid,
          values: (_, splits) => splits.map((t) => (cols.time.length ? timeLabel(t) : '')),
        },
        {
          scale: 'y',
          side: rtl ? 3 : 1,
          font,
          stroke,
          space: 36,
          gap: AXIS_GAP,
          ticks: hidden,
          grid,
          values: (self, splits) => {
            // Labels that would poke out of the plot's top or bottom edge are left out; those under
            // the last-price box are covered on the overlay, as the price moves without a redraw here.
            const edge = LABEL_CLEARANCE / 2;
            const bottom = self.bbox.height / uPlot.pxRatio - edge;
            drawn.labels = [];
            return splits.map((v) => {
              const py = self.valToPos(v, 'y');
              if (!cols.time.length || py < edge || py > bottom) return '';
              drawn.labels.push(v);
              return format(v);
            });
          },
          size: (_, values) => {
            // Kept while empty, so the plot does not jump when a reset refills it.
            if (!cols.time.length) return yAxisWidth;
            return (yAxisWidth = Math.max(
              values ? axisWidth(values, measure, AXIS_GAP) : 0,
              labelWidth(paint.lastLabel),
            ));
          },
        },
      ],
      hooks: {
        draw: [
          (self) => {
            drawCandles(self, cols, paint);
            overlay.fit(drawn.dirty);
            drawn.dirty = drawForming(overlay.ctx, self, cols, paint, drawn.labels);
            keepDrawn(drawn, self, cols, paint.lastLabel);
          },
        ],
        setCursor: [
          (self) => {
            const i = self.cursor.idx;
            if (i !== hovered) showHovered(i == null ? -1 : i);
          },
        ],
      },
    },
    // Read at init: the columns last applied, as apply replaces them in place.
    aligned as uPlot.AlignedData,
    (self, go) => {
      el.appendChild(self.root);
      init = go as () => void;
    },
  );

  const overlay = createOverlay(u, paint);

  // A legend on two lines takes a second strip: the plot is laid out again below it.
  const relayout = () => !init && u.setSize({ width: u.width, height: u.height });
  legend = createLegend(u.root, opts.labels || ['O', 'H', 'L', 'C'], (n) => format(n), rtl, relayout);
  /** The legend follows the hovered candle, and the latest one when nothing is hovered. */
  function showHovered(i: number) {
    const len = cols.time.length;
    hovered = i < 0 || i >= len ? null : i;
    if (legend) legend.show(cols, hovered == null ? len - 1 : i);
  }

  /** Draws what is applied, once uPlot is set up; until then its set-up draws it. */
  const redraw = () => !init && u.batch(() => u.setData(aligned as uPlot.AlignedData));

  const apply = (c: CandleColumns, from = 0) => {
    const last = c.close.length - 1;
    const label = last < 0 ? '' : format(c.close[last]);
    const onlyLast = !back && from === last && onlyLastMoved(drawn, u, c, label, volume, labelWidth);
    // An empty chart looks the same at any period and precision: the new screen's period and
    // precision cost no redraws before its first candles.
    const same = last < 0 && !cols.time.length;
    cols = c;
    aligned[0] = c.time;
    aligned[1] = c.high;
    aligned[2] = c.low;
    if (volume) aligned[3] = c.volume;
    paint.lastLabel = label;
    if (onlyLast) {
      overlay.clear(drawn.dirty);
      drawn.dirty = drawForming(overlay.ctx, u, c, paint, drawn.labels);
    } else if (!same) redraw();
    showHovered(hovered == null ? -1 : hovered);
  };

  dragToScroll(u.over, () => back, () => cols.time.length, (next) => {
    back = next;
    redraw();
    const len = cols.time.length;
    const shown = Math.max(2, Math.floor(u.bbox.width / uPlot.pxRatio / MIN_SLOT_PX));
    if (len - back <= shown && oldestAt !== len && opts.onOldest) {
      oldestAt = len;
      opts.onOldest();
    }
  });

  let ro: ResizeObserver | undefined;
  // Building uPlot and its first layout and draw each took about 25 ms of a slow phone's main
  // thread: in one task they were a long one.
  const later = setTimeout(() => {
    const go = init!;
    init = undefined;
    go();
    if (typeof ResizeObserver === 'function') {
      ro = new ResizeObserver(() => {
        const w = el.clientWidth;
        const h = el.clientHeight || DEFAULT_HEIGHT;
        if (w && (w !== u.width || h !== u.height)) chart.resize(w, h);
      });
      // Observed once uPlot has a size: the first callback compares the box with it.
      ro.observe(el);
    }
    if (opts.onReady) opts.onReady();
  });

  const chart: CandleChart = {
    update: apply,
    resize(width, height) {
      legend!.reset();
      u.batch(() => {
        u.setSize({ width, height });
        u.setData(aligned as uPlot.AlignedData);
      });
      // The legend is measured at the new width now, not at the next poll: one or two lines is
      // then a matter of the width alone, and the plot below it is laid out once for it.
      showHovered(hovered == null ? -1 : hovered);
    },
    setPeriod(period) {
      timeLabel = memo(timeLabeler(period));
      paint.step = periodSeconds(period);
      back = 0;
      oldestAt = -1;
      apply(emptyColumns());
    },
    setPrecision(precision) {
      format = memo(priceFormat(precision, opts.locale));
      apply(cols);
    },
    destroy() {
      clearTimeout(later);
      if (ro) ro.disconnect();
      u.destroy();
    },
  };
  return chart;
}
