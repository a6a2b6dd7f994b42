import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { advanceServerClock, browserSuite, errorsOf, loginAsDemo, loseFirstAnswer, newMobilePage, screenshot, settled, startSignedIn, traced, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('trade: live quote and chart, an order from placing to settlement, a refused order', { server: { env: { NODE_ENV: 'test', TEST_CLOCK: '1' } } });

/** One page through the whole journey: settlement must arrive without a reload. */
let page: Page;
/** The demo user's session from the first login, for the right-to-left page. */
let token = '';

test.before(async () => {
  // The test clock lets an order expire now instead of in a minute.
});

/** Moves the server's clock forward through the operator API (only there with TEST_CLOCK=1). */
const advanceClock = (ms: number) => advanceServerClock(stage.server, ms);

const lastPrice = () => page.locator('.qh-last').innerText();
const balance = () => page.locator('.op-info div').filter({ hasText: 'Available balance' }).locator('dd').innerText();
const amountField = () => page.getByLabel('Investment amount', { exact: true });
const positions = () => page.locator('.pos ul li');
const money = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** Pixels of the candle colours on the chart's canvas: candles drawn, not just axes and grid. */
const candlePixels = (p: Page) =>
  p.locator('.ch-plot canvas').first().evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d')!;
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      // --up #0ecb81 and --down #f6465d, with some room for antialiasing.
      if ((r < 60 && g > 170 && b > 90 && b < 170) || (r > 200 && g < 110 && b > 60 && b < 130)) n++;
    }
    return n;
  });

/** The chart shows the history of `shown` (`symbol period`, e.g. `eth 5min`), or of anything when not given. */
const chartDrawn = async (p = page, shown?: string) => {
  const box = shown ? `.ch-box[data-drawn="${shown}"]` : '.ch-box[data-drawn]:not([data-drawn=""])';
  await p.locator(box).waitFor({ timeout: 15_000 });
  assert.ok((await candlePixels(p)) > 200, 'candles on the canvas');
};

test('the demo user opens the quote screen: the price moves by itself and the chart is drawn', traced(async () => {
  page = await newMobilePage(stage.browser);
  token = await loginAsDemo(page, stage.server.url, '/trade');
  await waitForApp(page);

  await page.getByRole('button', { name: 'Choose a quote' }).getByText('BTC/USDT').waitFor();
  await page.locator('.qh-last').filter({ hasText: /^\d[\d,]*\.\d{2}$/ }).waitFor();
  const first = await lastPrice();
  await page.waitForFunction((before) => document.querySelector('.qh-last')!.textContent !== before, first, { timeout: 12_000 });
  await chartDrawn();
  assert.match(await balance(), /^\$10,000$/, 'the demo balance');
  await screenshot(page, 'trade');
  assert.equal(errorsOf(page), []);
}));

/** uPlot's canvas with the forming candle's canvas over it, as the user sees them, and the legend's close. */
const chartPicture = (p: Page) =>
  p.evaluate(() => {
    const [main, over] = document.querySelectorAll<HTMLCanvasElement>('.ch-plot canvas');
    const both = document.createElement('canvas');
    both.width = main!.width;
    both.height = main!.height;
    const ctx = both.getContext('2d')!;
    ctx.drawImage(main!, 0, 0);
    ctx.drawImage(over!, 0, 0);
    return { image: both.toDataURL(), close: document.querySelectorAll('.cc-legend b')[3]!.textContent };
  });

