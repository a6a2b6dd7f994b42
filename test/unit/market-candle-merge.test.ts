import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { mergeCandles, toColumns } from '../../src/market/candle-merge.ts';
import type { Candle } from '../../src/shared/contract.ts';
import { applyCandles, emptyColumns } from '../../src/shared/protocol.ts';

const MIN = 60_000;
const T0 = 1_750_000_020_000 - (1_750_000_020_000 % MIN);

/** Candles from `from` to `to` (minute numbers), newest first, as the server sends them. */
const serverCandles = (from: number, to: number, close = (i: number) => 100 + i): Candle[] => {
  const out: Candle[] = [];
  for (let i = to; i >= from; i--) {
    const c = close(i).toFixed(2);
    out.push({ time: T0 + i * MIN, open: '100.00', high: '200.00', low: '50.00', close: c, volume: `${i}.5` });
  }
  return out;
};

test('columns are oldest first, time in seconds, prices as numbers', () => {
  const cols = toColumns(serverCandles(0, 2));
  assert.equal(cols.time, [T0 / 1000, T0 / 1000 + 60, T0 / 1000 + 120]);
  assert.equal(cols.close, [100, 101, 102]);
  assert.equal(cols.volume, [0.5, 1.5, 2.5]);
});

test('the first answer resets the empty chart with all its candles', () => {
  const diff = mergeCandles(emptyColumns(), serverCandles(0, 499));
  assert.ok(diff && diff.kind === 'reset');
  assert.is(diff.columns.time.length, 500);
});

test('a longer answer than the chart holds keeps only the newest 500', () => {
  const diff = mergeCandles(emptyColumns(), serverCandles(0, 599), 500);
  assert.ok(diff && diff.kind === 'reset');
  assert.is(diff.columns.time.length, 500);
  assert.is(diff.columns.time[0], (T0 + 100 * MIN) / 1000);
});

test('the forming candle moving: a patch of one candle at the last place', () => {
  const held = toColumns(serverCandles(0, 9));
  const diff = mergeCandles(held, serverCandles(9, 9, () => 150));
  assert.equal(diff, { kind: 'patch', at: 9, drop: 0, columns: toColumns(serverCandles(9, 9, () => 150)) });
});

test('a new candle: the last is updated and one appended, the oldest dropped at the cap', () => {
  const held = toColumns(serverCandles(0, 499));
  const diff = mergeCandles(held, serverCandles(499, 500, (i) => 300 + i), 500);
  assert.ok(diff && diff.kind === 'patch');
  assert.is(diff.at, 499);
  assert.is(diff.drop, 1, 'the chart stays at 500 candles');
  applyCandles(held, diff);
  assert.is(held.time.length, 500);
  assert.is(held.time[0], (T0 + MIN) / 1000, 'the oldest candle left');
  assert.equal(held.close.slice(-2), [799, 800]);
});

test('an unchanged answer gives no diff; an empty one neither', () => {
  const held = toColumns(serverCandles(0, 9));
  assert.is(mergeCandles(held, serverCandles(8, 9)), null);
  assert.is(mergeCandles(held, []), null);
});

test('only the candles from the first difference on are sent', () => {
  const held = toColumns(serverCandles(0, 9));
  const diff = mergeCandles(held, serverCandles(7, 10, (i) => (i >= 9 ? 500 : 100 + i)));
  assert.ok(diff && diff.kind === 'patch');
  assert.is(diff.at, 9);
  assert.equal(diff.columns.close, [500, 500]);
});

test('an answer that does not join the held candles (a gap) resets', () => {
  const held = toColumns(serverCandles(0, 9));
  const diff = mergeCandles(held, serverCandles(20, 25));
  assert.ok(diff && diff.kind === 'reset');
  assert.is(diff.columns.time.length, 6);
});

test.run();
