import * as assert from 'uvu/assert';
import type { Page, Request } from 'playwright-core';
import { browserSuite, errorsOf, faultRoute, hintSignedIn, loginAsDemo, newMobilePage, screenshot, traced, waitForApp } from './harness.ts';
import { installWorkerClock, type WorkerClock } from './worker-clock.ts';
import { LANGUAGE_CODES } from '../../src/shared/language-codes.ts';

const { test, stage } = browserSuite('home: promotions from the server, live quotes, polling that rests while hidden');

/** The demo user's session, from the first test's login; later pages start with it. */
let token = '';

const TICKERS = '/prod-api/h5/symbol/getHomeTickerList';
const isTickers = (r: Request) => new URL(r.url()).pathname === TICKERS;

/** A phone page already signed in (and in `language`, if given) that opens /home. */
const openHome = async (opts: { language?: string; saveData?: boolean; setup?: (page: Page) => Promise<unknown> } = {}): Promise<Page> => {
  const page = await newMobilePage(stage.browser);
  await page.addInitScript(
    ([token, language, saveData]) => {
      const saved = JSON.parse(localStorage.getItem('app') || '{}');
      localStorage.setItem('app', JSON.stringify({ ...saved, token, ...(language ? { language } : {}) }));
      // Values, not getters: tsx would wrap a named getter in a helper the page does not have.
      if (saveData) Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, value: { saveData: true } });
    },
    [token, opts.language ?? '', !!opts.saveData] as const,
  );
  await opts.setup?.(page);
  await page.goto(stage.server.url + '/home');
  await waitForApp(page);
  return page;
};

const row = (page: Page, symbol: string) => page.locator(`.qs button[data-symbol="${symbol}"]`);
/** The list's first render draws five rows, the rest a few per task (Quotes.tsx): waits for a row per ticker of the market. */
const allRows = async (page: Page) => {
  const answer = (await (await fetch(stage.server.url + TICKERS)).json()) as { data: unknown[] };
  await page.waitForFunction((n) => document.querySelectorAll('.qs li').length === n, answer.data.length);
};

