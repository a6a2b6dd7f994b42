/**
 * The first load as a phone on a metered line sees it: what is downloaded, how it is compressed,
 * and what the inline boot script of index.html starts before the bundle arrives.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page, Request } from 'playwright-core';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { budgetsFromSizeLimit } from '../../scripts/build/budgets.mjs';
import { demoToken, distName, errorsOf, hintSignedIn, launchBrowser, loginAsDemo, newMobilePage, startServer, startSignedIn, traced, type ServerHandle, waitForApp } from './harness.ts';

interface Envelope {
  code: number;
}
declare global {
  /** What the inline boot script of index.html leaves on `window`. */
  interface Window {
    __boot: {
      config: Promise<Envelope>;
      platform: Promise<Envelope>;
      startMarket(): { plays: Promise<Envelope>; tickers: Promise<Envelope>; contractMoney: Promise<Envelope> };
      market?: { plays: Promise<Envelope>; tickers: Promise<Envelope>; contractMoney: Promise<Envelope> };
      language: Promise<string>;
      locale: Promise<Record<string, unknown>>;
      localePart: boolean;
    };
  }
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const budgets = budgetsFromSizeLimit(JSON.parse(readFileSync(path.join(root, '.size-limit.json'), 'utf8')));
const react = distName() === 'dist-react';

const BOOT_CALLS = [
  '/prod-api/common/config/list',
  '/prod-api/common/getLogo',
  '/prod-api/h5/symbol/getPlays',
  '/prod-api/h5/symbol/getHomeTickerList',
  '/prod-api/h5/symbol/getContractMoney',
];

let server: ServerHandle;
let browser: Browser;

const pathOf = (r: Request) => new URL(r.url()).pathname;

/** Loads `/` and waits until the app has rendered into #app; returns every request made. */
async function loadApp(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('requestfinished', (r) => requests.push(r));
  await page.goto(server.url + '/');
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  return requests;
}

/**
 * Opens the page as the service worker keeps it, which carries no start-up answers, with the app
 * bundle held back, so only index.html and its boot script run, and make every call.
 */
async function bootOnly(page: Page, saved?: object): Promise<Request[]> {
  if (saved) await page.addInitScript((s) => localStorage.setItem('app', JSON.stringify(s)), saved);
  await page.route(/\/assets\/main-[A-Z0-9]+\.js$/, (route) => route.abort());
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.goto(server.url + '/index.html');
  await page.evaluate(() => window.__boot.locale.catch(() => null));
  return requests;
}

// One server and browser for the whole file: a fresh database costs seconds to start.
const setUp = async () => {
  server ??= await startServer();
  browser ??= await launchBrowser();
};

const firstLoad = suite('first load');
firstLoad.before(setUp);

firstLoad('html, scripts, styles and the locale arrive brotli-compressed', traced(async () => {
  const page = await newMobilePage(browser);
  const requests = await loadApp(page);
  const text = requests.filter((r) => /^(document|script|stylesheet)$/.test(r.resourceType()) || pathOf(r).startsWith('/locales/'));
  assert.ok(text.length >= 3, 'the page, its scripts and the locale were fetched');
  for (const r of text) {
    const encoding = (await r.response())!.headers()['content-encoding'];
    assert.is(encoding, 'br', `${pathOf(r)} is sent as brotli`);
  }
  assert.equal(errorsOf(page), [], 'no uncaught error while starting');
  await page.close();
}));

firstLoad('everything downloaded before the first screen fits the first-load budgets', traced(async () => {
  const page = await newMobilePage(browser);
  const requests = await loadApp(page);
  let bytes = 0;
  for (const r of requests) {
    if (pathOf(r).startsWith('/prod-api/')) continue;
    if (!/^(document|script|stylesheet|fetch|xhr)$/.test(r.resourceType())) continue;
    bytes += (await r.sizes()).responseBodySize;
  }
  // First load plus the one lazy screen the app opens on, with the lazy shared chunk it and the
  // push socket need (the API client).
  const allowed = ['html', 'firstLoadJs', 'firstLoadCss', 'locale', 'lazyShared', 'lazyScreen', 'worker'].reduce((n, k) => n + budgets[k]!, 0);
  if (!react) assert.ok(bytes <= allowed, `first load took ${bytes} B, budgets allow ${allowed} B`);
  const locales = requests.filter((r) => pathOf(r).startsWith('/locales/'));
  assert.is(locales.length, 1, 'only the active language is downloaded');
  await page.close();
}));

/**
 * A visitor's first load until the login form is in the page, as the browser's resource timing
 * counts it (brotli bodies): the first load, the sign-in part of the English locale file, the
 * login form's files with its part of the shared code (3.1 KB), and the two start-up answers a
 * visitor's page asks for; 29.3 KB by the build's count without the answers, 30.1–30.3 KB with
 * them, and the goal. This keeps a visitor from getting another screen's files (the user screen's
 * added 4.7 KB at `/`), or the code that runs after the first paint, before the form.
 */
