import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { ContractOrder } from '../../src/shared/contract.ts';
import { newlySettled, runningResult } from '../../src/screens/trade/live-result.ts';

const test = suite('running result and settled notice');

const order = (over: Partial<ContractOrder>): ContractOrder => ({
  orderNo: 'C1', symbol: 'btc', name: 'BTC/USDT', direction: 'up', amount: '10', rate: '85', seconds: 60,
  estimatedIncome: '8.5', openPrice: '63000.5', closePrice: null, status: 'open', refundReason: null, result: null, payout: null,
  profit: null, time: 0, expiresAt: 60_000, settledAt: null, ...over,
});

test('an open order is won, lost or even at the polled price, as settlement would decide', () => {
  const up = order({});
  assert.equal(runningResult(up, '63000.51', true), { result: 'win', profit: '8.5' });
  assert.equal(runningResult(up, '63000.49', true), { result: 'loss', profit: '-10' });
  assert.equal(runningResult(up, '63000.50', true), { result: 'tie', profit: '0' }, 'an unchanged price refunds');
  assert.equal(runningResult(up, '63000.5', false), { result: 'loss', profit: '-10' }, 'unless only a price difference is not required');
  const down = order({ direction: 'down' });
  assert.equal(runningResult(down, '62000', true), { result: 'win', profit: '8.5' });
  assert.equal(runningResult(down, '64000', true), { result: 'loss', profit: '-10' });
  assert.is(runningResult(up, undefined, true), null, 'no price yet: nothing shown');
  assert.is(runningResult(up, 'NaN', true), null);
});

test('an order seen open and now settled is said once; one never seen open is not', () => {
  const seen = new Set<string>();
  assert.equal(newlySettled(seen, [order({ orderNo: 'A' }), order({ orderNo: 'B', status: 'settled', result: 'win' })]), []);
  const settled = [order({ orderNo: 'A', status: 'settled', result: 'loss', profit: '-10' })];
  assert.equal(newlySettled(seen, settled).map((o) => o.orderNo), ['A']);
  assert.equal(newlySettled(seen, settled), [], 'not twice');
});

test.run();
