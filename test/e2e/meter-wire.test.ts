/**
 * The data meter against the wire: a byte-counting TCP proxy between Chromium and the server counts
 * what a carrier would bill, both ways, while a user loads the app twice, watches a quote, opens
 * Finance and Me, uploads a deposit's proof photo and opens Settings. The meter must be within 10 %
 * of the proxy for what was received and for what was sent.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { until } from '../until.ts';
import { browserSuite, demoToken, errorsOf, hintSignedIn, newMobilePage, settled, startSignedIn, traced, waitForApp } from './harness.ts';
import { startByteProxy, type ByteProxy } from './byte-proxy.ts';

const { test, stage } = browserSuite('data meter on the wire');
let proxy: ByteProxy;

test.before(async () => {
  proxy = await startByteProxy(stage.server.port);
});

test.after(async () => {
  await proxy?.close();
});

/** What the meter holds this month: received (`by`) and sent (`up`), each summed over its kinds. */
const meter = async (page: Page) => {
  const m = await page.evaluate(() => JSON.parse(localStorage.getItem('meter') || '{}') as { by?: Record<string, number>; up?: Record<string, number> });
  const sum = (u: Record<string, number> | undefined) => Object.values(u || {}).reduce((a, b) => a + b, 0);
  return { received: sum(m.by), sent: sum(m.up) };
};

/** A photo as a phone's camera gives it: 2400x1800 with sensor noise, made by the page's canvas. */
const cameraPhoto = async (page: Page) => {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 2400;
    c.height = 1800;
    const ctx = c.getContext('2d')!;
    const img = ctx.createImageData(2400, 1800);
    let seed = 7;
    for (let i = 0; i < img.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      img.data[i] = 90 + (seed % 60);
      img.data[i + 1] = 140 + ((seed >> 8) % 50);
      img.data[i + 2] = 60 + ((seed >> 16) % 40);
      img.data[i + 3] = 255;
    }
    ctx.putImageData(img, 0, 0);
    return c.toDataURL('image/jpeg', 0.92).split(',')[1]!;
  });
  return { name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(b64, 'base64') };
};

/** Where the proxy's bytes went, by request, for a failure message. */
const breakdown = () =>
  proxy
    .requests()
    .map((r) => `${r.line.slice(0, 90)}  sent ${r.sent}  received ${r.received}`)
    .join('\n  ');

/**
 * The meter and the proxy agree within 10 % both ways. The workers report what they fetched by
 * messages (the service worker when asked, every 10 s): the meter holds it all once it has heard them.
 */
async function within10(page: Page, when: string, from = { received: 0, sent: 0 }): Promise<void> {
  const apart = async () => {
    const m = await meter(page);
    const wire = { received: proxy.received() - from.received, sent: proxy.sent() - from.sent };
    const off = { received: Math.abs(m.received - wire.received) / wire.received, sent: Math.abs(m.sent - wire.sent) / wire.sent };
    return { m, wire, off, ok: off.received <= 0.05 && off.sent <= 0.05 };
  };
  // Until it is as close as it gets (the service worker's share comes every 10 s), then judged.
  const { m, wire, off } = await until('the meter within 5 % of the wire', async () => {
    const a = await apart();
    return a.ok && a;
  }, { ms: 15_000 }).catch(apart);
  const pct = (x: number) => (x * 100).toFixed(1) + ' %';
  const figures = `received: meter ${m.received} B, wire ${wire.received} B (${pct(off.received)}); sent: meter ${m.sent} B, wire ${wire.sent} B (${pct(off.sent)})`;
  console.log(`${when}: ${figures}`);
  const why = `${when}: ${figures}\n  ${breakdown()}`;
  assert.ok(wire.received > 50_000, `a real session (${wire.received} B received)`);
  assert.ok(off.received <= 0.1, `received ${pct(off.received)} apart, ${why}`);
  assert.ok(off.sent <= 0.1, `sent ${pct(off.sent)} apart, ${why}`);
}

