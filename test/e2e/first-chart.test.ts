import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { startByteProxy, type ByteProxy } from './byte-proxy.ts';
import { browserSuite, demoToken, distName, errorsOf, hintSignedIn, newMobilePage, screenshot, traced } from './harness.ts';

const { test, stage } = browserSuite("first chart: a tap before the quote screen's code is in");

let token = '';
let tradeCode = '';

test.before(async () => {
  const routes: Record<string, string[]> = JSON.parse(await readFile(new URL(`../../${distName()}/routes.json`, import.meta.url), 'utf8'));
  tradeCode = routes.trade![0]!;
  token = await demoToken(stage.server.url);
});

const phone = async (locale = 'en-US'): Promise<Page> => {
  const page = await newMobilePage(stage.browser, { locale });
  await page.addInitScript(`localStorage.setItem('app', ${JSON.stringify(JSON.stringify({ token }))})`);
  await hintSignedIn(page, stage.server.url);
  return page;
};

/** History calls the server received through the proxy since `from`. */
const histories = (proxy: ByteProxy, from: number): string[] =>
  proxy.requests().slice(from).map((r) => r.line).filter((line) => line.includes('/getHistoryKline'));

/**
 * Where a canvas has candles: pixels of a strong colour (the up and down colours; not the grey of
 * grids and labels, nor the pale volume bars), as a set of `x,y` in device pixels. Canvases drawn
 * over one another (uPlot's and its overlay's) count together.
 */
const candlePixels = (page: Page, selector: string): Promise<string[]> =>
  page.evaluate((sel) => {
    const out = new Set<string>();
    for (const c of document.querySelectorAll<HTMLCanvasElement>(sel)) {
      const { data, width, height } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
          if (a > 200 && Math.abs(r - g) + Math.abs(g - b) > 120) out.add(x + ',' + y);
        }
    }
    return [...out];
  }, selector);

/** The shown frame's chart box (the screen on its way), not a hidden screen's. */
const FRAME_BOX = 'main:not([hidden]) .ch-box[data-drawn="btc 1min"]';

for (const [locale, name] of [['en-US', 'en'], ['ar', 'ar']] as const) {
  test(`${name}: a tap the moment the rows are live draws the candles in the quote screen's frame from the one history call, then uPlot draws over them in place, with no second call`, traced(async () => {
    const proxy = await startByteProxy(stage.server.port);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const page = await phone(locale);
    try {
      await page.route('**' + tradeCode, (route) => held.then(() => route.continue()));
      const from = proxy.requests().length;
      await page.goto(proxy.url + '/home' + (name === 'ar' ? '?lang=ar' : ''));
      await page.locator('.qs button[data-symbol="btc"]').waitFor();
      await page.locator('.qs button[data-symbol="btc"]').tap();
      const frame = page.locator(FRAME_BOX);
      await frame.waitFor({ timeout: 10_000 });
      assert.ok(await frame.isVisible(), 'the picture is on screen');
      assert.is(await page.locator('.uplot').count(), 0, "the screen's code is still held back");
      const sketch = await candlePixels(page, FRAME_BOX + ' canvas');
      assert.ok(sketch.length > 2000, `candles drawn: ${sketch.length} pixels`);
      const top = await frame.boundingBox();
      await screenshot(page, `first-chart-${name}-sketch`);
      assert.equal(histories(proxy, from).length, 1, `one history call: ${histories(proxy, from)}`);

      release();
      await page.locator('main:not([hidden]) .ch-box[data-drawn="btc 1min"] .uplot').waitFor({ timeout: 10_000 });
      await screenshot(page, `first-chart-${name}-uplot`);
      const box = await page.locator('main:not([hidden]) .ch-box').boundingBox();
      assert.equal(box, top, "the chart's box where the picture's was");
      const drawn = new Set(await candlePixels(page, 'main:not([hidden]) .ch-box .uplot canvas'));
      const kept = sketch.filter((p) => drawn.has(p)).length / sketch.length;
      assert.ok(kept > 0.9, `uPlot drew over the picture's candles: ${(kept * 100).toFixed(1)}% of them`);
      const calls = histories(proxy, from);
      assert.equal(calls.filter((l) => l.includes('size=')).length, 1, `no second history: ${calls}`);
      assert.equal(errorsOf(page), []);
    } finally {
      release();
      await page.close();
      await proxy.close();
    }
  }));
}

test('with the data saver turned off on a 2G line, no history is fetched before a tap', traced(async () => {
  const proxy = await startByteProxy(stage.server.port);
  const page = await phone();
  try {
    await page.addInitScript(() => {
      localStorage.setItem('saveData', 'false');
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, value: { effectiveType: '2g' } });
    });
    const from = proxy.requests().length;
    await page.goto(proxy.url + '/home');
    await page.locator('.qs button[data-symbol="btc"]').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(histories(proxy, from), []);
  } finally {
    await page.close();
    await proxy.close();
  }
}));

test.run();
