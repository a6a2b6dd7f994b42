import uPlot from 'uplot';
import './candle-chart.css';
import type { KlinePeriod } from '../shared/contract';
import { emptyColumns, type CandleColumns } from '../shared/protocol';
import { drawCandles, type CandlePaint } from './draw-candles';
import { createLegend, type ShowCandle } from './legend';
import { numberFormat } from '../lib/number';
import { axisWidth, memo, periodSeconds, timeLabeler, visibleWindow } from './layout';

export type { CandleColumns } from '../shared/protocol';

export interface CandleChartOptions {
  /** Decimals of the ticker's price; used by the default price format. */
  precision: number;
  period: KlinePeriod;
  /** Default: the CSS variable --up / --down on the element, read once at creation. */
  upColor?: string;
  downColor?: string;
  /** Puts the price axis on the left (the end side in RTL); time still runs left to right. */
  rtl?: boolean;
  formatPrice?: (n: number) => string;
  /** Language of the default price format (the interface language); default en. */
  locale?: string;
  /** Volume bars along the bottom; default true. */
  volume?: boolean;
  /** Legend labels for open, high, low, close; default O H L C. */
  labels?: readonly [string, string, string, string];
}

export interface CandleChart {
  /** Replaces all candles (a reset: first load, period or ticker change). */
  setData(columns: CandleColumns): void;
  /** Redraws after a patch: the same arrays changed in place, or new ones. One redraw. */
  update(columns: CandleColumns): void;
  resize(width: number, height: number): void;
  /** Empties the chart, as a period change resets the history (SPEC §4); setData refills it. */
  setPeriod(period: KlinePeriod): void;
  /** For a ticker with other decimals; `formatPrice` replaces the current format if given. */
  setPrecision(precision: number, formatPrice?: (n: number) => string): void;
  destroy(): void;
}

const FONT_PX = 11;
const FAMILY = 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';
const AXIS_GAP = 6;
const DIGITS = /\d/g;
const DEFAULT_HEIGHT = 240;
/** Strip above the plot that holds the O/H/L/C line, so it never covers candles. */
const LEGEND_H = 18;
/** Half the last-price box plus half a tick label: closer tick labels would sit under the box;
 * half of it is how close a label may come to the plot's edges before it pokes out of them. */
const LABEL_CLEARANCE = 15;

// The app's cached number format, so the chart writes prices as the rest of the screen does.
function priceFormat(precision: number, locale = 'en'): (n: number) => string {
  const f = numberFormat(precision, true, '', false, locale);
  return (n) => f.format(n);
}

/** Creates the candle chart inside `el` once; feed it with setData/update afterwards. */
export function createCandleChart(el: HTMLElement, opts: CandleChartOptions): CandleChart {
  const css = getComputedStyle(el);
  const rtl = !!opts.rtl;
  const volume = opts.volume !== false;
  let format = memo(opts.formatPrice || priceFormat(opts.precision, opts.locale));
  let timeLabel = memo(timeLabeler(opts.period));
  let cols: CandleColumns = emptyColumns();
  const aligned: number[][] = volume ? [[], [], [], []] : [[], [], []];

  const font = FONT_PX + 'px ' + FAMILY;
  const paint: CandlePaint = {
    up: opts.upColor || css.getPropertyValue('--up').trim() || '#0ecb81',
    down: opts.downColor || css.getPropertyValue('--down').trim() || '#f6465d',
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
  let yAxisWidth = 2 * AXIS_GAP;
  let showCandle: ShowCandle | undefined;

  const u = new uPlot(
    {
      width: el.clientWidth || 320,
      height: el.clientHeight || DEFAULT_HEIGHT,
      legend: hidden,
      padding: [LEGEND_H, null, null, null],
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
            return visibleWindow(cols.time[last], paint.step, plot);
          },
        },
        y: {
          range: (_, min, max) => {
            if (min == null || max == null) return [0, 1];
            const span = max - min || Math.abs(max) * 0.01 || 1;
            return [min - span * (volume ? 0.35 : 0.08), max + span * 0.08];
          },
        },
        v: { range: (_, __, max) => [0, (max || 1) * 5] },
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
            const last = cols.close.length - 1;
            const y = last < 0 ? 0 : self.valToPos(cols.close[last], 'y');
            const edge = LABEL_CLEARANCE / 2;
            const bottom = self.bbox.height / uPlot.pxRatio - edge;
            return splits.map((v) => {
              const py = self.valToPos(v, 'y');
              return last < 0 || py < edge || py > bottom || Math.abs(py - y) < LABEL_CLEARANCE ? '' : format(v);
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
        draw: [(self) => drawCandles(self, cols, paint)],
        setCursor: [
          (self) => {
            const i = self.cursor.idx;
            if (i !== hovered) showHovered(i == null ? -1 : i);
          },
        ],
      },
    },
    undefined,
    el,
  );

  showCandle = createLegend(u.root, opts.labels || ['O', 'H', 'L', 'C'], (n) => format(n), rtl);
  /** The legend follows the hovered candle, and the latest one when nothing is hovered. */
  function showHovered(i: number) {
    const len = cols.time.length;
    hovered = i < 0 || i >= len ? null : i;
    if (showCandle) showCandle(cols, hovered == null ? len - 1 : i);
  }

  const apply = (c: CandleColumns) => {
    cols = c;
    aligned[0] = c.time;
    aligned[1] = c.high;
    aligned[2] = c.low;
    if (volume) aligned[3] = c.volume;
    const last = c.close.length - 1;
    paint.lastLabel = last < 0 ? '' : format(c.close[last]);
    u.batch(() => u.setData(aligned as uPlot.AlignedData));
    showHovered(hovered == null ? -1 : hovered);
  };

  let ro: ResizeObserver | undefined;
  if (typeof ResizeObserver === 'function') {
    ro = new ResizeObserver(() => {
      const w = el.clientWidth;
      const h = el.clientHeight || DEFAULT_HEIGHT;
      if (w && (w !== u.width || h !== u.height)) chart.resize(w, h);
    });
    ro.observe(el);
  }

  const chart: CandleChart = {
    setData: apply,
    update: apply,
    resize(width, height) {
      u.batch(() => {
        u.setSize({ width, height });
        u.setData(aligned as uPlot.AlignedData);
      });
    },
    setPeriod(period) {
      timeLabel = memo(timeLabeler(period));
      paint.step = periodSeconds(period);
      apply(emptyColumns());
    },
    setPrecision(precision, formatPrice) {
      format = memo(formatPrice || priceFormat(precision, opts.locale));
      apply(cols);
    },
    destroy() {
      if (ro) ro.disconnect();
      u.destroy();
    },
  };
  return chart;
}
