import type { KlinePeriod } from '../shared/contract';
import { PERIOD_SECONDS } from '../shared/kline-periods.ts';

/** Narrowest slot a candle gets, in CSS px: below this bodies and wicks blur into a band. */
export const MIN_SLOT_PX = 5;

export function periodSeconds(period: KlinePeriod): number {
  return PERIOD_SECONDS[period];
}

/**
 * Time range of the x scale: the latest candles that fit at `minSlot` px each, plus one empty slot
 * after the last candle so it does not touch the price axis. Returns [min, max] in seconds.
 */
export function visibleWindow(
  lastTime: number,
  step: number,
  plotWidth: number,
  minSlot = MIN_SLOT_PX,
): [number, number] {
  const slots = Math.max(2, Math.floor(plotWidth / minSlot));
  const max = lastTime + step;
  return [max - slots * step, max];
}

/**
 * Width of the price axis in CSS px: the widest label, measured, plus the gap on both sides.
 * Sized from the labels themselves so five-digit prices are never clipped.
 */
export function axisWidth(labels: ArrayLike<string>, measure: (text: string) => number, gap: number): number {
  let widest = 0;
  for (let i = 0; i < labels.length; i++) {
    const w = measure(labels[i]);
    if (w > widest) widest = w;
  }
  return Math.ceil(widest) + 2 * gap;
}

/**
 * The time axis's one date format, made when its first label is written: making one took 2–4 ms of
 * a slow phone's main thread, and a chart made one as it was built and another per period.
 */
const dateFormat = memo(
  (timeZone?: string) =>
    new Intl.DateTimeFormat('en-GB', { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
);

/**
 * Formatter for time-axis labels: HH:mm for intraday periods (MM-dd at midnight, so a day change
 * is visible), MM-dd for 4hour and 1day. Fixed patterns keep the axis the same in every language.
 */
export function timeLabeler(period: KlinePeriod, timeZone?: string): (seconds: number) => string {
  const daily = PERIOD_SECONDS[period] >= PERIOD_SECONDS['4hour'];
  return (seconds) => {
    let month = '', day = '', hour = '', minute = '';
    const parts = dateFormat(timeZone).formatToParts(seconds * 1000);
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (p.type === 'month') month = p.value;
      else if (p.type === 'day') day = p.value;
      else if (p.type === 'hour') hour = p.value;
      else if (p.type === 'minute') minute = p.value;
    }
    return daily || (hour === '00' && minute === '00') ? month + '-' + day : hour + ':' + minute;
  };
}

/**
 * Caches a string function of one key: axis labels repeat on every redraw, and Intl formatting and
 * text measuring are the dearest part of one. Cleared when full, so memory stays bounded.
 */
export function memo<K, V>(fn: (key: K) => V, limit = 512): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    let v = cache.get(key);
    if (v === undefined) {
      if (cache.size >= limit) cache.clear();
      v = fn(key);
      cache.set(key, v);
    }
    return v;
  };
}