const VISITOR_LIMIT = 30 * 1024;

firstLoad("a visitor's login form at / and at /login comes before anything else is asked for, within its bytes", traced(async () => {
  const dist = path.join(root, distName());
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const login = (JSON.parse(readFileSync(path.join(dist, 'routes.json'), 'utf8')) as Record<string, string[]>).login!;
  const named = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!).concat(login));
  for (const at of ['/', '/login']) {
    const page = await newMobilePage(browser);
    // The moment the form's submit button enters the page, on the page's own clock.
    await page.addInitScript(() => {
      new MutationObserver((_, watch) => {
        if (![...document.querySelectorAll('button')].some((b) => b.textContent === 'Log in')) return;
        (window as unknown as { formAt: number }).formAt = performance.now();
        watch.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    const answer = await page.goto(server.url + at);
    const preloads = [...(await answer!.text()).matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
    assert.equal(preloads.filter((p) => !html.includes(p)), login, `${at}: beyond the first load, the page preloads the login form's files`);
    await page.getByRole('button', { name: 'Log in' }).click();
    assert.is(await page.getByRole('alert').count(), 2, `${at}: the form works (it checks what was typed)`);
    const seen = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const before = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (e) => e.startTime < (window as unknown as { formAt: number }).formAt,
      );
      return { page: nav.encodedBodySize, files: before.map((e) => ({ path: new URL(e.name).pathname, bytes: e.encodedBodySize })) };
    });
    const early = seen.files.filter((f) => f.path.startsWith('/assets/') && f.path.endsWith('.js') && !named.has(f.path));
    assert.equal(early, [], `${at}: no other code is asked for before the form is in the page`);
    // The page carries the answers the visitor's language depends on: its words come with the code.
    assert.equal(seen.files.filter((f) => f.path.startsWith('/prod-api/')), [], `${at}: no start-up call before the form`);
    // Everything the page asked for before its form, the start-up answers too; not the tab's icon,
    // which the browser fetches for itself.
    const asked = seen.files.filter((f) => f.path !== '/icons/icon.svg');
    const bytes = asked.reduce((n, f) => n + f.bytes, seen.page);
    if (!react) assert.ok(bytes <= VISITOR_LIMIT, `${at}: a visitor's first load took ${bytes} B, more than ${VISITOR_LIMIT} B`);
    await page.close();
  }
}));

firstLoad('a signed-in first load of home downloads the whole locale file once', traced(async () => {
  const token = await demoToken(server.url);
  const page = await newMobilePage(browser);
  await hintSignedIn(page, server.url);
  await startSignedIn(page, token, 'en');
  const locales: string[] = [];
  page.on('request', (r) => pathOf(r).startsWith('/locales/') && locales.push(pathOf(r)));
  await page.goto(server.url + '/home');
  await page.locator('.qs li .num').first().waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal(locales.length, 1, `one locale request, not ${locales.join(', ')}`);
  assert.match(locales[0]!, /^\/locales\/en-[A-Z0-9]{8}\.json$/, 'the whole English file');
  assert.is(await page.getByRole('heading', { name: 'Quotes' }).count(), 1, 'home speaks English');
  await page.close();
}));

/**
 * What the start-up answers add to the home page that carries them (server/pages/home-prices.ts):
 * 1.2 KB with the demo data, where the five calls' bodies were 3.4 KB and their headers 1.5 KB.
 */
const START_UP_ANSWERS = 1536;
/**
 * What the live rows' script spends asking for the history of the chart a tap opens, beside the
 * first wave (src/boot/live-rows.ts): taken from the first-load JS budget (.size-limit.json), which
 * came down as much, so the signed-in first load's budgets hold.
 */
const EARLY_HISTORY = 256;
/**
 * What the boot script spends choosing how its reads travel (src/boot/own-line.ts: without cookies
 * on HTTP/1.1 only), and the live rows' first answer waiting for the number warm-up to start: taken
 * from the first-load JS budget likewise.
 */
const OWN_LINE = 128;

