import * as assert from 'uvu/assert';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { setLocale, t } from '../../src/i18n/index.ts';
import { wording } from '../../src/screens/notificationRecord/wording.ts';
import { outcomeKey } from '../../src/screens/trade/outcome-word.ts';
import type { ContractOrder, UserMessage } from '../../src/shared/contract.ts';
import { suite } from '../suite.ts';

const test = suite('a refunded order shows why it has no price');

const order = (over: Partial<ContractOrder>): ContractOrder => ({
  orderNo: 'C1', symbol: 'btc', name: 'BTC/USDT', direction: 'up', amount: '10', rate: '10', seconds: 60,
  estimatedIncome: '1', openPrice: '65000.00', closePrice: null, status: 'refunded', refundReason: 'no_price', result: null,
  payout: '10', profit: '0', time: 0, expiresAt: 60_000, settledAt: 61_000, ...over,
});

const message = (cause?: 'no_price' | 'feed_gap'): UserMessage => ({
  id: 'm1', kind: 'message', title: 'Order refunded', content: 'English text', key: 'orderRefund', read: false, time: 0,
  params: { orderNo: 'C1', amount: '10', status: 'refunded', effect: 'credited', ...(cause ? { cause } : {}) },
});

test('the order list says whether no price arrived or the prices were interrupted', () => {
  setLocale('en', en);
  assert.is(t(outcomeKey(order({}))), 'No price, amount refunded');
  assert.is(t(outcomeKey(order({ refundReason: 'feed_gap' }))), 'Prices interrupted, amount refunded');
  assert.is(t(outcomeKey(order({ status: 'settled', refundReason: null, result: 'tie' }))), 'Tie, amount refunded');
  setLocale('ar', ar);
  assert.is(t(outcomeKey(order({ refundReason: 'feed_gap' }))), ar.order.result.feedGap);
  assert.is.not(ar.order.result.feedGap, ar.order.result.refunded);
});

test('the refund message gives the reason the server recorded', () => {
  setLocale('en', en);
  const fmt = (a: string) => a;
  assert.ok(wording(message('feed_gap'), fmt).content.includes('Market prices were interrupted at its expiry'));
  assert.ok(wording(message('no_price'), fmt).content.includes('No market price arrived for its expiry'));
  assert.ok(wording(message(), fmt).content.includes('No market price arrived'), 'a message from before the reason was recorded');
  setLocale('ar', ar);
  assert.ok(wording(message('feed_gap'), fmt).content.includes(ar.account.msg.feedGap));
});

test.run();