/** After two polls that moved the last candle, the chart is pixel for pixel what a full redraw draws. */
async function matchesFullRedraw(p: Page): Promise<void> {
  for (let polls = 0; polls < 2; polls++) {
    const before = await p.locator('.cc-legend b').nth(3).innerText();
    await p.waitForFunction((b) => document.querySelectorAll('.cc-legend b')[3]!.textContent !== b, before, { timeout: 12_000 });
  }
  const width = () => p.evaluate(() => document.querySelector('.ch-plot canvas')!.getBoundingClientRect().width);
  // A poll may land while the chart is redrawn; the two pictures must then be of the same candles.
  for (let tries = 0; ; tries++) {
    const updated = await chartPicture(p);
    const full = await width();
    // A resize redraws everything: axes, history, the forming candle.
    await p.setViewportSize({ width: 359, height: 740 });
    await p.waitForFunction((w) => document.querySelector('.ch-plot canvas')!.getBoundingClientRect().width < w, full);
    await p.setViewportSize({ width: 360, height: 740 });
    await p.waitForFunction((w) => document.querySelector('.ch-plot canvas')!.getBoundingClientRect().width === w, full);
    await p.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const redrawn = await chartPicture(p);
    if (redrawn.close !== updated.close && tries < 3) continue;
    assert.is(redrawn.close, updated.close, 'no poll between the two pictures');
    assert.ok(updated.image === redrawn.image, 'the same pixels, nothing left behind by the last candle or the price marker');
    return;
  }
}

test('polls that move only the forming candle leave the chart exactly as a full redraw draws it', traced(async () => {
  await matchesFullRedraw(page);
}));

test('another period and another ticker each empty the chart and draw it again', traced(async () => {
  await page.getByRole('tab', { name: '5m', exact: true }).click();
  assert.is(await page.getByRole('tab', { name: '5m', exact: true }).getAttribute('aria-selected'), 'true');
  await chartDrawn(page, 'btc 5min');

  await page.getByRole('button', { name: 'Choose a quote' }).click();
  await page.getByRole('option', { name: /ETH\/USDT/ }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Choose a quote' }).getByText('ETH/USDT').waitFor();
  await chartDrawn(page, 'eth 5min');
  assert.is(
    await page.evaluate(() => JSON.parse(sessionStorage.getItem('trade') || '{}').selectedTicker),
    'eth',
    'the choice is kept in the session trade state',
  );
}));

test('at 320 px nothing runs off the side and the chart is redrawn to fit', traced(async () => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.waitForFunction(() => document.querySelector('.ch-plot canvas')!.getBoundingClientRect().width <= 320);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 320), 'no sideways scrolling');
  await chartDrawn();
  await screenshot(page, 'trade-320');
  await page.setViewportSize({ width: 360, height: 740 });
}));

