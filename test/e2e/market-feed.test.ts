/**
 * A real server on an exchange feed (a local exchange speaking Binance's REST): its prices reach
 * home and the quote screen; when the feed stalls, both say since when prices are delayed, and
 * when it sends a price that cannot be true the quote is halted; either way Buy up and Buy down
 * are off with the reason beside them and no confirmation opens, in English and in Arabic, until
 * trusted prices are back.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { INFO_FILE } from '../../server/operator/api/key.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import { startFakeExchange, type FakeExchange } from '../server/fake-exchange.ts';
import { advanceServerClock, errorsOf, launchBrowser, loginAsDemo, newMobilePage, screenshot, startServer, startSignedIn, traced, type ServerHandle, waitForApp } from './harness.ts';

const test = suite('exchange feed in the app: live prices, then a stall told and orders refused');

let server: ServerHandle;
let browser: Browser;
let ex: FakeExchange;
let trading: NodeJS.Timeout | undefined;
let page: Page;
let cents = 6_512_345;
let token = '';
/** How far the test moved the server's clock ahead of real time. */
let ahead = 0;

/**
 * Started by the first test, not a `before` hook: uvu swallows a hook's error and reports the
 * suite green with no test run, so a server that failed to start would pass unnoticed.
 */
async function boot(): Promise<void> {
  ex = await startFakeExchange();
  const now = Math.floor(Date.now() / 1000);
  for (let s = now - 130; s <= now; s++) ex.trade('BTCUSDT', s, (cents / 100).toFixed(2));
  trading = setInterval(() => ex.trade('BTCUSDT', Math.floor(Date.now() / 1000), ((cents += 7) / 100).toFixed(2)), 250);
  // A fresh data directory: the shared one holds the simulator's stored prices, which an exchange
  // feed that maps only BTC would show as stale for every other symbol.
  server = await startServer({
    fresh: true,
    env: { NODE_ENV: 'test', TEST_CLOCK: '1', MARKET_FEED: 'binance', MARKET_FEED_URL: ex.url, MARKET_SYMBOLS: 'btc:BTCUSDT' },
  });
  browser = await launchBrowser();
}

test.after(async () => {
  clearInterval(trading);
  await browser?.close();
  await server?.stop();
  await ex?.close();
});

/** Moves the server's clock forward through the operator API (only there with TEST_CLOCK=1). */
const advanceClock = async (ms: number) => {
  await advanceServerClock(server, ms);
  ahead += ms;
};
/** The exchange trades BTC each 250 ms at the server's time at `price()`. */
const tradeEvery = (price: () => string) => setInterval(() => ex.trade('BTCUSDT', Math.floor((Date.now() + ahead) / 1000), price()), 250);

/** Both order buttons are off, the reason beside them, and pressing one opens no confirmation. */
async function paused(page: Page, reason: string, up: string, down: string): Promise<void> {
  const bar = page.locator('.op-go');
  await bar.getByRole('status').filter({ hasText: reason }).waitFor({ timeout: 20_000 });
  for (const name of [up, down]) {
    const button = bar.getByRole('button', { name });
    assert.ok(await button.isDisabled(), `${name} is off`);
    await button.click({ force: true });
  }
  assert.is(await page.getByRole('dialog').count(), 0, 'no confirmation the server would refuse');
}

test('the exchange price reaches home; a stall is told on home and the quote screen, and an order is refused', traced(async () => {
  await boot();
  page = await newMobilePage(browser);
  token = await loginAsDemo(page, server.url, '/home');
  await waitForApp(page);
  const row = page.locator('.qs li').filter({ hasText: 'BTC/USDT' });
  await row.locator('.num').first().filter({ hasText: /^65,1\d\d\.\d\d$/ }).waitFor({ timeout: 15_000 });
  assert.is(await page.getByText(/Prices delayed since/).count(), 0, 'no delay while the feed is live');

  clearInterval(trading);
  await advanceClock(20_000);
  const note = page.locator('.qs').getByRole('status').filter({ hasText: /^Prices delayed since \d\d:\d\d:\d\d$/ });
  await note.waitFor({ timeout: 15_000 });
  await screenshot(page, 'feed-stalled-home-en');

  await row.getByRole('button').click();
  await page.waitForURL((u) => u.pathname === '/trade');
  await page.locator('.qh-off').filter({ hasText: /^Prices delayed since \d\d:\d\d:\d\d$/ }).waitFor();
  await page.getByLabel('Investment amount', { exact: true }).fill('10');
  await paused(page, 'Orders paused: prices are delayed', 'Buy up', 'Buy down');
  assert.is(await page.getByLabel('Investment amount', { exact: true }).inputValue(), '10', 'the amount stays typed');
  await screenshot(page, 'feed-stalled-trade-en');
  assert.equal(errorsOf(page), []);
}));

