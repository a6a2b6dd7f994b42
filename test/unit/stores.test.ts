import { mock } from 'node:test';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { local, session } from '../../src/lib/storage.ts';
import { $app, applyConfig, applyPlatform, applyRates, config } from '../../src/stores/app.ts';
import { $notify, closeNotify, notify } from '../../src/stores/notify.ts';
import { $session, $isOrder, logout } from '../../src/stores/session.ts';
import { $trade, $tickers, applyTickers, selectTicker } from '../../src/stores/trade.ts';
import { $readIds, $unread, $messages, $serverUnread, markRead, selectMessage, type UserMessage } from '../../src/stores/messages.ts';
import type { Ticker } from '../../src/shared/contract.ts';

/** The banner's timers run on the test's clock: `wait` moves it, at once. */
const wait = (ms: number) => mock.timers.tick(ms);

const banner = suite('$notify (banner: docs/rules.md#banners-and-dialogs)');
banner.before.each(() => mock.timers.enable({ apis: ['setTimeout'] }));
banner.after.each(() => {
  closeNotify();
  mock.timers.reset();
});

banner('danger and 3000 ms by default', () => {
  notify('x');
  assert.is($notify.get().type, 'danger');
  assert.is($notify.get().duration, 3000);
  assert.ok($notify.get().show);
});

banner('hides after its duration, and a newer one replaces the older timer', async () => {
  notify('first', { duration: 30 });
  wait(20);
  notify('second', { duration: 30, type: 'success' });
  wait(20);
  assert.is($notify.get().message, 'second');
  assert.ok($notify.get().show, 'the first timer no longer hides the second');
  wait(20);
  assert.is($notify.get().show, false);
});

banner('duration 0 stays until closed', async () => {
  notify('stay', { duration: 0 });
  wait(20);
  assert.ok($notify.get().show);
  closeNotify();
  assert.is($notify.get().show, false);
});

const app = suite('$app');

app('config falls back to the demo default for a missing key', () => {
  applyConfig([{ configKey: 'initToUser', configValue: '0' }, { configKey: 'deviceWidth', configValue: '480' }]);
  assert.is(config('initToUser'), '0');
  assert.is(config('isNeedLogin'), '1');
  assert.is($app.get().deviceWidth, 480);
});

app('coin rates keep only the current currency', () => {
  applyPlatform({ name: 'X', currencyCode: 'USD', currency: '$', languageCode: 'en', logoImg: '', inviteCodeUrl: '' });
  applyRates([{ symbol: 'btc_usd', rate: '60000' }, { symbol: 'btc_eur', rate: '55000' }, { symbol: 'ETH_USD', rate: '3000' }]);
  assert.equal($app.get().coinRate, { btc: '60000', eth: '3000' });
});

const trade = suite('$trade');
const tk = (symbol: string, price = '1'): Ticker => ({ symbol, name: symbol, price, open: '1', change: '0', high: '1', low: '1', volume: '0' });

trade('the first list selects btc by default, and the swap config reorders two symbols', () => {
  applyConfig([{ configKey: 'tickerListOrderSwap', configValue: 'eth,btc' }]);
  applyTickers([tk('btc'), tk('eth'), tk('sol')]);
  assert.equal($trade.get().tickerList, ['eth', 'btc', 'sol']);
  assert.is($trade.get().defaultSelectedTicker, 'btc');
  assert.is($trade.get().selectedTicker, 'btc');
});

trade('a partial update changes only its tickers and keeps the order; state persists in session storage', () => {
  selectTicker('sol');
  applyTickers([tk('sol', '2')]);
  assert.is($tickers.get().sol!.price, '2');
  assert.is($tickers.get().btc!.price, '1');
  assert.equal($trade.get().tickerList, ['eth', 'btc', 'sol']);
  assert.is(session.get<{ selectedTicker: string }>('trade', { selectedTicker: '' }).selectedTicker, 'sol');
});

trade('a coin listed later joins the end of the list without hiding the others', () => {
  applyTickers([tk('ada', '3')]);
  assert.equal($trade.get().tickerList, ['eth', 'btc', 'sol', 'ada']);
  assert.is($trade.get().selectedTicker, 'sol', 'the selection stays');
});

const user = suite('$session and $messages');

user('logout clears token, user info and session storage but keeps the language', () => {
  local.set('app', { token: 't', userInfo: { userId: 1 }, language: 'ar' });
  session.set('trade', { selectedTicker: 'eth' });
  $session.set({ token: 't', userInfo: null });
  logout();
  assert.is($session.get().token, '');
  assert.equal(local.get('app', {}), { language: 'ar' });
  assert.is(session.get('trade', null), null);
});

const msg = (id: string, read = false): UserMessage => ({ id, kind: 'message', title: id, content: '', read, time: 0 });

user('read message ids are kept per user and the unread badge follows them and the server count', async () => {
  $session.set({ token: 't', userInfo: { userId: 7 } as never });
  $messages.set([msg('m1'), msg('m2'), msg('n3', true)]);
  $serverUnread.set(2);
  assert.is($unread.get(), 2, 'what the server counts');
  // The server is not reachable: the marks stay on the device and count anyway.
  const realFetch = globalThis.fetch;
  globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
  await markRead(msg('m1'));
  selectMessage(msg('m2'));
  assert.is($unread.get(), 0, 'read here, not yet confirmed by the server');
  globalThis.fetch = realFetch;
  assert.equal($readIds.get()['7'], ['m1', 'm2']);
  assert.equal(local.get<{ readMessageIds?: unknown }>('app', {}).readMessageIds, { 7: ['m1', 'm2'] });
  $session.set({ token: 't', userInfo: { userId: 8 } as never });
  assert.is($unread.get(), 2, 'another user has read nothing');
  $session.set({ token: '', userInfo: null });
  assert.is($unread.get(), 0, 'no badge after a logout');
  assert.ok($isOrder.get());
});

banner.run();
app.run();
trade.run();
user.run();
