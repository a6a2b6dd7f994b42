import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { diffTickers } from '../../src/market/ticker-diff.ts';
import type { Ticker } from '../../src/shared/contract.ts';

const ticker = (symbol: string, price: string, change = '0.00'): Ticker => ({
  symbol,
  name: `${symbol.toUpperCase()}/USDT`,
  price,
  open: '1.00',
  change,
  high: '9.00',
  low: '0.10',
  volume: '10',
});

test('the first list is all new', () => {
  const held = new Map<string, Ticker>();
  const list = [ticker('btc', '1.00'), ticker('eth', '2.00')];
  assert.equal(diffTickers(held, list), list);
  assert.is(held.size, 2);
});

test('only the rows with a changed field are reported', () => {
  const held = new Map<string, Ticker>();
  diffTickers(held, [ticker('btc', '1.00'), ticker('eth', '2.00'), ticker('sol', '3.00')]);
  const changed = diffTickers(held, [ticker('btc', '1.01'), ticker('eth', '2.00'), ticker('sol', '3.00', '0.50')]);
  assert.equal(changed.map((t) => t.symbol), ['btc', 'sol'], 'price and change differences count, equal rows do not');
  assert.is(held.get('btc')?.price, '1.01', 'the held row is updated');
});

test('the same list twice changes nothing', () => {
  const held = new Map<string, Ticker>();
  diffTickers(held, [ticker('btc', '1.00')]);
  assert.equal(diffTickers(held, [ticker('btc', '1.00')]), []);
});

test('a stalled feed: the age arriving, growing and leaving is reported, so the app can say so', () => {
  const held = new Map<string, Ticker>();
  diffTickers(held, [ticker('btc', '1.00')]);
  assert.equal(diffTickers(held, [{ ...ticker('btc', '1.00'), age: 12 }]).map((t) => t.age), [12]);
  assert.equal(diffTickers(held, [{ ...ticker('btc', '1.00'), age: 13 }]).map((t) => t.age), [13]);
  assert.equal(diffTickers(held, [ticker('btc', '1.00')]).map((t) => t.age), [undefined], 'prices current again');
});

test('a halted feed: the halt arriving and leaving is reported, so the order buttons can pause', () => {
  const held = new Map<string, Ticker>();
  diffTickers(held, [ticker('btc', '1.00')]);
  assert.equal(diffTickers(held, [{ ...ticker('btc', '1.00'), halted: true }]).map((t) => t.halted), [true]);
  assert.equal(diffTickers(held, [{ ...ticker('btc', '1.00'), halted: true }]), [], 'still halted: nothing new');
  assert.equal(diffTickers(held, [ticker('btc', '1.00')]).map((t) => t.halted), [undefined], 'trusted again');
});

test.run();