test('a session of two loads, Trade, Finance, Me, a photo upload and Settings: the meter is within 10 % of the wire both ways', traced(async () => {
  const token = await demoToken(stage.server.url);
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  await startSignedIn(page, token);
  await hintSignedIn(page, proxy.url);
  const base = proxy.url;

  await page.goto(base + '/home');
  await waitForApp(page);
  await settled(page);

  // Trade for three price polls (10 to 15 s): the market worker's requests and the chart's.
  const polls: string[] = [];
  // Counted once: a poll the service worker passes on shows twice, the page's and the worker's own.
  page.context().on('requestfinished', (r) => r.url().includes('getHomeTickerList') && !r.serviceWorker() && polls.push(r.url()));
  await page.locator('.tabbar a[href="/trade"]').click();
  await page.locator('[data-drawn]:not([data-drawn=""])').waitFor({ timeout: 20_000 });
  const seen = polls.length;
  await until('three price polls on Trade', () => polls.length >= seen + 3, { ms: 30_000 });

  // The second load, as a user opening the app again: what the first page had not counted yet
  // must not leave with it.
  await page.goto(base + '/financial');
  await waitForApp(page);
  await settled(page);
  await page.locator('.tabbar a[href="/user"]').click();
  await page.waitForURL((u) => u.pathname === '/user');
  await settled(page);

  // Heads and small bodies only, so far: the estimate of what no browser reports is checked alone.
  await within10(page, 'before the upload');

  // A deposit's proof photo: the app shrinks it and uploads what it made.
  const before = proxy.sent();
  await page.locator('.acct-acts').getByRole('button', { name: 'Deposit' }).click();
  await page.getByRole('button', { name: /Bank transfer \(USD\)/ }).click();
  await page.locator('.proof input[type=file]').last().setInputFiles(await cameraPhoto(page));
  await page.getByText('Photo uploaded').waitFor();
  const uploaded = proxy.sent() - before;
  assert.ok(uploaded > 100_000, `a real photo went up (${uploaded} B)`);

  while (new URL(page.url()).pathname !== '/user') await page.goBack();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.locator('.meter tr.sum').waitFor();
  await settled(page);

  await within10(page, 'after the upload');
  // Settings says both: what came in and what went out this month, as the meter holds them.
  const shown = async () => {
    const rows = await page.locator('.meter tr.dir').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent, tr.querySelectorAll('td')[1]!.textContent]));
    const m = await meter(page);
    const kb = (text: string | null) => parseFloat(text || '') * 1024;
    const close = (text: string | null, bytes: number) => / kB$/.test(text || '') && Math.abs(kb(text) - bytes) / bytes < 0.03;
    return { rows, m, ok: rows.length === 2 && rows[0]![0] === 'Received' && rows[1]![0] === 'Sent' && close(rows[0]![1]!, m.received) && close(rows[1]![1]!, m.sent) };
  };
  const s = await until('Settings shows received and sent', async () => {
    const r = await shown();
    return r.ok && r;
  }, { ms: 5_000 }).catch(shown);
  assert.ok(s.ok, `Settings shows ${JSON.stringify(s.rows)} for ${JSON.stringify(s.m)}`);
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('a page left right after the service worker fetched for it: the next page counts those bytes', traced(async () => {
  const token = await demoToken(stage.server.url);
  const from = { received: proxy.received(), sent: proxy.sent() };
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  await startSignedIn(page, token);
  await hintSignedIn(page, proxy.url);
  await page.goto(proxy.url + '/home');
  await waitForApp(page);
  await settled(page);
  // The quote screen's code and history come through the service worker, which tells the page
  // only when asked (every 10 s, and as the page is hidden): the page is left before that.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.locator('.tabbar a[href="/trade"]').click();
  await page.locator('[data-drawn]:not([data-drawn=""])').waitFor({ timeout: 20_000 });
  await page.goto(proxy.url + '/user');
  await waitForApp(page);
  await settled(page);
  await within10(page, 'after leaving Trade at once', from);
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test.run();
