import * as assert from 'uvu/assert';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { until } from '../until.ts';
import { startByteProxy } from './byte-proxy.ts';
import { browserSuite, demoToken, distName, errorsOf, hintSignedIn, launchBrowser, newMobilePage, startServer, traced } from './harness.ts';

const { test, stage } = browserSuite('speed: one wave to the first screen, prices from the page');

let token = '';
/** Route name → the files the build says its screen needs beyond the first load. */
let routes: Record<string, string[]> = {};

test.before(async () => {
  routes = JSON.parse(await readFile(new URL(`../../${distName()}/routes.json`, import.meta.url), 'utf8'));
  token = await demoToken(stage.server.url);
});

/** A phone page, signed in unless `signedIn` is false, with nothing opened yet. */
const phone = async (signedIn = true, serviceWorker = false): Promise<Page> => {
  const page = await newMobilePage(stage.browser, { serviceWorker });
  if (signedIn) {
    await page.addInitScript(`localStorage.setItem('app', ${JSON.stringify(JSON.stringify({ token }))})`);
    await hintSignedIn(page, stage.server.url);
  }
  return page;
};

const scriptsFetched = (page: Page): string[] => {
  const seen: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/assets/') && p.endsWith('.js')) seen.push(p);
  });
  return seen;
};

/**
 * Holds the entry module back until every one of `files` has been asked for (or 5 s passed), so
 * what arrives meanwhile was asked for by the page itself, before any of the app's code ran.
 * Resolves to the files still missing when the entry was let go.
 */
const missingBeforeEntry = async (page: Page, files: readonly string[]): Promise<() => string[]> => {
  const pending = new Set(files);
  let allSeen = () => {};
  const seen = new Promise<void>((resolve) => (allSeen = resolve));
  page.on('request', (r) => {
    pending.delete(new URL(r.url()).pathname);
    if (!pending.size) allSeen();
  });
  let missing: string[] = [...files];
  await page.route('**/assets/main-*.js', async (route) => {
    await Promise.race([seen, new Promise((resolve) => setTimeout(resolve, 5000))]);
    missing = [...pending];
    await route.continue();
  });
  return () => missing;
};

test("the route being opened has its whole chunk graph asked for before the entry has run, each file once", traced(async () => {
  for (const [path, name] of [['/home', 'home'], ['/TRADE/', 'trade'], ['/orderList', 'orderList'], ['/', 'user']] as const) {
    const page = await phone();
    const fetched = scriptsFetched(page);
    const missing = await missingBeforeEntry(page, routes[name]!);
    await page.goto(stage.server.url + path);
    await page.locator('#app main').first().waitFor();
    // The screen's code ran before the locale arrived: its words must still be words, not keys.
    await page.waitForFunction(() => !document.querySelector('#app .sk, #app [aria-busy=true]'));
    assert.not.match(await page.locator('#app').innerText(), /\b[a-z]+\.[a-zA-Z]+\.[a-zA-Z]+\b/, `${path}: no untranslated key on screen`);
    assert.ok(routes[name]!.length > 0, `${name} has files`);
    assert.equal(missing(), [], `${path}: every file of ${name} in the first wave`);
    for (const file of routes[name]!) assert.is(fetched.filter((f) => f === file).length, 1, `${file} of ${name} fetched once: the preload is the module`);
    // The build names the chunk the app really ran for the screen.
    assert.is(fetched.find((f) => f.startsWith(`/assets/${name}-`)), routes[name]![0]);
    assert.equal(errorsOf(page), []);
    await page.close();
  }
}));

test('a visitor without a token gets the login screen asked for before the entry has run, wherever they arrive', traced(async () => {
  const page = await phone(false);
  const missing = await missingBeforeEntry(page, routes.login!);
  await page.goto(stage.server.url + '/orderList');
  await page.waitForURL((u) => u.pathname === '/login');
  assert.equal(missing(), [], 'every file of login in the first wave');
  await page.close();
}));

const START_UP_CALLS = ['/common/config/list', '/common/getLogo', '/h5/symbol/getPlays', '/h5/symbol/getHomeTickerList', '/h5/symbol/getContractMoney'].map((p) => '/prod-api' + p);

/**
 * The start-up calls `page` makes from now on. The market worker never arrives, so no poll of
 * its own is among them: what the screen shows came from the page or the boot script.
 */
const startUpCalls = async (page: Page): Promise<string[]> => {
  const calls: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (START_UP_CALLS.includes(p)) calls.push(p);
  });
  await page.route('**/assets/worker-*.js', () => {});
  return calls;
};

