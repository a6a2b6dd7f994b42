import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { mergeCandles, toColumns } from '../../src/market/candle-merge.ts';
import type { Candle } from '../../src/shared/contract.ts';
import { type FromWorker, type ToWorker, applyCandles, emptyColumns } from '../../src/shared/protocol.ts';

const candles = (from: number, to: number, bump = 0): Candle[] => {
  const out: Candle[] = [];
  for (let i = to; i >= from; i--) {
    out.push({ time: i * 60_000, open: '1', high: '3', low: '0.5', close: String(2 + bump), volume: String(i) });
  }
  return out;
};

test('every message survives structured cloning unchanged', () => {
  const to: ToWorker[] = [
    { type: 'start', baseUrl: '', token: 'abc', symbol: 'btc', period: '1min', saveData: false },
    { type: 'start', baseUrl: 'https://api.example', symbol: null, period: '1day', saveData: true },
    { type: 'select', symbol: 'eth' },
    { type: 'period', period: '4hour' },
    { type: 'token', token: null },
    { type: 'visibility', hidden: true },
    { type: 'stop' },
  ];
  const from: FromWorker[] = [
    { type: 'tickers', changed: [{ symbol: 'btc', name: 'BTC/USDT', price: '1', open: '1', change: '0.00', high: '1', low: '1', volume: '1' }] },
    { type: 'candles', kind: 'reset', symbol: 'btc', period: '1min', columns: toColumns(candles(0, 3)) },
    { type: 'candles', kind: 'patch', symbol: 'btc', period: '1min', at: 3, drop: 0, columns: toColumns(candles(3, 4)) },
    { type: 'status', state: 'backoff', retryInMs: 4000 },
  ];
  for (const m of [...to, ...from]) assert.equal(structuredClone(m), m, m.type);
});

test('the app rebuilds exactly the worker columns from a stream of cloned diffs', () => {
  const worker = emptyColumns();
  const app = emptyColumns();
  const answers = [candles(0, 499), candles(499, 499, 1), candles(499, 501, 2), candles(501, 501, 3), candles(501, 503)];
  for (const answer of answers) {
    const diff = mergeCandles(worker, answer, 500);
    if (!diff) continue;
    applyCandles(worker, diff);
    applyCandles(app, structuredClone(diff));
    assert.equal(app, worker);
  }
  assert.is(app.time.length, 500, 'capped at 500');
  assert.is(app.time[app.time.length - 1], 503 * 60);
});

test('an empty reset clears the chart', () => {
  const app = toColumns(candles(0, 9));
  applyCandles(app, { kind: 'reset', columns: emptyColumns() });
  assert.equal(app, emptyColumns());
});

test.run();
