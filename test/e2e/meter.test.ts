/**
 * The data meter and the data saver as a user meets them: the month Settings shows against what
 * Chromium says it received, the first day of a month, the budget's warning, the saver on a 2G line.
 */
import * as assert from 'uvu/assert';
import { until } from '../until.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite, demoToken, errorsOf, newMobilePage, screenshot, traced } from './harness.ts';
import { installWorkerClock } from './worker-clock.ts';

const { test, stage } = browserSuite('data meter');
let token = '';

const signedIn = async (page: Page, language = 'en') => {
  await page.addInitScript(
    ([t, lang]) => {
      if (!localStorage.getItem('app')) localStorage.setItem('app', JSON.stringify({ token: t, language: lang }));
    },
    [token, language] as const,
  );
};

/**
 * What Chromium reports received: each finished request's encodedDataLength (headers and body as
 * they came, through playwright's `sizes()`), page and market worker alike, and the push socket's frames.
 */
function received(context: BrowserContext, page: Page): () => number {
  let bytes = 0;
  context.on('requestfinished', async (req) => {
    const s = await req.sizes().catch(() => null);
    if (s) bytes += s.responseHeadersSize + s.responseBodySize;
  });
  page.on('websocket', (ws) => ws.on('framereceived', (f) => (bytes += Buffer.byteLength(f.payload) + 2)));
  return () => bytes;
}

type Stored = { from: number; by: Record<string, number>; budget: number; day: number };
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('meter') || 'null') as Stored | null);
const sum = (by: Record<string, number> | undefined) => Object.values(by || {}).reduce((a, b) => a + b, 0);

test.before(async () => {
  token = await demoToken(stage.server.url);
});

test('after several page loads, the month Settings shows is within 10 % of what Chromium received', traced(async () => {
  const page = await newMobilePage(stage.browser);
  const chromium = received(page.context(), page);
  await signedIn(page);
  const base = stage.server.url;
  for (const path of ['/home', '/trade', '/user', '/financial', '/trade']) {
    await page.goto(base + path);
    await page.locator('#app > *').first().waitFor({ state: 'attached' });
    // The screen's first polls are done, so they are part of what is compared.
    await page.waitForLoadState('networkidle');
  }
  await page.goto(base + '/setting');
  await page.locator('.meter tr.sum').waitFor();
  await page.waitForLoadState('networkidle');
  // The market worker reports its fetches by a message: the meter holds them once it has heard it.
  const apart = async () => {
    const meter = sum((await stored(page))!.by);
    const truth = chromium();
    return { meter, truth, off: Math.abs(meter - truth) / truth };
  };
  const { meter, truth, off } = await until('the meter within 10 % of Chromium', async () => {
    const a = await apart();
    return a.off <= 0.1 && a;
  }, { ms: 5_000 }).catch(apart);
  assert.ok(truth > 50_000, `a real session (${truth} B)`);
  assert.ok(off <= 0.1, `meter ${meter} B, Chromium ${truth} B: ${(off * 100).toFixed(1)} % apart`);
  const by = (await stored(page))!.by;
  for (const kind of ['market', 'charts', 'code', 'rest']) assert.ok(by[kind]! > 0, `${kind} counted`);
  // The screen says the same figure at its next refresh (every 2 s).
  const showsMonth = () =>
    page.evaluate(() => {
      const shown = [...document.querySelectorAll('.meter tr.sum td')].pop()!.textContent!;
      const m = JSON.parse(localStorage.getItem('meter') || '{}');
      // The total is both ways: what came in and what went out.
      const now = Object.values({ ...m.by }).concat(Object.values({ ...m.up })).reduce((a: number, b) => a + Number(b), 0);
      return { shown, now, ok: / kB$/.test(shown) && Math.abs(parseFloat(shown) * 1024 - now) / now < 0.03 };
    });
  const { shown, now } = await until('Settings shows the month', async () => {
    const s = await showsMonth();
    return s.ok && s;
  }, { ms: 5_000 }).catch(showsMonth);
  const shownBytes = parseFloat(shown) * 1024;
  assert.ok(/ kB$/.test(shown) && Math.abs(shownBytes - now) / now < 0.03, `Settings shows the month: ${shown} for ${now} B`);
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('the first day of the month starts the month from zero; the session goes on', traced(async () => {
  const page = await newMobilePage(stage.browser);
  await signedIn(page);
  await page.clock.setFixedTime(new Date(2026, 10, 30, 23, 58));
  await page.goto(stage.server.url + '/home');
  await page.locator('.qs li').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => Object.values(JSON.parse(localStorage.getItem('meter') || '{}').by || {}).reduce((a: number, b) => a + Number(b), 0) > 20_000);
  const before = (await stored(page))!;
  assert.ok(sum(before.by) > 20_000, 'November counted');
  assert.is(before.from, new Date(2026, 10, 1).getTime());

  await page.clock.setFixedTime(new Date(2026, 11, 1, 0, 1));
  // Polls go on: the first answer of December starts the new month.
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('meter') || '{}').from === new Date(2026, 11, 1).getTime(), null, { timeout: 20_000 });
  const after = (await stored(page))!;
  assert.ok(sum(after.by) > 0 && sum(after.by) < 5_000, `December has only its polls (${sum(after.by)} B)`);
  await page.goto(stage.server.url + '/setting');
  await page.locator('.meter tr.sum').waitFor();
  const head = await page.locator('.meter thead th').last().innerText();
  assert.is(head, 'Since December 1');
  const [session, month] = await page.locator('.meter tr.sum td').allInnerTexts();
  assert.is.not(session, month, 'the session still holds November');
  await page.close();
}));