test("home shows prices from the start-up answers its page carries: of the five calls only the ticker list, the live rows' first poll", traced(async () => {
  const page = await phone();
  const calls = await startUpCalls(page);
  await page.goto(stage.server.url + '/home');
  const price = page.locator('.qs button[data-symbol="btc"] span.num').first();
  await price.waitFor();
  assert.match(await price.innerText(), /^\d{1,3}(,\d{3})*\.\d+$/);
  const list = (await (await fetch(stage.server.url + '/prod-api/h5/symbol/getHomeTickerList')).json()) as { data: { symbol: string }[] };
  // The first render draws five rows, the rest a few per task.
  await page.waitForFunction((n) => document.querySelectorAll('.qs li').length === n, list.data.length);
  assert.is(await page.locator('.qs li').count(), list.data.length, 'every ticker of the answer');
  const poll = ['/prod-api/h5/symbol/getHomeTickerList'];
  assert.equal(calls, poll, 'no other start-up call: the page had their answers; the list once, for the rows to move');
  // The answers serve the rest of the app too: the quote screen's amounts and expiries.
  await page.locator('.qs button[data-symbol="btc"]').click();
  await page.waitForURL((u) => u.pathname === '/trade');
  await page.locator('.op-info').first().waitFor();
  assert.equal(calls, poll, 'nor when the quote screen opens');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test("another screen's page carries the config and platform answers: it makes each market call once, and those two never", traced(async () => {
  const page = await phone();
  const calls = await startUpCalls(page);
  await page.goto(stage.server.url + '/orderList');
  await page.locator('#app main').first().waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal([...calls].sort(), START_UP_CALLS.slice(2).sort());
  await page.close();
}));

/**
 * A proxy to the server that keeps every answer of the app's code and words (`/assets/`,
 * `/locales/`) on the line until `release`: the connections that carry them stay busy, as on a
 * slow line while the first wave downloads. Unlike a route, which holds a request before it has a
 * connection, this holds the connections themselves.
 */
async function codeOnTheLine(serverPort: number) {
  const held = new Set<() => void>();
  let released = false;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((browser) => {
    const server = net.connect(serverPort, '127.0.0.1');
    sockets.add(browser).add(server);
    let holding = false;
    const queue: Buffer[] = [];
    browser.on('data', (chunk) => {
      const path = /^[A-Z]+ (\S+) HTTP/.exec(chunk.toString('latin1', 0, 512))?.[1];
      if (path && /^\/(assets|locales)\//.test(path) && !released) holding = true;
      server.write(chunk);
    });
    const flush = () => {
      holding = false;
      for (const c of queue.splice(0)) browser.write(c);
    };
    held.add(flush);
    server.on('data', (chunk: Buffer) => (holding ? queue.push(chunk) : browser.write(chunk)));
    const end = () => {
      held.delete(flush);
      browser.destroy();
      server.destroy();
    };
    browser.on('error', end).on('close', end);
    server.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
    release: () => {
      released = true;
      for (const flush of held) flush();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      }),
  };
}

test("the live rows' first poll does not wait for a connection behind the app's code: the rows move while it is all still on the line", traced(async () => {
  const line = await codeOnTheLine(Number(new URL(stage.server.url).port));
  const page = await newMobilePage(stage.browser);
  try {
    await page.addInitScript(`localStorage.setItem('app', ${JSON.stringify(JSON.stringify({ token }))})`);
    await hintSignedIn(page, line.url);
    // The whole page at once: its preloads ask for the code before the boot script has run, as on
    // a browser's first page, and fill the six connections HTTP/1.1 gives the page.
    await page.goto(line.url + '/home', { waitUntil: 'commit' });
    await page.locator('#sk[data-live]').waitFor({ timeout: 15_000 });
    assert.is(await page.locator('#app').innerHTML(), '', "the app's code is still on the line");
    line.release();
    await page.locator('.qs li .num').first().waitFor();
    assert.equal(errorsOf(page), []);
  } finally {
    await page.close();
    await line.close();
  }
}));

/** Holds the app's entry script until the returned function is called: the page is the first HTML alone. */
async function holdApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/main-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a tap on a price row of the first HTML before the app is ready opens that quote once the app can, and only once", traced(async () => {
  const page = await phone();
  const release = await holdApp(page);
  await page.goto(stage.server.url + '/home', { waitUntil: 'commit' });
  const row = page.locator('#sk [data-s]').nth(1);
  await row.waitFor();
  const symbol = (await row.getAttribute('data-s'))!;
  const before = await row.evaluate((el) => getComputedStyle(el).backgroundColor);
  await row.tap();
  assert.is(await page.locator('#app').innerHTML(), '', 'the app has not started');
  assert.is.not(await row.evaluate((el) => getComputedStyle(el).backgroundColor), before, 'the row shows it was taken');
  release();
  await page.waitForURL((u) => u.pathname === '/trade');
  await page.locator(`[data-drawn="${symbol} 1min"]`).waitFor();
  // Forgotten once replayed: back on home, the list stays.
  await page.goBack();
  await page.locator(`.qs button[data-symbol="${symbol}"]`).waitFor();
  assert.is(await page.evaluate(() => (window as unknown as { __boot?: { tap?: string } }).__boot?.tap), undefined, 'the tap is forgotten');
  assert.is(new URL(page.url()).pathname, '/home');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

/**
 * Home on a slow line with the app's code held back, the market moved between the page's second
 * and the first poll (every price up by one, every change -9.87 %): resolves once the skeleton's
 * rows show the polled prices, with their symbols and what they show.
 */
const heldHome = async () => {
  const page = await phone();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
  const moved = new Map<string, string>();
  let polls = 0;
  await page.route('**/prod-api/h5/symbol/getHomeTickerList', async (route) => {
    polls++;
    const live = (await (await route.fetch()).json()) as { data: { symbol: string; price: string; change: string }[] };
    for (const t of live.data) {
      const decimals = t.price.split('.')[1]?.length ?? 0;
      t.price = (Number(t.price) + 1).toFixed(decimals);
      t.change = '-9.87';
      moved.set(t.symbol, new Intl.NumberFormat('en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(Number(t.price)));
    }
    await route.fulfill({ json: live });
  });
  // The workers the page starts and its first number format, in their order.
  await page.addInitScript(`(() => {
    const order = (window.__order = []);
    const W = Worker;
    window.Worker = class extends W {
      constructor(url, options) {
        super(url, options);
        order.push(String(url).startsWith('blob:') ? 'made here' : 'fetched');
      }
    };
    const N = Intl.NumberFormat;
    Intl.NumberFormat = Object.assign(function (...a) {
      if (!order.includes('format')) order.push('format');
      return new N(...a);
    }, { prototype: N.prototype, supportedLocalesOf: N.supportedLocalesOf });
  })()`);
  let warmUpEnded = () => {};
  const warmedUp = new Promise<void>((resolve) => (warmUpEnded = resolve));
  page.on('worker', (w) => {
    if (w.url().startsWith('blob:')) w.on('close', warmUpEnded);
  });
  const release = await holdApp(page);
  await page.goto(stage.server.url + '/home', { waitUntil: 'commit' });
  const rows = page.locator('#sk [data-s]');
  await rows.first().waitFor();
  const symbols = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-s')!));
  await page.waitForFunction((n) => [...document.querySelectorAll('#sk [data-s] em')].filter((em) => em.textContent === '-9.87%').length === n, symbols.length);
  const live = await rows.locator('.num').allInnerTexts();
  // The page's own prices never fall 9.87 % all at once: these are the poll's.
  assert.equal(live, symbols.map((s) => moved.get(s)), "each skeleton row shows the polled price, as the app formats it");
  assert.is(await rows.locator('em.down').count(), symbols.length, 'and the colour of a fall');
  assert.is(await page.locator('#app').innerHTML(), '', "the app's code has not arrived");
  return { page, release, rows, symbols, live, polls: () => polls, warmedUp };
};

test("on a slow line the skeleton's prices move with the first poll before the app's code is in; the app's rows come with the same numbers", traced(async () => {
  const { page, release, symbols, live, polls, warmedUp } = await heldHome();
  // The first number format of a page process is 40-190 ms at 4x on the thread making it; a
  // worker needing no request makes it first, before the rows format the poll's prices.
  const order = await page.evaluate(() => (window as unknown as { __order: string[] }).__order);
  assert.equal(order.filter((e) => e !== 'fetched'), ['made here', 'format'], 'a worker made by the page itself is started before the first number format of the page');
  await warmedUp;
  // The market worker the boot script starts after the first paint is handed the polled list.
  const market = (w: { url(): string }) => w.url().includes('/assets/worker-');
  if (!page.workers().some(market)) await page.waitForEvent('worker', { predicate: market });
  // What each of the app's rows shows when it is added, any row taken away again, any number rewritten.
  await page.evaluate(() => {
    const w = window as unknown as { firstShown: Record<string, string>; removed: number; rewritten: number };
    w.firstShown = {};
    w.removed = 0;
    w.rewritten = 0;
    new MutationObserver((records) => {
      for (const r of records) {
        const at = r.target.nodeType === 1 ? (r.target as Element) : r.target.parentElement;
        if (at && at.closest('.qs li .num')) w.rewritten++;
        for (const n of r.addedNodes) {
          for (const li of n instanceof Element ? [n, ...n.querySelectorAll('li')] : []) {
            const button = li.matches('.qs li') && li.querySelector('[data-symbol]');
            if (button) w.firstShown[button.getAttribute('data-symbol')!] ??= button.querySelector('.num')!.textContent!;
          }
        }
        for (const n of r.removedNodes) if (n instanceof Element && (n.matches('.qs li') || n.querySelector('.qs li'))) w.removed++;
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  release();
  await page.waitForFunction((n) => document.querySelectorAll('.qs li').length >= n, symbols.length);
  const seen = await page.evaluate(() => {
    const w = window as unknown as { firstShown: Record<string, string>; removed: number; rewritten: number };
    return { firstShown: w.firstShown, removed: w.removed, rewritten: w.rewritten };
  });
  assert.equal(symbols.map((s) => seen.firstShown[s]), live, "the app's rows come with the numbers the skeleton showed, not the older ones of the page");
  assert.is(seen.removed, 0, 'no row drawn and taken away again');
  assert.is(seen.rewritten, 0, 'no number drawn and then changed: no flash of older prices');
  assert.equal(await page.locator('.qs li button > span.num').evaluateAll((els) => els.slice(0, 5).map((el) => el.textContent)), live, 'and keep them');
  assert.is(polls(), 1, "one poll: the worker, then the app, held the page's answer as their own");
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('a tap on a skeleton row whose prices a poll moved opens that quote once the app is in', traced(async () => {
  const { page, release, rows, symbols } = await heldHome();
  await rows.nth(1).tap();
  release();
  await page.waitForURL((u) => u.pathname === '/trade');
  await page.locator(`[data-drawn="${symbols[1]} 1min"]`).waitFor();
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('back and forward restore the page from the browser\'s cache, signed in or not, and the push socket opens again', traced(async () => {
  const browser = await launchBrowser([], { backForwardCache: true });
  try {
    for (const signedIn of [false, true]) {
      const page = await newMobilePage(browser);
      if (signedIn) {
        await page.addInitScript(`localStorage.setItem('app', ${JSON.stringify(JSON.stringify({ token }))})`);
        await hintSignedIn(page, stage.server.url);
      }
      const at = signedIn ? '/home' : '/login';
      // The page's sockets, kept where the test can see them (playwright reports none of a restored page).
      await page.addInitScript(() => {
        const Real = WebSocket;
        const seen: WebSocket[] = ((window as unknown as { sockets: WebSocket[] }).sockets = []);
        window.WebSocket = Object.assign(function (url: string | URL) {
          const ws = new Real(url);
          seen.push(ws);
          return ws;
        }, Real) as unknown as typeof WebSocket;
      });
      const sockets = () => page.evaluate(() => (window as unknown as { sockets: WebSocket[] }).sockets.map((ws) => ws.readyState));
      await page.goto(stage.server.url + at);
      await page.locator(signedIn ? '.qs li' : 'form input').first().waitFor();
      await page.evaluate(() => addEventListener('pageshow', (e) => ((window as unknown as { restored: boolean }).restored = e.persisted)));
      if (signedIn) await page.waitForFunction(() => (window as unknown as { sockets: WebSocket[] }).sockets.some((ws) => ws.readyState === 1));
      await page.goto(stage.server.url + '/manifest.webmanifest');
      // A page restored from the cache fires no load event: waiting for one would time out.
      await page.goBack({ waitUntil: 'commit' });
      await page.waitForFunction(() => (window as unknown as { restored?: boolean }).restored !== undefined, null, { timeout: 10_000 }).catch(() => {});
      const nav = await page.evaluate(() => JSON.stringify((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { notRestoredReasons?: unknown }).notRestoredReasons ?? null));
      assert.ok(await page.evaluate(() => (window as unknown as { restored?: boolean }).restored), `${at}: restored from the back/forward cache (not restored because: ${nav})`);
      if (signedIn) {
        await page.waitForFunction(() => (window as unknown as { sockets: WebSocket[] }).sockets.length === 2 && (window as unknown as { sockets: WebSocket[] }).sockets[1]!.readyState === 1);
        assert.equal(await sockets(), [3, 1], 'the push socket closed while the page waited, and a new one is open');
      }
      assert.equal(errorsOf(page), []);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}));

/** History calls of the page and its market worker, with the moment each was made. */
const historyCalls = (page: Page): { url: string; at: number }[] => {
  const seen: { url: string; at: number }[] = [];
  page.context().on('request', (r) => {
    if (r.url().includes('/getHistoryKline')) seen.push({ url: r.url(), at: Date.now() });
  });
  return seen;
};

test('once the rows show the selected history is fetched, once home is idle the quote screen; the tap draws the chart without fetching the history again', traced(async () => {
  const page = await phone();
  const history = historyCalls(page);
  const fetched = scriptsFetched(page);
  await page.goto(stage.server.url + '/home');
  await page.locator('.qs button[data-symbol="btc"]').waitFor();
  await page.waitForFunction((f) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(f)), routes.trade![0]!);
  await page.waitForLoadState('networkidle');
  assert.ok(fetched.includes(routes.trade![0]!), 'the quote screen code before the tap');
  assert.is(history.length, 1, 'one history call before the tap');
  assert.match(history[0]!.url, /symbol=btc&period=1min&size=120/);

  const tapped = Date.now();
  await page.locator('.qs button[data-symbol="btc"]').tap();
  await page.locator('[data-drawn="btc 1min"]').waitFor({ timeout: 5000 });
  assert.not.ok(history.some((h) => h.at >= tapped && h.url.includes('size=')), 'no second history');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test("before the page has loaded, the selected history is asked for once the rows show, and a tapped quote's code and history at the tap", traced(async () => {
  const page = await phone();
  const history = historyCalls(page);
  // A page whose load is still going (an image on a slow line), and the quote screen's code held
  // for the test: what the app asks for meanwhile, it asks for without waiting for either.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let codeAsked = false;
  await page.addInitScript(() => addEventListener('DOMContentLoaded', () => document.body.append(Object.assign(new Image(), { src: '/slow-image.svg', alt: '' }))));
  await page.route('**/slow-image.svg', (route) => held.then(() => route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' })));
  await page.route('**' + routes.trade![0]!, (route) => ((codeAsked = true), held.then(() => route.continue())));
  try {
    await page.goto(stage.server.url + '/home', { waitUntil: 'commit' });
    await page.locator('.qs button[data-symbol="eth"]').waitFor();
    await until('the selected history asked for', () => history.some((h) => h.url.includes('symbol=btc&')));
    assert.is(await page.evaluate(() => document.readyState === 'complete'), false, 'asked for before the page has loaded');
    assert.not.ok(codeAsked, "the quote screen's code waits for the page's load and an idle moment");

    // Not the selected ticker, whose history the rows' prefetch brings: the tap itself asks for eth's.
    await page.locator('.qs button[data-symbol="eth"]').tap();
    await until("eth's history while the screen's code is still on its way", () => codeAsked && history.some((h) => h.url.includes('symbol=eth&')));
    release();
    await page.locator('[data-drawn="eth 1min"]').waitFor({ timeout: 10_000 });
  } finally {
    release();
  }
  assert.is(history.filter((h) => h.url.includes('symbol=eth&') && h.url.includes('size=')).length, 1, "one history of eth, the tap's");
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('with data saver on nothing is fetched ahead of a tap', traced(async () => {
  const page = await phone();
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, value: { saveData: true } }));
  const history = historyCalls(page);
  const fetched = scriptsFetched(page);
  await page.goto(stage.server.url + '/home');
  await page.locator('.qs button[data-symbol="btc"]').waitFor();
  // Past the moment the prefetch would start (an idle callback after load; ours queues behind it).
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })));
  await page.waitForLoadState('networkidle');
  assert.is(history.length, 0);
  assert.not.ok(fetched.some((f) => f.startsWith('/assets/trade-')), 'no quote screen code');
  await page.close();
}));

test('a market worker that crashes is restarted, and the quiet line counts down to it', traced(async () => {
  const page = await phone();
  let loads = 0;
  let pollsBefore = 0;
  // It crashes once the app holds it: the page's messages (its start, handing on the list the page
  // fetched, and the history it fetched) it takes, as a worker that fails later than its first would.
  await page.route('**/assets/worker-*.js', (route) => {
    if (++loads !== 1) {
      pollsBefore = polls;
      return route.continue();
    }
    return route.fulfill({ contentType: 'text/javascript', body: 'onmessage = function (e) { if (e.data.type == "start" && !e.data.listed) throw new Error("worker crashed"); };' });
  });
  let polls = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/prod-api/h5/symbol/getHomeTickerList') polls++;
  });
  await page.goto(stage.server.url + '/home');
  await page.getByText('Prices paused, retrying in 2 s').waitFor();
  await page.getByText('Prices paused, retrying in 1 s').waitFor();
  await page.getByText(/Prices paused/).waitFor({ state: 'detached', timeout: 5000 });
  assert.is(loads, 2, 'a second worker');
  // The crashed worker never polled: those after the new one's script are its own.
  await until('the new worker polls', () => polls > pollsBefore);
  await page.close();
}));

/** Waits until the service worker controls the page (it takes over as soon as it is installed). */
const controlled = (page: Page) => page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20_000 });

/**
 * Opens `path` again once the service worker holds the files of `route`'s screen; answers the page's
 * module preloads and, per file of the screen, whether it was asked for while the page was still
 * being parsed (before any module could run and import it).
 */
const repeatVisit = async (page: Page, path: string, route: string) => {
  await page.goto(stage.server.url + path);
  await controlled(page);
  const files = routes[route]!;
  // Polled from here: waitForFunction takes a promise for a truthy answer.
  const held = () =>
    page.evaluate(async (want) => {
      const kept = new Set((await (await caches.open('files')).keys()).map((r) => new URL(r.url).pathname));
      return want.every((f) => kept.has(f));
    }, files);
  for (let i = 0; i < 80 && !(await held()); i++) await page.waitForTimeout(250);
  assert.ok(await held(), `the worker holds the files of ${route}`);
  const served = await page.goto(stage.server.url + path);
  assert.ok(served?.fromServiceWorker(), 'the page came from the worker');
  return page.evaluate((want) => {
    const parsed = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive;
    const asked = new Map(performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime]));
    return {
      preloads: [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => new URL((l as HTMLLinkElement).href).pathname),
      early: want.map((f) => (asked.get(f) ?? Infinity) < parsed),
    };
  }, files);
};

test("a repeat visit served by the service worker asks for the screen's code while the page is parsed, as the server's page does", traced(async () => {
  const page = await phone(true, true);
  const home = await repeatVisit(page, '/home', 'home');
  for (const f of routes.home!) assert.ok(home.preloads.includes(f), `home's ${f} is preloaded: ${home.preloads}`);
  assert.ok(home.early.every(Boolean), `every file of home asked for before the page was parsed: ${home.early}`);
  assert.ok(!routes.login!.some((f) => home.preloads.includes(f) && !routes.home!.includes(f)), 'not the login form\'s code');
  // A path that names no screen: the not-found screen's code, as the server's page has it.
  const lost = await repeatVisit(page, '/no-such-screen', 'notFound');
  for (const f of routes.notFound!) assert.ok(lost.preloads.includes(f), `the not-found screen's ${f} is preloaded: ${lost.preloads}`);
  assert.equal(errorsOf(page), []);
  await page.close();

  // A visitor is shown the login form at /home: the worker preloads that form's code instead.
  const visitor = await phone(false, true);
  const login = await repeatVisit(visitor, '/home', 'login');
  for (const f of routes.login!) assert.ok(login.preloads.includes(f), `login's ${f} is preloaded`);
  assert.ok(login.early.every(Boolean), `every file of login asked for before the page was parsed: ${login.early}`);
  assert.not.ok(login.preloads.includes(routes.home![0]!), "not home's screen");
  await visitor.close();
}));

test('offline after a visit, a reload shows the app and the last known prices, marked as such', traced(async () => {
  const page = await phone(true, true);
  await page.goto(stage.server.url + '/home');
  await controlled(page);
  // This visit's calls go through the service worker, which keeps their answers.
  await page.reload();
  const btc = page.locator('.qs button[data-symbol="btc"] span.num').first();
  // The service worker keeps an answer before the page gets it: what shows now is what it holds.
  await btc.waitFor();
  await btc.innerText();
  assert.is(await page.locator('.qs .q-off').count(), 0, 'live prices carry no offline line');

  await page.context().setOffline(true);
  // The price last seen online is the last list kept: a poll answered between reading the screen
  // and going offline is kept, and shown, after it.
  const kept = await page.evaluate(async () => {
    const res = await caches.match('/prod-api/h5/symbol/getHomeTickerList');
    const list = res && ((await res.json()) as { data: { symbol: string; price: string }[] }).data;
    return list?.find((t) => t.symbol === 'btc')?.price;
  });
  assert.ok(kept, 'the service worker kept the list');
  await page.reload();
  await btc.waitFor();
  assert.match(await btc.innerText(), /^\d{1,3}(,\d{3})*\.\d+$/);
  await page.getByText('Offline · showing the last known prices').waitFor();
  assert.is(Number((await btc.innerText()).replace(/,/g, '')), Number(kept), 'the price last seen online');
  await page.context().setOffline(false);
  // Back online, the worker's next poll replaces them and the line goes.
  await page.getByText('Offline · showing the last known prices').waitFor({ state: 'detached', timeout: 70_000 });
  assert.equal(errorsOf(page), []);
  await page.close();
}));

/**
 * The btc histories that reach the server (the market worker's calls go through the service
 * worker once renewed) on a first visit to `open` through `proxy`, until btc's chart is drawn
 * after the boot script's worker, which the app takes, was replaced under the service worker.
 */
const historiesAcrossTakeover = async (proxy: Awaited<ReturnType<typeof startByteProxy>>, open: '/home' | '/trade'): Promise<string[]> => {
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  await page.addInitScript(`localStorage.setItem('app', ${JSON.stringify(JSON.stringify({ token }))})`);
  await hintSignedIn(page, proxy.url);
  const workers: { closed: boolean }[] = [];
  page.on('worker', (w) => {
    // Not the boot script's warm-up of the number data, made from a blob.
    if (w.url().startsWith('blob:')) return;
    const seen = { closed: false };
    workers.push(seen);
    w.on('close', () => (seen.closed = true));
  });
  const before = proxy.requests().length;
  await page.goto(proxy.url + open);
  await controlled(page);
  // The first ended once it has handed on what it fetched ahead, or its chart's history.
  await until('the market worker renewed', () => workers.length === 2 && workers[0]!.closed, { ms: 20_000 });
  if (open === '/home') await page.locator('.qs button[data-symbol="btc"]').tap();
  await page.locator('[data-drawn="btc 1min"]').waitFor({ timeout: 10_000 });
  assert.equal(errorsOf(page), []);
  await page.close();
  return proxy.requests().slice(before).map((r) => r.line).filter((line) => line.includes('/getHistoryKline?symbol=btc&period=1min&size='));
};

test("on a first visit the history fetched ahead of a tap, or for the chart on screen, outlives the service worker's takeover: no second call", traced(async () => {
  const proxy = await startByteProxy(stage.server.port);
  try {
    for (const open of ['/home', '/trade'] as const) {
      const history = await historiesAcrossTakeover(proxy, open);
      assert.is(history.length, 1, `${open}: one history of btc: ${history.join(', ')}`);
    }
  } finally {
    await proxy.close();
  }
}));

test("offline without the app kept, a navigation shows the app's own offline page, not the browser's", traced(async () => {
  const page = await phone(true, true);
  await page.goto(stage.server.url + '/home');
  await controlled(page);
  await page.evaluate(async () => {
    for (const name of await caches.keys()) if (name.startsWith('shell-')) await caches.delete(name);
  });
  await page.context().setOffline(true);
  await page.goto(stage.server.url + '/home').catch(() => {});
  await page.getByRole('heading', { name: 'The app could not start' }).waitFor();
  await page.getByText('Check your connection and try again.').waitFor();
  await page.context().setOffline(false);
  await page.close();
}));

/**
 * A copy of the build served by a server of its own, so its worker can be changed as a deploy would
 * change it, and a visitor's page controlled by that worker (the token of the other server's
 * database would end in a 401 and a reload here).
 */
const deployable = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'trade-lite-sw-'));
  const dist = path.join(dir, 'dist');
  await cp(new URL(`../../${distName()}`, import.meta.url), dist, { recursive: true });
  const server = await startServer({ env: { DIST_DIR: dist } });
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  await page.goto(server.url + '/home');
  await controlled(page);
  return {
    page,
    /**
     * The next deploy: a new worker script, served as it is (without its compressed copies),
     * `edit` changing its text, e.g. to act as a worker whose activation the browser left pending.
     */
    async deploy(edit = (text: string) => text) {
      const file = path.join(dist, 'sw.js');
      await rm(`${file}.br`);
      await rm(`${file}.gz`);
      const text = edit(await readFile(file, 'utf8'));
      await writeFile(file, `${text}\n// the next build\n`);
    },
    async close() {
      await page.close();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
};

/**
 * Whether a new worker took over the page and finished activating within `ms`; listen before the
 * update starts. (No named functions inside: the test runner's transform would name them with a
 * helper the page does not have.)
 */
const takesOver = (page: Page, ms: number) =>
  page.evaluate(
    (ms) =>
      new Promise<boolean>((resolve) => {
        const sw = navigator.serviceWorker;
        const timer = setTimeout(() => resolve(false), ms);
        sw.addEventListener(
          'controllerchange',
          () => {
            const worker = sw.controller!;
            if (worker.state === 'activated') return resolve(true);
            worker.addEventListener('statechange', () => {
              if (worker.state !== 'activated') return;
              clearTimeout(timer);
              resolve(true);
            });
          },
          { once: true },
        );
      }),
    ms,
  );

const update = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());

/** The registration's workers, for a failure's message. */
const workers = (page: Page) =>
  page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return JSON.stringify({ installing: r?.installing?.state, waiting: r?.waiting?.state, active: r?.active?.state, controller: navigator.serviceWorker.controller?.state });
  });

/** The minified install handler's call, which a test removes to act as a browser that lost the activation. */
const SKIP_AT_INSTALL = '.then(()=>self.skipWaiting())';

test('an update takes over at once and drops the files of the build before it from the kept files, keeping the ones it still names', traced(async () => {
  const app = await deployable();
  const { page } = app;
  try {
    await page.reload();
    const kept = () => page.evaluate(async () => (await (await caches.open('files')).keys()).map((r) => new URL(r.url).pathname));
    // The screen's files are kept as the page asks for them; the first answer may come before its copy is written.
    await page.waitForFunction(async () => (await (await caches.open('files')).keys()).length > 0);
    const [current] = await kept();
    // What the build before this one left: the same file under another hash.
    const old = current!.replace(/-\w+\.(\w+)$/, '-OLD0BILD.$1');
    await page.evaluate(async (file) => (await caches.open('files')).put(file, new Response('/* an earlier build */')), old);
    assert.ok((await kept()).includes(old));

    await app.deploy();
    const taken = takesOver(page, 30_000);
    await update(page);
    assert.ok(await taken, `the new worker takes over and activates (workers: ${await workers(page)})`);
    // Its activation dropped what no page of this version names.
    const files = await kept();
    assert.not.ok(files.includes(old), 'the file of the earlier build is dropped');
    assert.ok(files.includes(current!), 'the file of this build stays');
    const reload = await page.reload();
    assert.ok(reload?.ok(), 'a reload under the new worker loads');
    assert.equal(errorsOf(page), []);
  } finally {
    await app.close();
  }
}));

test('a new worker whose activation the browser left pending is asked again by the page, and takes over', traced(async () => {
  // Chromium 150 leaves it so when the old worker is woken for an event just as it is stopped to
  // make way; here the new worker does not skip waiting when installed, which leaves the same state.
  const app = await deployable();
  try {
    await app.deploy((text) => {
      assert.ok(text.includes(SKIP_AT_INSTALL));
      return text.replace(SKIP_AT_INSTALL, '');
    });
    const taken = takesOver(app.page, 15_000);
    await update(app.page);
    assert.ok(await taken, `the waiting worker took over without a reload (workers: ${await workers(app.page)})`);
    assert.equal(errorsOf(app.page), []);
  } finally {
    await app.close();
  }
}));

test('a reload while a new worker waits to take over is answered by the network at once', traced(async () => {
  const app = await deployable();
  const { page } = app;
  try {
    // A worker that never asks to skip waiting, so it is still waiting when the page reloads.
    await app.deploy((text) => text.replace(SKIP_AT_INSTALL, '').replace('e.waitUntil(self.skipWaiting())', 'void 0'));
    const waiting = page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          navigator.serviceWorker.getRegistration().then((reg) =>
            reg!.addEventListener('updatefound', () => {
              const worker = reg!.installing!;
              worker.addEventListener('statechange', () => worker.state === 'installed' && resolve());
            }),
          ),
        ),
    );
    await update(page);
    await waiting;
    const started = Date.now();
    const reload = await page.reload();
    assert.ok(reload?.ok());
    assert.not.ok(reload!.fromServiceWorker(), 'the page came from the network, not from the worker being replaced');
    await page.locator('#app form').first().waitFor();
    assert.ok(Date.now() - started < 10_000, `the reload took ${Date.now() - started} ms`);
    assert.equal(errorsOf(page), []);
  } finally {
    await app.close();
  }
}));

test.run();
