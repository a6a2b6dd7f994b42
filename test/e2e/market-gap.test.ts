/**
 * An order that expired while the market feed was away for longer than it fills back (here: the
 * server's clock jumps two hours) has no price and never will: the order record and the message
 * say prices were interrupted and the amount was refunded, in English and Arabic. A real server on
 * a local exchange speaking Binance's REST.
 */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { startFakeExchange, type FakeExchange } from '../server/fake-exchange.ts';
import { advanceServerClock, buyUp, errorsOf, launchBrowser, loginAsDemo, newMobilePage, screenshot, startServer, startSignedIn, traced, type ServerHandle, waitForApp } from './harness.ts';

const test = suite('an order expiring while the prices were interrupted is refunded and says why');

let server: ServerHandle;
let browser: Browser;
let ex: FakeExchange;
let trading: NodeJS.Timeout | undefined;
/** How far the server's clock was moved ahead of this one. */
let ahead = 0;
const PRICE = '65123.45';

test.after(async () => {
  clearInterval(trading);
  await browser?.close();
  await server?.stop();
  await ex?.close();
});

/** The exchange trades BTC each 250 ms at the server's time (its clock may be moved ahead). */
const trade = () => ex.trade('BTCUSDT', Math.floor((Date.now() + ahead) / 1000), PRICE);

test('the order record and the message say prices were interrupted and the amount came back', traced(async () => {
  ex = await startFakeExchange();
  const now = Math.floor(Date.now() / 1000);
  for (let s = now - 130; s <= now; s++) ex.trade('BTCUSDT', s, PRICE);
  trading = setInterval(trade, 250);
  // The wait bound is longer than the jump: the order still waits when the feed's next pass finds
  // its second skipped (with the default 10 min a settlement pass could refund it first, for want
  // of a price, as it would a running service's order after a long stall).
  const env = { NODE_ENV: 'test', TEST_CLOCK: '1', MARKET_FEED: 'binance', MARKET_FEED_URL: ex.url, MARKET_SYMBOLS: 'btc:BTCUSDT', MARKET_WAIT_MAX_MS: String(3 * 3600_000) };
  server = await startServer({ fresh: true, env });
  browser = await launchBrowser();
  const page = await newMobilePage(browser);
  await page.clock.install();
  const token = await loginAsDemo(page, server.url, '/trade');
  await waitForApp(page);
  await buyUp(page, '1 min', '10');

  // Two hours pass with no fetch; the exchange keeps its history, the feed fills back only one.
  clearInterval(trading);
  const jump = 2 * 3600_000;
  const back = Math.floor((Date.now() + ahead + jump) / 1000);
  for (let s = back - 3700; s <= back + 5; s++) ex.trade('BTCUSDT', s, PRICE);
  await advanceServerClock(server, jump);
  ahead += jump;
  await page.clock.fastForward(jump);
  trading = setInterval(trade, 250);

  await page.goto(server.url + '/orderList?tab=all');
  await waitForApp(page);
  const card = page.locator('.oc').filter({ hasText: 'BTC/USDT' }).first();
  await card.locator('.oc-state').getByText('Prices interrupted, amount refunded').waitFor({ timeout: 30_000 });
  await screenshot(page, 'order-feed-gap-record-en');
  await page.goto(server.url + '/notificationRecord');
  await page.getByText('Market prices were interrupted at its expiry, so no price exists for it and it was not settled.').waitFor();
  await screenshot(page, 'order-feed-gap-message-en');
  assert.equal(errorsOf(page), []);

  const ar = await newMobilePage(browser, { locale: 'ar' });
  await ar.clock.install({ time: Date.now() + ahead });
  await startSignedIn(ar, token, 'ar');
  await ar.goto(server.url + '/orderList?tab=all');
  await waitForApp(ar);
  await ar.locator('.oc').first().locator('.oc-state').getByText('انقطعت الأسعار، تم رد المبلغ').waitFor();
  await screenshot(ar, 'order-feed-gap-record-ar');
  await ar.goto(server.url + '/notificationRecord');
  await ar.getByText('انقطعت أسعار السوق وقت انتهائه، فلا يوجد له سعر ولم تتم تسويته.').waitFor();
  await screenshot(ar, 'order-feed-gap-message-ar');
  assert.equal(errorsOf(ar), []);
  await ar.close();
}));

test.run();