firstLoad('the first paint of home shows prices before any script file has arrived, and that page fits the HTML budget and its start-up answers', traced(async () => {
  for (const locale of ['en-US', 'ar']) {
    const page = await newMobilePage(browser, { locale });
    // A visitor is shown the login form, whose page carries no prices.
    await hintSignedIn(page, server.url);
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const answer = await page.goto(server.url + '/home');
    const html = (await answer!.request().sizes()).responseBodySize;
    const limit = budgets.html! + START_UP_ANSWERS + EARLY_HISTORY + OWN_LINE;
    assert.ok(html <= limit, `${locale}: the priced home page took ${html} B, the HTML budget, the start-up answers, the early history and the reads' connection rule allow ${limit} B`);
    const first = page.locator('#sk .num').first();
    await first.waitFor();
    const shown = await first.innerText();
    const lang = locale === 'ar' ? 'ar' : 'en';
    // Written as the browser writes that number in the language (the app's own formatting)...
    const rewritten = await page.evaluate(
      ([text, l]) => {
        const group = new Intl.NumberFormat(l).format(1000).charAt(1);
        const value = text.split(group).join('');
        const decimals = value.length - value.indexOf('.') - 1;
        return new Intl.NumberFormat(l, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(Number(value));
      },
      [shown, lang] as const,
    );
    assert.is(shown, rewritten, `${locale}: the first price, as the language writes it`);
    // ...and the price of that second: the page and the boot script's poll may be a second apart.
    const tickers = (await page.evaluate(() => window.__boot.startMarket().tickers)) as unknown as { data: { price: string }[] };
    const polled = Number(tickers.data[0]!.price);
    assert.ok(Math.abs(Number(shown.replace(/,/g, '')) - polled) / polled < 0.01, `${locale}: ${shown} is the price the poll answers (${polled})`);
    assert.is(await page.evaluate(() => document.documentElement.dir), locale === 'ar' ? 'rtl' : 'ltr');
    await page.close();
  }
}));

firstLoad('each start-up call is made once where the page does not carry its answer, none where it does: the app reuses what index.html started', traced(async () => {
  const page = await newMobilePage(browser);
  await startSignedIn(page, await demoToken(server.url), 'en');
  const requests: Request[] = [];
  page.on('requestfinished', (r) => requests.push(r));
  await page.goto(server.url + '/orderList');
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  // Every page carries the config and platform answers (server/pages/carried-answers.ts).
  for (const call of BOOT_CALLS.filter((c) => !c.endsWith('getHomeTickerList'))) {
    assert.is(requests.filter((r) => pathOf(r) === call).length, BOOT_CALLS.indexOf(call) < 2 ? 0 : 1, `${call} requested once, or carried`);
  }
  await page.close();
}));

firstLoad("a visitor's form costs no market call; the first screen past sign-in makes each once", traced(async () => {
  const page = await newMobilePage(browser);
  const requests = await loadApp(page);
  const market = BOOT_CALLS.slice(2);
  assert.equal(requests.map(pathOf).filter((p) => market.includes(p)), [], 'none while the visitor is at the form');
  await loginAsDemo(page, server.url, '/home');
  await page.locator('.qs li .num').first().waitFor();
  await page.waitForLoadState('networkidle');
  for (const call of market.filter((c) => !c.endsWith('getHomeTickerList'))) {
    assert.is(requests.filter((r) => pathOf(r) === call).length, 1, `${call} requested once after signing in`);
  }
  const trade = page.locator('.tabbar a[href="/trade"]');
  await trade.click();
  await page.locator('.op-info').first().waitFor();
  assert.equal(errorsOf(page), [], 'no uncaught error on the way');
  await page.close();
}));

firstLoad('the lazy shared chunk is fetched once, then every money screen finds it cached', traced(async () => {
  const report = JSON.parse(readFileSync(path.join(root, 'dist-report', react ? 'size-react.json' : 'size.json'), 'utf8')) as {
    groups: { name: string; files: string[] }[];
  };
  const shared = report.groups.find((g) => g.name === 'lazyShared');
  assert.ok(shared?.files.length, 'the build reports a lazy shared chunk');
  const sharedPaths = new Set(shared!.files.map((f) => '/' + f));
  // Each route's own chunk is the first of its files (routes.json, keyed by URL).
  const routes = JSON.parse(readFileSync(path.join(root, distName(), 'routes.json'), 'utf8')) as Record<string, string[]>;
  const chunkOf = (screen: string) => routes[screen]![0]!;
  const page = await newMobilePage(browser);
  const fetched: string[] = [];
  page.on('requestfinished', (r) => fetched.push(pathOf(r)));
  await loginAsDemo(page, server.url, '/walletRecord');
  await waitForApp(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  for (const [screen, title] of [['/rechargeList', 'Deposit'], ['/withdraw', 'Withdraw'], ['/paymentMethod', 'Payment methods']] as const) {
    // The title bar shows at once from the route table; the screen is there once its chunk is.
    const chunk = chunkOf(screen.slice(1));
    const arrived = page.waitForEvent('requestfinished', (r) => pathOf(r) === chunk);
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, screen);
    await page.getByRole('heading', { name: title, exact: true }).first().waitFor();
    await arrived;
  }
  // Whatever the last screen's chunk imports has arrived too once the page fetches nothing more.
  let settled = -1;
  while (settled !== fetched.length) {
    settled = fetched.length;
    await page.waitForTimeout(500);
  }
  assert.ok(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'no reload between the screens');
  const sharedFetches = fetched.filter((p) => sharedPaths.has(p));
  assert.is(sharedFetches.length, shared!.files.length, `each file of the shared chunk fetched once: ${sharedFetches.join(', ')}`);
  for (const screen of ['walletRecord', 'rechargeList', 'withdraw', 'paymentMethod']) {
    assert.ok(fetched.includes(chunkOf(screen)) && !sharedPaths.has(chunkOf(screen)), `${screen} came as its own chunk`);
  }
  const response = await page.request.get(server.url + [...sharedPaths][0]!);
  assert.match(response.headers()['cache-control'] ?? '', 'immutable', 'a later visit takes it from the HTTP cache');
  assert.equal(errorsOf(page), [], 'no uncaught error on the way');
  await page.close();
}));

const boot = suite('boot script');
boot.before(setUp);
boot.after(async () => {
  await browser?.close();
  await server?.stop();
});

boot('paints the skeleton and starts the calls before any bundle runs', traced(async () => {
  const page = await newMobilePage(browser);
  const requests = await bootOnly(page, { token: await demoToken(server.url) });
  assert.ok(await page.isVisible('#sk'), 'skeleton visible without the bundle');
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length);
  assert.is(fcp, 1, 'the skeleton alone is a contentful paint');
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.is(bg, 'rgb(13, 17, 23)', 'theme background painted from the inline styles');
  for (const call of BOOT_CALLS) assert.ok(requests.some((r) => pathOf(r) === call), `${call} started by index.html`);
  const envelopes = await page.evaluate(async () => {
    const b = window.__boot;
    const all = await Promise.all([b.config, b.platform, b.market!.plays, b.market!.tickers, b.market!.contractMoney]);
    return all.map((e) => e.code);
  });
  assert.equal(envelopes, [200, 200, 200, 200, 200], 'every start-up envelope resolves');
  await page.close();
}));

