import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { setLocale } from '../../src/i18n/index.ts';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { settleText, WAITING_AFTER_MS, waitingForPrice } from '../../src/screens/trade/countdown.ts';

const test = suite('an order waiting for the price of its expiry second says so');

test.before.each(() => setLocale('en', en));
test.after(() => setLocale('en', en));

test('settling just after expiry, then waiting for price once the feed is behind', () => {
  assert.is(settleText(-1000), 'Settling…', 'the settlement job needs a moment');
  assert.is(settleText(-(WAITING_AFTER_MS - 1)), 'Settling…');
  assert.is(settleText(-WAITING_AFTER_MS), 'Waiting for price', 'the countdown row says why it is still open');
  assert.is(settleText(-3_600_000), 'Waiting for price');
});

test('the order record tells a waiting order from an open one by the server clock', () => {
  const expiry = 1_800_000_000_000;
  assert.is(waitingForPrice(expiry, expiry - 5000), false, 'before expiry: open');
  assert.is(waitingForPrice(expiry, expiry + 2000), false, 'just expired: still settling');
  assert.is(waitingForPrice(expiry, expiry + WAITING_AFTER_MS), true, 'waiting for its price');
});

test('in the user\'s language', () => {
  setLocale('ar', ar);
  assert.is(settleText(-60_000), 'بانتظار السعر');
});

test.run();