test('the demo user logs in and lands on home: banners, marquee and notices from the server, the quote list', traced(async () => {
  const page = await newMobilePage(stage.browser);
  token = await loginAsDemo(page, stage.server.url, '/home');
  assert.type(token, 'string');

  await page.getByRole('heading', { name: 'Quotes' }).waitFor();
  assert.match(await row(page, 'btc').innerText(), /BTC\/USDT/);
  assert.match(await row(page, 'btc').locator('span.num').first().innerText(), /^\d{1,3}(,\d{3})*\.\d{2}$/, 'the price as quoted, grouped as on the quote screen');
  await allRows(page);
  assert.ok((await page.locator('.qs li').count()) >= 10, 'every coin of the market');
  // The title is written over a text-free image, in the user's language; the link is named by it.
  const banner = page.getByRole('link', { name: 'Welcome bonus up to 100%' });
  await banner.waitFor();
  // The first banner is in view at once, often the screen's largest paint: asked for first among
  // the images (a11y.test.ts checks the others wait to be scrolled to).
  assert.equal(
    await banner.locator('img').evaluate((img: HTMLImageElement) => [img.loading, img.getAttribute('fetchpriority'), img.width > 0, img.height > 0]),
    ['eager', 'high', true, true],
  );
  assert.equal(await page.locator('.bn-s img').evaluateAll((imgs) => imgs.slice(1).map((img) => img.getAttribute('fetchpriority'))), [null, null], 'the others at the default priority');
  await page.locator('.mq').getByText('Trade BTC with leverage up to 2000x.').waitFor();
  assert.is(await page.locator('.mq p').evaluate((p) => getComputedStyle(p).animationName), 'mq', 'a CSS animation, no timer');
  await page.getByRole('link', { name: 'Leverage up to 2000x on BTC' }).waitFor();
  await screenshot(page, 'home');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('a price changes at the next poll without a reload, and only the rows that changed are touched', traced(async () => {
  let first: { data: { symbol: string; price: string }[] } | null = null;
  let polls = 0;
  let clock!: WorkerClock;
  const page = await openHome({
    // Every coin keeps its first quote except btc, which moves one cent per poll.
    setup: async (p) => {
      clock = await installWorkerClock(p);
      await p.route('**' + TICKERS, async (route) => {
        const live = await (await route.fetch()).json();
        first ??= live;
        const body = structuredClone(first!);
        const btc = body.data.find((t) => t.symbol === 'btc')!;
        btc.price = (Number(btc.price) + polls++ / 100).toFixed(2);
        await route.fulfill({ json: body });
      });
    },
  });
  await row(page, 'btc').waitFor();
  await allRows(page);
  const before = await row(page, 'btc').locator('span.num').first().innerText();
  await page.evaluate(() => {
    const w = window as unknown as { touched: string[]; marker: number };
    w.marker = 1;
    w.touched = [];
    new MutationObserver((records) => {
      for (const r of records) {
        const el = (r.target.nodeType === 1 ? r.target : r.target.parentElement) as Element;
        const symbol = el.closest('[data-symbol]')?.getAttribute('data-symbol');
        if (symbol && !w.touched.includes(symbol)) w.touched.push(symbol);
      }
    }).observe(document.querySelector('.qs ul')!, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const btcShows = (old: string) => page.waitForFunction((old) => document.querySelector('.qs [data-symbol="btc"] span.num')!.textContent !== old, old);
  await clock.advance(5_000);
  await btcShows(before);
  // A second poll's answer drawn: rows it did not change stay untouched through it too.
  const second = await row(page, 'btc').locator('span.num').first().innerText();
  await clock.advance(5_000);
  await btcShows(second);
  const seen = await page.evaluate(() => {
    const w = window as unknown as { touched: string[]; marker?: number };
    return { marker: w.marker, touched: w.touched };
  });
  assert.is(seen.marker, 1, 'the same page: no reload');
  assert.equal(seen.touched, ['btc'], 'the other rows were left alone');
  await page.close();
}));

test('the list draws the rows above the fold first and the rest a few per task, so no task of it is long', traced(async () => {
  const page = await openHome({
    setup: (p) =>
      p.addInitScript(() => {
        const w = window as unknown as { counts: number[] };
        w.counts = [];
        new MutationObserver(() => {
          const n = document.querySelectorAll('.qs li').length;
          if (n && w.counts[w.counts.length - 1] !== n) w.counts.push(n);
        }).observe(document, { subtree: true, childList: true });
      }),
  });
  await allRows(page);
  const counts = await page.evaluate(() => (window as unknown as { counts: number[] }).counts);
  assert.is(counts[0], 5, `five rows first (counts seen: ${counts.join(', ')})`);
  assert.ok(counts[counts.length - 1]! >= 10, 'then every coin of the market');
  for (let i = 1; i < counts.length; i++) assert.ok(counts[i]! - counts[i - 1]! <= 3, `at most three more at a time (counts seen: ${counts.join(', ')})`);
  await page.close();
}));

/**
 * Records every layout shift of the page from its first paint on, with what moved (a string per
 * source), as `window.shifts`; shifts right after an input count too, as a user sees them all.
 */
const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; moved: string[] }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }[])
        w.shifts.push({
          value: e.value,
          moved: e.sources.map((s) => `${(s.node as Element | null)?.outerHTML?.slice(0, 60) ?? s.node?.nodeName} from y ${s.previousRect.y} to ${s.currentRect.y}`),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The frame after the next one has been drawn: whatever changed before it is on screen. */
const painted = (page: Page) => page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));

/** What `page` recorded of its layout shifts since it loaded: their sum and what moved. */
const shiftsOf = async (page: Page): Promise<[number, string]> => {
  const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts);
  return [shifts.reduce((sum, s) => sum + s.value, 0), shifts.flatMap((s) => s.moved).join('; ')];
};

test('nothing on home moves as the app takes over the skeleton and its lists come in after the rows', traced(async () => {
  // Banners, marquee and notices answer once the app's rows are on screen, as on a slow line.
  let release!: () => void;
  let gate = new Promise<void>((go) => (release = go));
  const late = /\/h5\/symbol\/(getBannerList|marquee|getNoticeList)/;
  /** Loads with the lists held back until the rows have painted, then lets them come and waits for them. */
  const held = async (load: () => Promise<unknown>) => {
    await load();
    await row(page, 'btc').waitFor();
    await painted(page);
    release();
    await Promise.all([page.locator('.bn-s img').first().waitFor(), page.locator('.nts li').first().waitFor(), allRows(page)]);
  };
  const page = await openHome({
    setup: async (p) => {
      // The page with the prices in its skeleton, as a signed-in user's browser asks for it.
      await hintSignedIn(p, stage.server.url);
      await recordShifts(p);
      await p.route(late, async (route) => {
        await gate;
        await route.continue().catch(() => {});
      });
    },
  });
  await held(async () => {});
  await page.locator('.mq span').first().waitFor();
  await painted(page);
  let [total, moved] = await shiftsOf(page);
  assert.ok(total < 0.001, `layout shift ${total.toFixed(4)}: ${moved}`);

  // An operator empties the marquee: the load that finds out gives its line up; the next ones hold none.
  await page.route('**/h5/symbol/marquee', async (route) => {
    await gate;
    const answer = await route.fetch().then((r) => r.json(), () => null);
    if (answer) await route.fulfill({ json: { ...answer, data: [] } }).catch(() => {});
  });
  await Promise.all([page.waitForResponse((r) => r.url().includes('/h5/symbol/marquee')), page.reload()]);
  await page.locator('.mq').waitFor({ state: 'detached' });
  gate = new Promise<void>((go) => (release = go));
  await held(() => page.reload());
  await painted(page);
  [total, moved] = await shiftsOf(page);
  assert.is(await page.locator('.mq').count(), 0, 'no marquee line');
  assert.ok(total < 0.001, `layout shift ${total.toFixed(4)} with the marquee empty: ${moved}`);
  await page.close();
}));

/** The boxes (x, y, width, height) of what `selector` finds on screen. */
const boxes = (page: Page, selector: string) =>
  page.evaluate(
    (s) =>
      [...document.querySelectorAll(s)]
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.height > 0)
        .map((r) => [r.x, r.y, r.width, r.height]),
    selector,
  );

/** Whether two lists of boxes are the same within half a pixel. */
const sameBoxes = (a: number[][], b: number[][]) => a.length === b.length && a.every((box, i) => box.every((v, j) => Math.abs(v - b[i]![j]!) < 0.5));

/** The furthest any edge of a box in `a` is from the same box's in `b`, in px. */
const furthest = (a: number[][], b: number[][]) => Math.max(0, ...a.flatMap((box, i) => box.map((v, j) => Math.abs(v - (b[i]?.[j] ?? Infinity)))));

test("the skeleton's heads and price rows are the app's boxes in every language, and without a list the phone found empty", traced(async () => {
  // The shortcuts' words take two lines in most languages, the heads two in Arabic, and each
  // row's high and low two in Hindi: the rows under them sit lower by as much.
  const cases = [
    ...LANGUAGE_CODES.map((lang) => ({ lang, empty: [] as string[] })),
    // The marquee and the banners came back empty the last time: the app holds no box for them.
    { lang: 'en', empty: ['marquee', 'banners'] },
    { lang: 'de', empty: ['marquee', 'banners'] },
  ];
  const wrong: string[] = [];
  for (const { lang, empty } of cases) {
    const at = `${lang}${empty.length ? ', ' + empty.join(' and ') + ' empty' : ''}`;
    // The browser's languages name it, as a phone set to it would: the server writes the page in it.
    const page = await newMobilePage(stage.browser, { locale: lang.replace(/-(\w+)$/, (_, region: string) => '-' + region.toUpperCase()) });
    await hintSignedIn(page, stage.server.url);
    await page.addInitScript(
      ([token, lang, empty]) => {
        localStorage.setItem('app', JSON.stringify({ token, language: lang }));
        if (empty.length) localStorage.setItem('homeEmpty', JSON.stringify(empty));
      },
      [token, lang, empty] as const,
    );
    if (empty.length) await page.route(/\/h5\/symbol\/(marquee|getBannerList)/, (route) => route.fulfill({ json: { code: 200, msg: 'ok', data: [] } }));
    // The app's code waits until the skeleton has been measured.
    let release!: () => void;
    const code = new Promise<void>((go) => (release = go));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await code;
      await route.continue().catch(() => {});
    });
    await page.goto(stage.server.url + '/home', { waitUntil: 'commit' });
    await page.locator('#sk [data-s]').first().waitFor();
    const skeleton = { heads: await boxes(page, '#sk .h'), rows: await boxes(page, '#sk [data-s]') };
    release();
    await page.waitForFunction(() => document.querySelectorAll('.qs li').length >= 5);
    await painted(page);
    const app = { heads: await boxes(page, '.qs .q-head'), rows: (await boxes(page, '.qs li button')).slice(0, 5) };
    assert.is(skeleton.rows.length, 5, `${at}: five priced rows`);
    if (!sameBoxes(skeleton.heads, app.heads) || !sameBoxes(skeleton.rows, app.rows))
      wrong.push(`${at}: ${furthest(skeleton.heads.concat(skeleton.rows), app.heads.concat(app.rows)).toFixed(1)} px off (skeleton ${JSON.stringify(skeleton)}, app ${JSON.stringify(app)})`);
    await page.close();
  }
  assert.equal(wrong, [], `the skeleton's boxes are not the app's in ${wrong.length} of ${cases.length}:\n${wrong.join('\n')}`);
}));