test('an up order on the 60 s expiry: confirmed, listed as to be settled, then settled by the server', traced(async () => {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('radio', { name: /^1 min/ }).click();
  // The quick amounts come from the expiry's limits (10 to 5,000): no 10,000 to tap and be refused.
  assert.equal(await page.locator('.op-quick button:not([disabled])').allInnerTexts(), ['10', '100', '500', '1,000', '5,000']);
  await page.getByRole('radio', { name: /^1 d\b/ }).click();
  assert.equal(await page.locator('.op-quick button').allInnerTexts(), ['2,000', '5,000', '10,000', '500,000']);
  await page.getByRole('radio', { name: /^1 min/ }).click();
  await amountField().fill('100');
  assert.match(await page.locator('.op-info div').filter({ hasText: 'Estimated income' }).innerText(), /\$10$/, '100 × 10 %');
  // The first answer is lost on the way back (the server did place the order): the retry of the
  // same order carries the same Idempotency-Key, so the server answers that order, not a second one.
  const keys = await loseFirstAnswer(page, '**/h5/order/saveContactOrder*');
  const dialog = page.getByRole('dialog');
  for (const attempt of [1, 2]) {
    await page.getByRole('button', { name: 'Buy up' }).click();
    // Amount and expiry are isolated left-to-right runs inside the sentence (U+2066 … U+2069).
    await dialog.getByText('Buy up ETH/USDT for \u2066$100\u2069, expiry \u20661 min\u2069').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    if (attempt === 1) {
      await page.locator('.notify').getByText('Network exception, check your connection').waitFor();
      assert.is(await amountField().inputValue(), '100', 'the amount is kept after the lost answer');
      await page.getByRole('button', { name: 'Buy up' }).and(page.locator(':not([disabled])')).waitFor();
    }
  }
  await page.locator('.notify').getByText('Investment success').waitFor();
  assert.is(keys.length, 2, 'submitted twice');
  assert.ok(/^[0-9a-f]{32}$/.test(keys[0]!) && keys[0] === keys[1], 'the retry reuses the key');
  await page.waitForFunction(() => /\$9,900$/.test(document.querySelector('.op-info dd')!.textContent || ''));

  assert.is(await page.getByRole('tab', { name: 'To be settled' }).getAttribute('aria-selected'), 'true');
  const row = positions().filter({ hasText: 'ETH/USDT' });
  await row.waitFor();
  assert.is(await positions().count(), 1, 'one order placed, not two');
  assert.match(await row.innerText(), /Up/);
  await row.getByText(/^Settles in 0[01]:\d\d$/).waitFor();
  // The running result at the polled price: winning the income, losing the amount, or even.
  await row.locator('.pr-now').getByText(/^(Winning now \+\$10|Losing now -\$100|Even now \$0)$/).waitFor();
  // The new row is brought into view, clear of the order buttons' bar above the tab bar.
  // The scroll is smooth: on a busy machine it takes longer than its nominal time.
  const rowEl = (await row.elementHandle())!;
  await page
    .waitForFunction((el) => el.getBoundingClientRect().bottom <= document.querySelector('.op-go')!.getBoundingClientRect().top + 1, rowEl, { polling: 100, timeout: 5000 })
    .catch(() => undefined);
  const [rowBottom, barTop] = await Promise.all([
    row.evaluate((el) => el.getBoundingClientRect().bottom),
    page.locator('.op-go').evaluate((el) => el.getBoundingClientRect().top),
  ]);
  const layout = () =>
    row.evaluate((el) => {
      const page = el.closest('.page')!;
      return JSON.stringify({ row: el.getBoundingClientRect().height, page: page.getBoundingClientRect().height, scrollY, max: document.documentElement.scrollHeight - innerHeight, dock: getComputedStyle(page).getPropertyValue('--dock-h') });
    });
  assert.ok(rowBottom <= barTop + 1, `the open position ends at ${rowBottom}, above the order buttons at ${barTop} (${await layout()})`);
  await screenshot(page, 'trade-order-placed');

  await advanceClock(61_000);
  // The settlement job runs every second and pushes `balance`: the row leaves the tab by itself.
  await row.waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {
    throw new Error('the settled order stayed under "To be settled": did the push socket start (startSocket after mount)?');
  });
  // A short notice says how it ended, with the amount.
  await page.locator('.notify').getByText(/^ETH\/USDT Up: (won \u2066\+\$10\u2069|lost \u2066-\$100\u2069|tie, \u2066\$100\u2069 refunded)$/).waitFor({ timeout: 10_000 });
  await screenshot(page, 'trade-order-settled');
  await page.getByRole('tab', { name: 'Closed position' }).click();
  const settledRow = positions().filter({ hasText: 'ETH/USDT' }).first();
  await settledRow.getByText(/Win|Loss|Tie/).waitFor();
  await page.getByRole('link', { name: 'Trade orders' }).click();
  await page.waitForURL((u) => u.pathname === '/orderList');
  const card = page.locator('.oc').first();
  await card.getByText(/Win|Loss|Tie/).first().waitFor();
  const payout = money(await card.locator('div').filter({ hasText: /^Paid out/ }).locator('dd').innerText());
  assert.ok([0, 100, 110].includes(payout), 'paid out: nothing, the amount, or amount and income');
  await settled(page);
  const tabInView = await page.locator('.app > main:not([hidden]) .tabs [aria-selected=true]').evaluate((el) => {
    const row = el.parentElement!.getBoundingClientRect();
    const tab = el.getBoundingClientRect();
    return tab.left >= row.left - 1 && tab.right <= row.right + 1;
  });
  assert.ok(tabInView, 'the tab the link opened is wholly in view at 360 px');
  await screenshot(page, 'order-list');
  await page.goBack();
  await page.waitForURL((u) => u.pathname === '/trade');
  await page.waitForFunction(
    (expected) => document.querySelector('.op-info dd')!.textContent === expected,
    '$' + (9900 + payout).toLocaleString('en-US'),
    { timeout: 5_000 },
  );
  assert.ok(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'never reloaded');
  assert.equal(errorsOf(page), []);
}));

