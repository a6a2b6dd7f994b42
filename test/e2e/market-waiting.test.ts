/**
 * An order whose expiry second has no stored price yet says it is waiting for the price, on the
 * quote screen's positions and on the order record, in English and Arabic; once the exchange's
 * trades arrive it settles. A real server on a local exchange speaking Binance's REST.
 */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { startFakeExchange, type FakeExchange } from '../server/fake-exchange.ts';
import { advanceServerClock, buyUp, errorsOf, launchBrowser, loginAsDemo, newMobilePage, screenshot, startServer, startSignedIn, traced, type ServerHandle, waitForApp } from './harness.ts';

const test = suite('an order waiting for its price says so, then settles');

let server: ServerHandle;
let browser: Browser;
let ex: FakeExchange;
let trading: NodeJS.Timeout | undefined;
/** How far the server's clock was moved ahead of this one. */
let ahead = 0;
const cents = 6_512_345;

test.after(async () => {
  clearInterval(trading);
  await browser?.close();
  await server?.stop();
  await ex?.close();
});

const advanceClock = async (ms: number): Promise<void> => {
  await advanceServerClock(server, ms);
  ahead += ms;
};

/** The exchange trades BTC each 250 ms at the server's time (its clock may be moved ahead). */
const trade = () => ex.trade('BTCUSDT', Math.floor((Date.now() + ahead) / 1000), (cents / 100).toFixed(2));

test('the order waits for the price of its expiry second, says so, then settles when it arrives', traced(async () => {
  ex = await startFakeExchange();
  const now = Math.floor(Date.now() / 1000);
  for (let s = now - 130; s <= now; s++) ex.trade('BTCUSDT', s, (cents / 100).toFixed(2));
  trading = setInterval(trade, 250);
  // Fresh: the shared data directory holds the simulator's stored prices, not this exchange's.
  server = await startServer({ fresh: true, env: { NODE_ENV: 'test', TEST_CLOCK: '1', MARKET_FEED: 'binance', MARKET_FEED_URL: ex.url, MARKET_SYMBOLS: 'btc:BTCUSDT' } });
  browser = await launchBrowser();
  const page = await newMobilePage(browser);
  // The page's clock follows the server's when the test moves it (time still flows by itself).
  await page.clock.install();
  const token = await loginAsDemo(page, server.url, '/trade');
  await waitForApp(page);
  await buyUp(page, '1 min', '10');
  const row = page.locator('.pr').filter({ hasText: 'BTC/USDT' }).first();
  await row.getByText(/^Settles in 0[01]:\d\d$/).waitFor();

  // The exchange goes quiet, and the order's expiry passes with no trade stored for its second.
  clearInterval(trading);
  await advanceClock(75_000);
  await page.clock.fastForward(75_000);
  await row.getByText('Waiting for price', { exact: true }).waitFor({ timeout: 15_000 });
  await screenshot(page, 'order-waiting-trade-en');

  await page.goto(server.url + '/orderList?tab=closing');
  const card = page.locator('.oc').filter({ hasText: 'BTC/USDT' }).first();
  await card.locator('.oc-state').getByText('Waiting for price', { exact: true }).waitFor();
  await screenshot(page, 'order-waiting-record-en');

  const ar = await newMobilePage(browser, { locale: 'ar' });
  await ar.clock.install({ time: Date.now() + ahead });
  await startSignedIn(ar, token, 'ar');
  await ar.goto(server.url + '/orderList?tab=closing');
  await waitForApp(ar);
  await ar.locator('.oc').first().locator('.oc-state').getByText('بانتظار السعر', { exact: true }).waitFor();
  await screenshot(ar, 'order-waiting-record-ar');
  await ar.goto(server.url + '/trade');
  await ar.getByRole('tab', { name: 'بانتظار الإغلاق' }).click();
  await ar.locator('.pr').first().getByText('بانتظار السعر', { exact: true }).waitFor({ timeout: 15_000 });
  await screenshot(ar, 'order-waiting-trade-ar');
  assert.equal(errorsOf(ar), []);
  await ar.close();

  // Trades arrive again: the expiry second is complete and the order settles.
  trade();
  trading = setInterval(trade, 250);
  await page.goto(server.url + '/orderList?tab=all');
  await page.locator('.oc').filter({ hasText: 'BTC/USDT' }).first().locator('.oc-state').getByText(/^(Win|Loss|Tie)\b/).waitFor({ timeout: 20_000 });
  assert.equal(errorsOf(page), []);
}));

test.run();
