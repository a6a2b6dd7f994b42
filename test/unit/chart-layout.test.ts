import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { MIN_SLOT_PX, axisWidth, memo, periodSeconds, timeLabeler, visibleWindow } from '../../src/chart/layout.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

const range = suite('visibleWindow');

range('a 290 px phone plot shows the latest 58 one-minute candles, each at least 5 px wide', () => {
  const last = at('2025-01-10T12:00:00Z');
  const [min, max] = visibleWindow(last, 60, 290);
  const slots = (max - min) / 60;
  assert.is(slots, 58, 'candles that fit');
  assert.ok(290 / slots >= MIN_SLOT_PX, 'slot width');
  assert.ok(last < max && last > min, 'the latest candle is inside the range');
  assert.is(max - last, 60, 'one empty slot after the latest candle keeps it off the price axis');
});

range('a wider plot shows more candles, never thinner ones', () => {
  const [min, max] = visibleWindow(0, 300, 700);
  assert.is((max - min) / 300, 140, 'slots at 700 px');
  assert.ok(700 / ((max - min) / 300) >= MIN_SLOT_PX, 'slot width');
});

range('a plot too narrow for two slots still gets a valid range', () => {
  const [min, max] = visibleWindow(1000, 60, 0);
  assert.ok(max > min, 'non-empty range');
});

const width = suite('axisWidth');
const monospace = (s: string) => s.length * 7;

width('fits the widest five-digit price plus the gap on both sides', () => {
  assert.is(axisWidth(['67,400.00', '67,432.15', '67,500.00'], monospace, 6), 9 * 7 + 12);
});

width('grows with longer labels, so 167,432.15 is not clipped either', () => {
  assert.ok(axisWidth(['167,432.15'], monospace, 6) > axisWidth(['67,432.15'], monospace, 6), 'wider label, wider axis');
});

width('rounds fractional text widths up, never down', () => {
  assert.is(axisWidth(['a'], () => 40.2, 0), 41);
});

width('an axis without labels is only its gaps', () => {
  assert.is(axisWidth([], monospace, 6), 12);
});

const labels = suite('timeLabeler');

labels('intraday periods label ticks HH:mm on a 24-hour clock', () => {
  const label = timeLabeler('1min', 'UTC');
  assert.is(label(at('2025-03-07T09:05:00Z')), '09:05', 'morning');
  assert.is(label(at('2025-03-07T21:30:00Z')), '21:30', 'evening, no AM/PM');
  assert.is(timeLabeler('60min', 'UTC')(at('2025-03-07T13:00:00Z')), '13:00', '60min');
});

labels('an intraday tick at midnight shows the new day as MM-dd', () => {
  assert.is(timeLabeler('15min', 'UTC')(at('2025-03-08T00:00:00Z')), '03-08');
});

labels('4hour and 1day label ticks MM-dd', () => {
  assert.is(timeLabeler('1day', 'UTC')(at('2025-12-31T00:00:00Z')), '12-31', '1day');
  assert.is(timeLabeler('4hour', 'UTC')(at('2025-01-02T08:00:00Z')), '01-02', '4hour');
});

labels('labels follow the given time zone', () => {
  assert.is(timeLabeler('5min', 'Asia/Tokyo')(at('2025-03-07T09:05:00Z')), '18:05');
});

const periods = suite('periodSeconds');

periods('maps every kline period to its length', () => {
  assert.equal(
    (['1min', '5min', '15min', '30min', '60min', '4hour', '1day'] as const).map(periodSeconds),
    [60, 300, 900, 1800, 3600, 14400, 86400],
  );
});

const cache = suite('memo');

cache('computes each key once and stays bounded', () => {
  let calls = 0;
  const f = memo((n: number) => (calls++, String(n)), 2);
  assert.is(f(1), '1');
  assert.is(f(1), '1');
  assert.is(calls, 1, 'second call served from the cache');
  f(2);
  f(3);
  f(1);
  assert.is(calls, 4, 'cache cleared when full, so old keys are computed again');
});

range.run();
width.run();
labels.run();
periods.run();
cache.run();