test('an amount the balance cannot cover: the server says why and the amount stays typed', traced(async () => {
  // Within the 15 min expiry's limit (20,000), beyond any balance the first order can have left.
  await page.getByRole('radio', { name: /^15 min/ }).click();
  await amountField().fill('0020000');
  assert.is(await amountField().inputValue(), '0020000', 'kept as typed; it reads 20,000');
  await page.getByRole('button', { name: 'Buy down' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.locator('.notify').getByText('Insufficient balance').waitFor();
  await page.locator('.op').getByRole('alert').getByText('Insufficient balance').waitFor();
  assert.is(await amountField().inputValue(), '0020000');

  await page.getByRole('radio', { name: /^1 min/ }).click();
  await page.getByRole('button', { name: 'Buy down' }).click();
  await page.locator('.op').getByRole('alert').getByText('At most \u2066$5,000\u2069').waitFor();
  assert.is(await page.getByRole('dialog').count(), 0, 'refused before asking to confirm');
  assert.is(await amountField().inputValue(), '0020000');
  await screenshot(page, 'trade-refused');
  await page.close();
}));

/** Another page of the demo user's session, with `language` saved, on the quote screen. */
const quoteScreenIn = async (language: string): Promise<Page> => {
  const p = await newMobilePage(stage.browser, { locale: language });
  await startSignedIn(p, token, language);
  await p.goto(stage.server.url + '/trade');
  await waitForApp(p);
  return p;
};

test('right to left: the quote screen in Arabic', traced(async () => {
  // An open order, so its running result is seen right to left too.
  const placed = await fetch(stage.server.url + '/prod-api/h5/order/saveContactOrder?symbol=eth&playId=1&direction=up&amount=10', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, clientId: 'app', 'Idempotency-Key': 'ar-running-result' },
  });
  assert.is(((await placed.json()) as { code: number }).code, 200);
  const p = await quoteScreenIn('ar');
  await p.locator('.pr-now .num').first().waitFor();
  assert.is(await p.evaluate(() => document.documentElement.dir), 'rtl');
  await chartDrawn(p);
  // The price axis and its marker are on the left here: the same check of the forming candle's canvas.
  await matchesFullRedraw(p);
  await screenshot(p, 'trade-ar');
  assert.equal(errorsOf(p), []);
  await p.close();
}));

test('Japanese: the quote screen speaks it, with its own label for the latest order (docs/rules.md#languages)', traced(async () => {
  const p = await quoteScreenIn('ja');
  assert.is(await p.evaluate(() => document.documentElement.lang), 'ja');
  await p.getByRole('heading', { name: '取引' }).waitFor();
  await p.getByRole('tab', { name: 'すべて' }).click();
  await p.locator('.pos li').first().getByText('最新注文').waitFor();
  assert.is(await p.getByText('最新注文').count(), 1, 'only the newest order carries it');
  assert.equal(errorsOf(p), []);
  await p.close();
}));

/**
 * Notes, at the end of the task that first shows each, whether the next step was already done in
 * it: the chart's box (the screen's render) with uPlot inside it, and uPlot with its first layout
 * (the size it gives its box). A microtask queued from the observer runs after every microtask the
 * task had queued by then, uPlot's own first draw included.
 */
const SAME_TASK = `(() => {
  const w = window;
  w.__sameTask = {};
  const atTaskEnd = (fn) => queueMicrotask(() => queueMicrotask(() => queueMicrotask(fn)));
  new MutationObserver(() => {
    const box = document.querySelector('.ch-plot');
    if (box && !('screen' in w.__sameTask)) {
      w.__sameTask.screen = null;
      atTaskEnd(() => (w.__sameTask.screen = !!box.querySelector('.uplot')));
    }
    const wrap = document.querySelector('.ch-plot .u-wrap');
    if (wrap && !('chart' in w.__sameTask)) {
      w.__sameTask.chart = null;
      atTaskEnd(() => (w.__sameTask.chart = wrap.style.width !== ''));
    }
  }).observe(document, { subtree: true, childList: true });
})()`;