test('polling rests while the page is hidden and refreshes once on return', traced(async () => {
  let clock!: WorkerClock;
  const page = await openHome({ setup: async (p) => (clock = await installWorkerClock(p)) });
  await row(page, 'btc').waitFor();
  /** The ticker polls among the worker's fetches after the first `from`. */
  const polls = (fetched: Array<{ at: number; url: string }>, from: number) => fetched.slice(from).filter((f) => new URL(f.url).pathname === TICKERS);
  const setHidden = (hidden: boolean) =>
    page.evaluate((hidden) => {
      Object.defineProperty(document, 'hidden', { configurable: true, value: hidden });
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: hidden ? 'hidden' : 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await setHidden(true);
  // The worker hears of it by a message: the next round of its clock is after that message.
  const hiddenAt = (await clock.advance(0)).fetched.length;
  const hidden = await clock.advance(11_000);
  assert.equal(polls(hidden.fetched, hiddenAt), [], 'no ticker request while hidden (two would be due)');
  const refresh = page.waitForRequest(isTickers);
  await setHidden(false);
  await refresh;
  const back = await clock.advance(2_000);
  assert.is(polls(back.fetched, hidden.fetched.length).length, 1, 'one refresh at once on return, the next poll not before 5 s');
  await page.close();
}));

test('a failed poll shows a quiet line, no banner, until prices come back', traced(async () => {
  const page = await openHome();
  await row(page, 'btc').waitFor();
  const outage = await faultRoute(page, '**' + TICKERS, (route) => route.abort());
  const line = page.getByRole('status').filter({ hasText: /^Prices paused, retrying in \d+ s$/ });
  await line.waitFor({ timeout: 8_000 });
  assert.is(await page.locator('.notify').count(), 0, 'no error banner for market polling');
  await screenshot(page, 'home-paused');
  outage.off();
  await line.waitFor({ state: 'detached', timeout: 10_000 });
  await page.close();
}));

test('tapping a quote selects it and opens the trade screen', traced(async () => {
  const page = await openHome();
  await row(page, 'eth').click();
  await page.waitForURL((u) => u.pathname === '/trade');
  const trade = await page.evaluate(() => JSON.parse(sessionStorage.getItem('trade') || '{}'));
  assert.is(trade.selectedTicker, 'eth');
  await page.close();
}));

test('banners, shortcuts and notices navigate inside the app', traced(async () => {
  const page = await openHome();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('link', { name: 'Daily interest in Savings' }).click();
  await page.waitForURL((u) => u.pathname === '/yuebao');
  await page.goBack();
  await page.getByRole('link', { name: 'Withdraw' }).click();
  await page.waitForURL((u) => u.pathname === '/withdraw');
  await page.goBack();
  await page.getByRole('link', { name: 'Keep your account safe' }).click();
  await page.waitForURL((u) => u.pathname === '/notificationRecord');
  assert.is(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1, 'no page load on the way');
  await page.close();
}));

test('with data saver on, banner images wait for a tap', traced(async () => {
  const images: string[] = [];
  const page = await openHome({ saveData: true, setup: async (p) => p.on('request', (r) => r.url().includes('/banners/') && images.push(r.url())) });

  const tap = page.getByRole('button', { name: 'Tap to load images (data saver is on)' });
  await tap.waitFor();
  // The page done loading (no request for half a second), not a guess at how long a download takes.
  await page.waitForLoadState('networkidle');
  assert.equal(images, [], 'no banner image downloaded');
  const box = await tap.boundingBox();
  await Promise.all([page.waitForRequest((r) => r.url().includes('/banners/')), tap.click()]);
  await page.getByRole('link', { name: 'Welcome bonus up to 100%' }).waitFor();
  const slide = await page.locator('.bn-s').first().boundingBox();
  assert.ok(Math.abs(slide!.height - box!.height) < 1, 'the banners take the place the tap box held: nothing below moves');
  await page.close();
}));

/** WCAG relative luminance of a computed `rgb(...)` colour. */
const luminance = (css: string): number => {
  const [r, g, b] = css.match(/\d+/g)!.slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

test('a banner title stays readable before its image arrives, in the light theme too', traced(async () => {
  const page = await openHome({
    setup: async (p) => {
      await p.addInitScript(() => sessionStorage.setItem('theme', 'light'));
      // An image that never comes: a slow line, or a blocked host.
      await p.route('**/banners/**', (r) => r.abort());
    },
  });
  const caption = page.locator('.bn-t').first();
  await caption.waitFor();
  const [fg, bg] = (await caption.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el.parentElement!).backgroundColor])).map(luminance);
  const ratio = (Math.max(fg!, bg!) + 0.05) / (Math.min(fg!, bg!) + 0.05);
  assert.is(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.ok(ratio >= 4.5, `the title against the slide under it: ${ratio.toFixed(2)}:1, at least 4.5:1`);
  await page.close();
}));

test('with reduced motion the marquee stands still on the one line held for it, the rest a swipe away, in English and Arabic', traced(async () => {
  for (const language of ['en', 'ar']) {
    const page = await openHome({ language, setup: (p) => p.emulateMedia({ reducedMotion: 'reduce' }) });
    const text = page.locator('.mq p');
    await text.waitFor();
    const seen = await text.evaluate((p) => ({
      still: getComputedStyle(p).animationName,
      line: p.parentElement!.getBoundingClientRect().height,
      cut: p.scrollWidth > p.clientWidth,
    }));
    assert.is(seen.still, 'none', `${language}: the messages stand still`);
    assert.is(seen.line, 36, `${language}: the marquee keeps its one line`);
    assert.ok(seen.cut, `${language}: the messages are longer than the line`);
    // A user's scroll along the line (a wheel here, a swipe on a phone) moves it: a line whose end is only cut does not.
    await text.hover();
    await page.mouse.wheel(language === 'ar' ? -600 : 600, 0);
    const swiped = await page.waitForFunction(() => document.querySelector('.mq p')!.scrollLeft !== 0, undefined, { timeout: 3000 }).then(() => true, () => false);
    assert.ok(swiped, `${language}: the rest of the messages is reached by scrolling along the line`);
    await page.close();
  }
}));

test('Arabic: the home screen mirrors', traced(async () => {
  const page = await openHome({ language: 'ar' });
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await row(page, 'btc').waitFor();
  assert.is(await page.locator('.mq p').evaluate((p) => getComputedStyle(p).animationName), 'mq-rtl', 'the marquee runs the other way');
  const [name, chip] = await Promise.all([row(page, 'btc').locator('b').boundingBox(), row(page, 'btc').locator('em').boundingBox()]);
  assert.ok(name!.x > chip!.x, 'the name on the right, the change on the left');
  // The banner's words are Arabic, written at the start of the line, which is the right.
  const caption = page.locator('.bn-t').first();
  assert.is(await caption.innerText(), 'مكافأة ترحيب حتى 100%');
  const [text, slide] = await Promise.all([caption.boundingBox(), page.locator('.bn-s').first().boundingBox()]);
  assert.ok(text!.x + text!.width > slide!.x + slide!.width * 0.8, 'the title starts on the right');
  await screenshot(page, 'home-ar');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test.run();