boot('a saved Arabic language turns the page right-to-left and goes out with the saved token', traced(async () => {
  const page = await newMobilePage(browser);
  const requests = await bootOnly(page, { language: 'ar', token: 'saved-token' });
  const html = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
  assert.equal(html, ['ar', 'rtl'], '<html lang=ar dir=rtl>');
  const config = requests.find((r) => pathOf(r) === BOOT_CALLS[0])!;
  const headers = await config.allHeaders();
  assert.is(headers['authorization'], 'Bearer saved-token', 'saved token sent');
  assert.is(headers['accept-language'], 'ar', 'saved language sent');
  assert.is(headers['clientid'], 'app');
  await page.close();
}));

boot('only the saved language\'s locale file is fetched, by its content-hashed name: the whole file with a session, its sign-in part without', traced(async () => {
  const code = existsSync(path.join(root, 'locales/ar.json')) ? 'ar' : 'en';
  for (const [saved, folder] of [[{ language: code, token: 'saved-token' }, '/locales/'], [{ language: code }, '/locales/first/']] as const) {
    const page = await newMobilePage(browser);
    const requests = await bootOnly(page, saved);
    const locale = requests.filter((r) => pathOf(r).startsWith('/locales/'));
    assert.is(locale.length, 1, 'one locale file');
    assert.match(pathOf(locale[0]!), new RegExp(`^${folder}${code}-[A-Z0-9]{8}\\.json$`), `the ${code} file, content-hashed, from ${folder}`);
    const keys = await page.evaluate(async () => Object.keys(await window.__boot.locale).length);
    assert.ok(keys > 0, 'locale resolves to its dictionary');
    assert.is(await page.evaluate(() => window.__boot.localePart), folder !== '/locales/', 'the boot says which it fetched');
    await page.close();
  }
}));

boot('without a saved language the browser language decides (zh-HK → zh-TW)', traced(async () => {
  const page = await newMobilePage(browser, { locale: 'zh-HK' });
  await bootOnly(page);
  assert.is(await page.evaluate(() => window.__boot.language), 'zh-TW');
  assert.is(await page.evaluate(() => document.documentElement.dir), 'ltr');
  await page.close();
}));

boot('a failed start-up call rejects with its status and the language still resolves', traced(async () => {
  const page = await newMobilePage(browser, { locale: 'de-DE' });
  await page.route('**/prod-api/common/config/list', (route) => route.abort());
  await bootOnly(page);
  const outcome = await page.evaluate(async () => {
    const failure = await window.__boot.config.then(() => null, (e: unknown) => e);
    return { failure, language: await window.__boot.language };
  });
  assert.equal(outcome.failure, { status: 0 }, 'network failure reported as status 0');
  assert.is(outcome.language, 'de', 'the browser language stands in for the missing config');
  await page.close();
}));

firstLoad.run();
boot.run();
