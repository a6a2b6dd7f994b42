/**
 * What a signed-in user waits for on a slow phone line: one cold load of `/home`, a tap on a quote
 * (home → chart drawn) and a repeat visit; and what a visitor downloads before the login form
 * works; on slow 3G (400 ms round trip, 400 kbit/s each way) and a
 * 4x slower CPU, both emulated through the DevTools protocol as Lighthouse does.
 *
 * The page itself notes when things appear (performance.now(), from the start of the navigation),
 * so no polling from here adds to the times.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { MOBILE_UA } from '../test/e2e/harness.ts';
import { SIGNED_IN_COOKIE } from '../src/shared/signed-in.ts';

export interface Profile {
  name: string;
  latencyMs: number;
  kbit: number;
  cpu: number;
}

/** Slow 3G as Chromium's DevTools presets define it, and a 4x CPU slowdown. */
export const PROFILE: Profile = { name: 'slow 3G', latencyMs: 400, kbit: 400, cpu: 4 };

/** 2G (EDGE) as WebPageTest's preset: 800 ms round trip, 280 kbit/s; the same 4x CPU. */
export const PROFILE_2G: Profile = { name: '2G', latencyMs: 800, kbit: 280, cpu: 4 };

export interface LoadSample {
  /** First contentful paint (the skeleton), ms. */
  fcp: number;
  /** Real prices are seen: the ones the server wrote into the page, or the app's rows, ms after navigation start. */
  prices: number;
  /** The app's own quote rows show prices: a tap on one opens its quote, ms after navigation start. */
  rows: number;
  /**
   * Rows on screen (the skeleton's or the app's) show a poll's answer, newer than the page: the
   * skeleton's script has applied its own poll, or the app a worker's ticker message, ms after navigation start.
   */
  live: number;
  /** Bytes the browser received (headers and bodies, page and worker) until prices showed. */
  bytesToPrices: number;
  /** Tap on a quote → the chart has drawn its candles, ms. */
  tapToChart: number;
  /** Second visit of `/home` in the same browser profile → the app's rows, ms. */
  repeatPrices: number;
  /** The longest main-thread task from navigation to a moment after prices showed, ms. */
  longestLoadTask: number;
  /** The longest main-thread task from the tap to a moment after the chart drew, ms. */
  longestQuoteTask: number;
  /** Another cold load, the first quote tapped the frame after the app's rows show prices → the chart has drawn its candles, ms. */
  earlyTapToChart: number;
  /** The longest main-thread task of that load from navigation to the tap, ms (0: none over 50 ms). */
  earlyLoadTask: number;
  /** The longest main-thread task of that load from the tap to a moment after the chart drew, ms. */
  earlyQuoteTask: number;
  /** A visitor's cold load of `/`: the login form shows, ms. */
  visitorForm: number;
  /** What a visitor's cold load of `/` had received when the login form showed (compressed bodies): the page, code, style, locale and API answers. */
  visitorBytes: number;
}

/**
 * Runs inside the page before any of its scripts: marks when prices and the chart appear. A string,
 * because the TypeScript loader decorates functions with helpers the page does not have.
 */