test('at 80 % of the budget the app says so once and offers the data saver', traced(async () => {
  const page = await newMobilePage(stage.browser);
  await signedIn(page);
  await page.goto(stage.server.url + '/home');
  await page.locator('.qs li').first().waitFor();
  await page.waitForLoadState('networkidle');
  // Through the app, as a user goes: a full page load right after the budget is set could leave
  // while the warning's code is still on its way (it then comes at the next count, unit-tested).
  await page.locator('.tabbar a[href="/user"]').click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.locator('.meter tr.sum').waitFor();
  const used = sum((await stored(page))!.by);
  // A budget that what is used already passes 80 % of: the next bytes counted say so.
  const mb = Math.floor((used / 0.8 / 1048576) * 1000) / 1000;
  const input = page.getByLabel('Monthly budget, MB');
  await input.fill('12x');
  await input.press('Enter');
  await page.getByText('Invalid amount').waitFor();
  assert.is(await input.inputValue(), '12x', 'what was typed stays');
  assert.is((await stored(page))!.budget, 0, 'nothing saved');
  await input.fill(String(mb));
  await input.press('Enter');
  assert.is((await stored(page))!.budget, Math.round(mb * 1048576));
  // Every route change reloads the user info: the first bytes counted past the line. Other bytes
  // (the service worker's counts, handed over within 5 s) may bring the warning first, and its
  // mask would then take a tap on Back: the route changes by the history instead.
  await page.evaluate(() => history.back());
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 20_000 });
  assert.match(await dialog.innerText(), /of your .* monthly data budget is used/);
  await dialog.getByRole('button', { name: 'Turn on data saver' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.tabbar a[href="/home"]').click();
  await page.locator('main:not([hidden]) .bar .sd-badge').waitFor();
  // More bytes, a reload: no second warning this month. Two polls counted after the reload are
  // two chances for the warning to come back.
  await page.reload();
  await page.locator('.qs li').first().waitFor();
  for (let i = 0; i < 2; i++) {
    const counted = sum((await stored(page))!.by);
    await page.waitForFunction((n) => Object.values(JSON.parse(localStorage.getItem('meter') || '{}').by || {}).reduce((a: number, b) => a + Number(b), 0) > n, counted, { timeout: 20_000 });
  }
  // A warning would load its code first: once nothing is loading, none is coming.
  await page.waitForLoadState('networkidle');
  assert.is(await page.getByRole('dialog').count(), 0, 'said once');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('on a 2G line the saver turns itself on: a badge, prices every 15 s, 120 candles, more when dragged back; the user\'s choice wins', traced(async () => {
  const page = await newMobilePage(stage.browser);
  await signedIn(page);
  // A string: the TypeScript loader would name the getter with a helper the page does not have.
  await page.addInitScript(`Object.defineProperty(navigator, 'connection', { configurable: true, get: () => ({ effectiveType: '2g', saveData: false }) })`);
  const clock = await installWorkerClock(page);
  const candles: string[] = [];
  page.context().on('request', (r) => {
    if (r.url().includes('getHistoryKline')) candles.push(r.url());
  });
  await page.goto(stage.server.url + '/trade');
  await page.locator('[data-drawn]:not([data-drawn=""])').waitFor({ timeout: 20_000 });
  assert.match(candles[0]!, 'size=120', 'the chart loads 120 candles');
  const badge = page.locator('.bar .sd-badge');
  await badge.waitFor();
  // Whatever was due before the saver came is due within 15 s; from that poll on, the worker's
  // clock moves 32 s.
  const polls = (fetched: Array<{ at: number; url: string }>) => fetched.filter((f) => f.url.includes('getHomeTickerList')).map((f) => f.at);
  const settled = await clock.advance(15_000);
  const from = polls(settled.fetched).pop()!;
  const after = await clock.advance(from + 32_000 - settled.now);
  const inWindow = polls(after.fetched).filter((t) => t >= from);
  const gaps = inWindow.slice(1).map((t, i) => t - inWindow[i]!);
  assert.is(inWindow.length, 3, `${inWindow.length} price polls in 32 s`);
  assert.ok(gaps.every((g) => g === 15_000), `every 15 s: ${gaps.join(', ')} ms`);

  // Dragged back past the oldest of the 120: the whole history comes, once.
  const plot = page.locator('.u-over');
  const box = (await plot.boundingBox())!;
  for (let i = 0; i < 3; i++) {
    await page.mouse.move(box.x + 5, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 5, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
  }
  await until('the whole history asked for', () => candles.some((u) => u.includes('size=500')));
  await page.waitForLoadState('networkidle');
  assert.is(candles.filter((u) => u.includes('size=500')).length, 1, 'the whole history once');

  await badge.click();
  await page.waitForURL((u) => u.pathname === '/setting');
  const saver = page.locator('#saver');
  assert.ok(await saver.isChecked(), 'the switch is on');
  assert.ok(await saver.evaluate((el) => el === document.activeElement), 'the badge opened the switch');
  await saver.click();
  await page.goto(stage.server.url + '/trade');
  await page.locator('[data-drawn]:not([data-drawn=""])').waitFor({ timeout: 20_000 });
  assert.is(await page.locator('.bar .sd-badge').count(), 0, 'off on 2G, as the user chose');
  // Every chart starts from the newest 120 candles, the saver's or not (docs/rules.md#market-data).
  assert.match(candles[candles.length - 1]!, /size=120|since=/);
  assert.equal(errorsOf(page), []);
  await page.close();
}));

for (const language of ['en', 'ar']) {
  test(`${language}: Settings shows the meter at 360x740`, traced(async () => {
    const page = await newMobilePage(stage.browser, { locale: language });
    await signedIn(page, language);
    await page.goto(stage.server.url + '/home');
    await page.locator('.qs li').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const m = JSON.parse(localStorage.getItem('meter') || '{}');
      localStorage.setItem('meter', JSON.stringify({ ...m, budget: 50 * 1048576 }));
      localStorage.setItem('saveData', 'true');
    });
    await page.goto(stage.server.url + '/setting');
    await page.locator('.meter tr.sum').waitFor();
    const words = (await import(`../../locales/${language}.json`, { with: { type: 'json' } })).default;
    assert.is(await page.locator('.meter thead th').first().innerText(), words.meter.session);
    assert.is(await page.locator('.meter tbody th').first().innerText(), words.meter.market);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 360, `no sideways scroll (${wide} px)`);
    console.log(await screenshot(page, `meter-settings-${language}`));
    await page.goto(stage.server.url + '/user');
    await page.getByText(words.meter.thisMonth).waitFor();
    console.log(await screenshot(page, `meter-user-${language}`));
    assert.equal(errorsOf(page), []);
    await page.close();
  }));
}

test.run();
