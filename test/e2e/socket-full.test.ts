/**
 * A server that already holds as many push sockets as it may (WS_MAX_SOCKETS, here 1): the app it
 * refuses keeps working without pushes, does not ask again for 30 s, and once a place is free its
 * next socket brings what it missed (docs/deployment.md#push-sockets).
 */
import * as assert from 'uvu/assert';
import type { Page, WebSocket } from 'playwright-core';
import { DEMO_USERNAME } from '../../server/seed/content.ts';
import { browserSuite, errorsOf, loginAsDemo, newMobilePage, operatorCall, operatorFetch } from './harness.ts';

const { test, stage } = browserSuite('push socket refused by a full server', { server: { env: { WS_MAX_SOCKETS: '1' } } });

/** The page's push sockets, in the order it opens them, each with the texts it received. */
function socketsOf(page: Page): Array<{ ws: WebSocket; frames: string[] }> {
  const seen: Array<{ ws: WebSocket; frames: string[] }> = [];
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/prod-api/ws')) return;
    const entry = { ws, frames: [] as string[] };
    ws.on('framereceived', (f) => entry.frames.push(String(f.payload)));
    seen.push(entry);
  });
  return seen;
}

const until = async (ok: () => boolean, what: string) => {
  for (const end = Date.now() + 15_000; !ok(); await new Promise((r) => setTimeout(r, 50))) {
    assert.ok(Date.now() < end, what);
  }
};

/** Sockets the server holds, from its metrics: a page's close reaches it a moment after the page is gone. */
const held = async (): Promise<number> => {
  const text = await (await operatorFetch(stage.server, '/metrics')).text();
  return [...text.matchAll(/^ws_connections\{state="\w+"\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
};

const shownBalance = (page: Page) => page.locator('.acct-money dd').first();
const amount = async (page: Page) => Number((await shownBalance(page).innerText()).replace(/[^\d.]/g, ''));

test('refused as one too many: the app works on, asks again only after 30 s, and then catches up on the credit it missed', async () => {
  const first = await newMobilePage(stage.browser);
  const firstSockets = socketsOf(first);
  const token = await loginAsDemo(first, stage.server.url, '/user');
  await until(() => firstSockets.some((s) => s.frames.some((f) => f.includes('"ready"'))), 'the first phone holds the one place');

  const page = await newMobilePage(stage.browser);
  await page.addInitScript((token) => localStorage.setItem('app', JSON.stringify({ token, language: 'en' })), token);
  await page.clock.install();
  const sockets = socketsOf(page);
  await page.goto(stage.server.url + '/user');
  await shownBalance(page).waitFor();
  const before = await amount(page);
  await until(() => sockets[0]?.ws.isClosed() === true, 'the second phone’s socket is closed');
  assert.ok(sockets[0]!.frames.some((f) => JSON.parse(f).key === 'socket.full'), 'with the reason');

  await page.clock.fastForward(29_000);
  assert.is(sockets.length, 1, 'no new socket within 30 s: a full server is not asked again at once');
  await operatorCall(stage.server, 'POST', '/balance', { username: DEMO_USERNAME, amount: '+7', reason: 'full server check' });
  assert.is(await held(), 1, 'the server holds the first phone’s socket, and no other');
  await first.close();
  for (const end = Date.now() + 15_000; (await held()) > 0; await new Promise((r) => setTimeout(r, 50))) {
    assert.ok(Date.now() < end, 'the server let the first phone’s socket go');
  }
  // The credit's push went to the first phone only; this one sees it when it asks again.
  await page.clock.fastForward(31_000);
  await until(() => sockets.length === 2, 'a new socket by 60 s');
  await page.waitForFunction((want) => Number(document.querySelector('.acct-money dd')?.textContent?.replace(/[^\d.]/g, '')) === want, before + 7, { timeout: 15_000 });
  assert.ok(sockets[1]!.frames.some((f) => f.includes('"ready"')), 'the freed place took it');
  assert.equal(errorsOf(page), []);
  await page.close();
});

test.run();