export const MARKS = `(() => {
  const w = window;
  const mark = (name) => {
    w[name] = performance.now();
    dispatchEvent(new Event(name));
  };
  const check = () => {
    const row = document.querySelector('.qs li .num');
    const price = row || document.querySelector('.sp #sk .num');
    if (!w.__pricesAt && price && price.textContent) mark('__pricesAt');
    if (!w.__rowsAt && row && row.textContent) {
      mark('__rowsAt');
      // A user who taps the moment the rows are live: after the frame that shows them, with the
      // events a tap sends, so nothing the app does once it is idle has had its chance yet.
      if (w.__tapEarly) requestAnimationFrame(() => setTimeout(() => {
        const q = document.querySelector('.qs button.q');
        const at = { bubbles: true, cancelable: true, isPrimary: true, pointerType: 'touch' };
        q.dispatchEvent(new PointerEvent('pointerdown', at));
        q.dispatchEvent(new PointerEvent('pointerup', at));
        q.click();
      }));
    }
    // A poll's answer applied: by the skeleton's own script (data-live), or a worker's message.
    const polled = w.__polled || document.querySelector('#sk[data-live]');
    if (polled && !w.__liveAt && price && price.textContent) mark('__liveAt');
    if (!w.__formAt && document.querySelector('#app input[type=password]')) mark('__formAt');
    const drawn = document.querySelector('[data-drawn]');
    if (w.__tapAt && !w.__chartAt && drawn && drawn.getAttribute('data-drawn')) mark('__chartAt');
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  addEventListener('pointerdown', () => (w.__tapAt = w.__tapAt || performance.now()), true);
  // Tasks over 50 ms, as [start, duration].
  w.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__long.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // What each message of the market worker costs the main thread: the handler applying the diff
  // and the chart's redraw, which uPlot commits in a microtask queued during the handler.
  w.__applies = [];
  const own = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
  Object.defineProperty(Worker.prototype, 'onmessage', {
    configurable: true,
    get: own.get,
    set(fn) {
      own.set.call(this, fn && function (e) {
        const t0 = performance.now();
        fn.call(this, e);
        if (e.data && e.data.type === 'tickers') {
          w.__polled = true;
          check();
        }
        queueMicrotask(() => w.__applies.push([e.data && e.data.type, performance.now() - t0]));
      });
    },
  });
})()`;

/** The longest task over 50 ms that started within [from, to), else 0. */
export const longestTask = (page: Page, from: number, to: number): Promise<number> =>
  page.evaluate(
    ([a, b]) => Math.max(0, ...(window as unknown as { __long: [number, number][] }).__long.filter(([at]) => at >= a && at < b).map(([, d]) => d)),
    [from, to] as const,
  );

async function throttle(cdp: CDPSession, profile: Profile): Promise<void> {
  const bytesPerSecond = (profile.kbit * 1000) / 8;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
}

/** Sums what arrives per navigation: encodedDataLength counts headers and the compressed body. */
function wireCounter(cdp: CDPSession) {
  let start = 0;
  const finished: { at: number; bytes: number }[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document') {
      start = e.timestamp;
      finished.length = 0;
    }
  });
  cdp.on('Network.loadingFinished', (e) => finished.push({ at: e.timestamp, bytes: e.encodedDataLength }));
  /** Bytes of the requests that had finished `ms` after the document request. */
  return (ms: number) => finished.filter((f) => (f.at - start) * 1000 <= ms).reduce((n, f) => n + f.bytes, 0);
}

/**
 * Waits for a mark without polling: a polling wait would run on the throttled main thread itself
 * and slow down what it measures.
 */
const read = (page: Page, name: string, timeout = 60_000): Promise<number> =>
  page.evaluate(
    ([n, ms]) =>
      new Promise<number>((resolve, reject) => {
        const w = globalThis as unknown as Record<string, number> & EventTarget;
        if (w[n]) return resolve(w[n]);
        setTimeout(() => reject(new Error(n + ' not reached')), ms);
        w.addEventListener(n, () => resolve(w[n]!), { once: true });
      }),
    [name, timeout] as const,
  );

const phone = (browser: Browser) =>
  browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: MOBILE_UA,
    locale: 'en-US',
  });

/**
 * A visitor's cold load of `/`, which the app sends on to the login form: when the form shows, and
 * the compressed bodies of the page, scripts, stylesheet, locale file and API answers that had
 * arrived by then (the page's own resource timings: no request of the bench's counts), as the
 * size test counts them; not the tab's icon, which the browser fetches for itself.
 */
async function measureVisitor(browser: Browser, base: string, profile: Profile): Promise<Pick<LoadSample, 'visitorForm' | 'visitorBytes'>> {
  const context = await phone(browser);
  try {
    await context.addInitScript(MARKS);
    const page = await context.newPage();
    await throttle(await context.newCDPSession(page), profile);
    await page.goto(base + '/', { waitUntil: 'commit' });
    const visitorForm = await read(page, '__formAt');
    const visitorBytes = await page.evaluate((at) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      let n = nav.encodedBodySize;
      for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        const path = new URL(e.name).pathname;
        if (e.responseEnd <= at && (/^\/assets\/.+\.(js|css)$/.test(path) || /^\/(locales|prod-api)\//.test(path))) n += e.encodedBodySize;
      }
      return n;
    }, visitorForm);
    return { visitorForm, visitorBytes };
  } finally {
    await context.close();
  }
}