test('in Arabic the same stall is told in Arabic', traced(async () => {
  assert.ok(token, 'signed in by the test before');
  const ar = await newMobilePage(browser, { locale: 'ar' });
  await startSignedIn(ar, token, 'ar');
  await ar.goto(server.url + '/home');
  await waitForApp(ar);
  await ar.locator('.qs').getByRole('status').filter({ hasText: /^الأسعار متأخرة منذ \d\d:\d\d:\d\d$/ }).waitFor({ timeout: 15_000 });
  await screenshot(ar, 'feed-stalled-home-ar');
  await ar.goto(server.url + '/trade');
  await ar.locator('.qh-off').filter({ hasText: /^الأسعار متأخرة منذ \d\d:\d\d:\d\d$/ }).waitFor();
  await paused(ar, 'الأوامر متوقفة: الأسعار متأخرة', 'شراء صعود', 'شراء هبوط');
  await screenshot(ar, 'feed-stalled-trade-ar');
  assert.equal(errorsOf(ar), []);
  await ar.close();
}));

test('a price that cannot be true halts the quote: the buttons say so in English and Arabic, and return with trusted prices', traced(async () => {
  assert.ok(token, 'signed in by the tests before');
  trading = tradeEvery(() => '99999999999999999999');
  await page.goto(server.url + '/trade');
  await waitForApp(page);
  await paused(page, 'Orders paused: prices failed our checks', 'Buy up', 'Buy down');
  assert.match(await page.locator('.qh').first().innerText(), /65,1\d\d\.\d\d/, 'the quote keeps the last trusted price');
  await screenshot(page, 'feed-halted-trade-en');
  const ar = await newMobilePage(browser, { locale: 'ar' });
  await startSignedIn(ar, token, 'ar');
  await ar.goto(server.url + '/trade');
  await waitForApp(ar);
  await paused(ar, 'الأوامر متوقفة: الأسعار لم تجتز فحوصاتنا', 'شراء صعود', 'شراء هبوط');
  await screenshot(ar, 'feed-halted-trade-ar');
  assert.equal(errorsOf(ar), []);
  await ar.close();

  // The operator console shows the halt above every page, with the way to end it.
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/operator/cli/cli.ts', 'operator', 'add', 'ana', '--password', 'console e2e password', '--role', 'finance'], {
    env: { ...process.env, DATA_DIR: server.dataDir },
  });
  const secret = new URL(/otpauth:\/\/totp\/\S+/.exec(stdout)![0]).searchParams.get('secret')!;
  const { port } = JSON.parse(await readFile(path.join(server.dataDir, INFO_FILE), 'utf8')) as { port: number };
  const operator = await newMobilePage(browser, { locale: 'en-US' });
  await operator.goto(`http://127.0.0.1:${port}/console/`);
  await operator.getByLabel('Operator name').fill('ana');
  await operator.getByLabel('Password', { exact: true }).fill('console e2e password');
  await operator.getByLabel('Code from the authenticator app').fill(codeAt(secret, stepAt(Date.now() + ahead)));
  await operator.getByRole('button', { name: 'Sign in' }).click();
  const halt = operator.locator('.halts p').filter({ hasText: /^Orders paused on BTC since .+: its prices failed the checks \(not a possible price\)\./ });
  await halt.waitFor();
  const trust = halt.getByRole('button', { name: "Trust the market's price" });
  await trust.waitFor();
  await screenshot(operator, 'console-halt-en');
  // The decision is asked first; saying no leaves the halt to the market.
  const asked = new Promise<string>((resolve) => operator.once('dialog', (d) => (resolve(d.message()), void d.dismiss())));
  await trust.click();
  assert.is(await asked, "Trust BTC's current market price and let orders open again?");
  assert.ok(await trust.isVisible(), 'the halt stays when the operator says no');
  assert.equal(errorsOf(operator), []);
  await operator.close();

  clearInterval(trading);
  trading = tradeEvery(() => ((cents += 7) / 100).toFixed(2));
  // Ten seconds of trusted prices end the halt by themselves.
  const up = page.locator('.op-go').getByRole('button', { name: 'Buy up' });
  await page.waitForFunction((el) => !(el as HTMLButtonElement).disabled, await up.elementHandle(), { timeout: 30_000 });
  assert.is(await page.locator('.op-why').count(), 0, 'no reason once orders are open');
  await page.getByLabel('Investment amount', { exact: true }).fill('10');
  await up.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.locator('.notify').getByText('Investment success').waitFor();
  assert.equal(errorsOf(page), []);
}));

test.run();