test("the screen's render, the chart's build and its first layout and draw each take a task of their own", traced(async () => {
  // One task of a slow phone's main thread doing two of these was over 50 ms (docs/performance.md).
  const p = await newMobilePage(stage.browser);
  await startSignedIn(p, token);
  await p.addInitScript(SAME_TASK);
  await p.goto(stage.server.url + '/trade');
  await chartDrawn(p);
  assert.equal(await p.evaluate(() => (window as unknown as { __sameTask: object }).__sameTask), { screen: false, chart: false });
  await p.close();
}));

/**
 * Notes whether the order panel or the positions were in the page at the end of the task that
 * first showed the chart's box; whether the chart had drawn when the order panel came; and whether
 * the positions came in the same task as the panel.
 */
const LOWER = `(() => {
  const w = window;
  w.__lower = {};
  const atTaskEnd = (fn) => queueMicrotask(() => queueMicrotask(() => queueMicrotask(fn)));
  new MutationObserver(() => {
    if (document.querySelector('.ch-plot') && !('screen' in w.__lower)) {
      w.__lower.screen = null;
      atTaskEnd(() => (w.__lower.screen = !!document.querySelector('.op, .pos')));
    }
    if (document.querySelector('.op') && !('drawn' in w.__lower)) {
      w.__lower.drawn = !!document.querySelector('.ch-box[data-drawn]:not([data-drawn=""])');
      w.__lower.positions = null;
      atTaskEnd(() => (w.__lower.positions = !!document.querySelector('.pos')));
    }
  }).observe(document, { subtree: true, childList: true });
})()`;

test('the order panel and the positions come together after the chart has drawn, not in the screen\'s first task', traced(async () => {
  // The screen's first task with them in it was over 50 ms on a slow phone (docs/performance.md);
  // coming after the chart's first draw, they do not delay it, and coming together, the
  // positions are never pushed down by the panel.
  const p = await newMobilePage(stage.browser);
  await startSignedIn(p, token);
  await p.addInitScript(LOWER);
  await p.goto(stage.server.url + '/trade');
  await chartDrawn(p);
  await p.locator('.op').waitFor();
  await p.waitForFunction(() => (window as unknown as { __lower: { positions: boolean | null } }).__lower.positions !== null);
  assert.equal(await p.evaluate(() => (window as unknown as { __lower: object }).__lower), { screen: false, drawn: true, positions: true });
  await p.close();
}));

test('a period chosen off the edge of a narrow screen is in view when the screen opens', traced(async () => {
  // Thai writes the periods in words: at 320 px they no longer fit.
  const p = await newMobilePage(stage.browser, { locale: 'th' });
  await p.setViewportSize({ width: 320, height: 640 });
  await startSignedIn(p, token, 'th');
  await p.addInitScript(() => sessionStorage.setItem('trade', JSON.stringify({ selectedTicker: 'btc', kLinePeriod: '1day' })));
  await p.goto(stage.server.url + '/trade');
  await chartDrawn(p, 'btc 1day');
  const tabs = p.locator('.ch [role=tablist]');
  assert.ok(await tabs.evaluate((row) => row.scrollWidth > row.clientWidth), 'the periods are wider than the screen');
  // Brought into view in a frame after the screen's task: wait for it rather than read it once.
  const inView = await p
    .waitForFunction(() => {
      const row = document.querySelector('.ch [role=tablist]')!.getBoundingClientRect();
      const on = document.querySelector('.ch [role=tablist] [aria-selected=true]')!.getBoundingClientRect();
      return on.left >= row.left - 0.5 && on.right <= row.right + 0.5;
    }, undefined, { timeout: 3000 })
    .then(() => true, () => false);
  assert.ok(inView, 'the chosen period is not cut by the edge');
  await p.close();
}));

test.run();