/**
 * One cold load, a tap and a repeat visit in a fresh browser profile signed in with `token` (with
 * the signed-in hint the app leaves, src/shared/signed-in.ts); then a visitor's cold load.
 */
export async function measureLoad(browser: Browser, base: string, token: string, profile: Profile = PROFILE): Promise<LoadSample> {
  const context = await signedInPhone(browser, base, token);
  let signedIn: Omit<LoadSample, 'visitorForm' | 'visitorBytes' | EarlyTap>;
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp, profile);
    const bytesBy = wireCounter(cdp);

    await page.goto(base + '/home', { waitUntil: 'commit' });
    const pricesAt = await read(page, '__pricesAt');
    // Prices written into the page can be in the DOM before the first paint: wait for it.
    const fcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
          setTimeout(() => resolve(NaN), 30_000);
        }),
    );
    // Prices the server wrote into the page are in the DOM before anything is painted: they are
    // seen with the first paint, not before.
    const prices = Number.isFinite(fcp) ? Math.max(pricesAt, fcp) : pricesAt;
    const bytesToPrices = bytesBy(prices);
    const rows = await read(page, '__rowsAt');
    const live = await read(page, '__liveAt');

    // What the user would do: look at the prices a moment, then tap the first quote.
    await page.waitForTimeout(4000);
    await page.locator('.qs button.q').first().tap();
    const chartAt = await read(page, '__chartAt');
    const tapAt = await read(page, '__tapAt');
    const longestLoadTask = await longestTask(page, 0, tapAt);
    await page.waitForTimeout(3000);
    const longestQuoteTask = await longestTask(page, tapAt, Infinity);

    await page.goto(base + '/home', { waitUntil: 'commit' });
    const repeatPrices = await read(page, '__rowsAt');
    signedIn = { fcp, prices, rows, live, bytesToPrices, tapToChart: chartAt - tapAt, repeatPrices, longestLoadTask, longestQuoteTask };
  } finally {
    await context.close();
  }
  const early = profile === PROFILE ? await measureEarlyTap(browser, base, token, profile) : { earlyTapToChart: NaN, earlyLoadTask: NaN, earlyQuoteTask: NaN };
  return { ...signedIn, ...early, ...(await measureVisitor(browser, base, profile)) };
}

type EarlyTap = 'earlyTapToChart' | 'earlyLoadTask' | 'earlyQuoteTask';

/** A fresh browser profile signed in with `token`, with the signed-in hint the app leaves (src/shared/signed-in.ts). */
async function signedInPhone(browser: Browser, base: string, token: string, early = false) {
  const context = await phone(browser);
  await context.addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: base }]);
  await context.addInitScript(
    `if (!localStorage.getItem('app')) localStorage.setItem('app', ${JSON.stringify(JSON.stringify({ token, language: 'en' }))})`,
  );
  if (early) await context.addInitScript('window.__tapEarly = true');
  await context.addInitScript(MARKS);
  return context;
}

/**
 * A cold load of `/home` whose first quote is tapped the frame after the app's rows show prices:
 * what the quote screen costs when the user does not wait for anything the app does at idle.
 */
async function measureEarlyTap(browser: Browser, base: string, token: string, profile: Profile): Promise<Pick<LoadSample, EarlyTap>> {
  const context = await signedInPhone(browser, base, token, true);
  try {
    const page = await context.newPage();
    await throttle(await context.newCDPSession(page), profile);
    await page.goto(base + '/home', { waitUntil: 'commit' });
    const chartAt = await read(page, '__chartAt').catch(() => NaN);
    const tapAt = await read(page, '__tapAt');
    const earlyLoadTask = await longestTask(page, 0, tapAt);
    // A chart that never drew is a sample left out of the medians (run.ts), not the end of the run.
    if (Number.isNaN(chartAt)) console.log(`early tap at ${Math.round(tapAt)} ms: no chart within 60 s`);
    else await page.waitForTimeout(3000);
    return { earlyTapToChart: chartAt - tapAt, earlyLoadTask, earlyQuoteTask: Number.isNaN(chartAt) ? NaN : await longestTask(page, tapAt, Infinity) };
  } finally {
    await context.close();
  }
}

export const median = (xs: number[]): number => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
