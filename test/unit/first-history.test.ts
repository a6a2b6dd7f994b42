/**
 * The live rows' script builds a chart's first history call from what session storage holds: a
 * value written there by anything else must stay the one parameter it was read for.
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { firstHistoryPath } from '../../src/shared/first-history.ts';
import type { KlinePeriod } from '../../src/shared/contract.ts';

test('the first history asks for 120 candles of the ticker and period', () => {
  assert.is(firstHistoryPath('btc', '5min'), '/h5/symbol/getHistoryKline?symbol=btc&period=5min&size=120');
});

test('a stored ticker or period with query characters, NUL or spaces stays one parameter each', () => {
  const path = firstHistoryPath('btc&size=500000', '1min&size=500000\u0000 #x' as KlinePeriod);
  const q = new URL(path, 'https://x.test').searchParams;
  assert.equal([...q.keys()], ['symbol', 'period', 'size']);
  assert.is(q.get('symbol'), 'btc&size=500000');
  assert.is(q.get('period'), '1min&size=500000\u0000 #x');
  assert.is(q.get('size'), '120');
});

test.run();
