/**
 * Offline, every screen (docs/rules.md#loading-on-a-slow-line): each route of the route table whose screen reads
 * data, once shown, shows its last answer offline with the "as of" line, tapped to and reloaded;
 * back online it loads afresh by itself, without a tap, and so does a screen that failed for want
 * of a network.
 */
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { browserSuite, errorsOf, loginAsDemo, newMobilePage, operatorCall, screenshot, traced } from './harness.ts';
import { DEMO_USERNAME } from '../../server/seed/content.ts';
import en from '../../locales/en.json' with { type: 'json' };
import { pathOf } from '../../src/app/paths.ts';

const { test, stage } = browserSuite('offline-screens');

/** The signed-in routes of the one route table (read as text: importing it would type-check every screen here). */
const names = [...readFileSync(new URL('../../src/app/routes.ts', import.meta.url), 'utf8').matchAll(/\br\('(\w+)', \d+, '(\w+)'/g)]
  .filter(([, , access]) => access !== 'auth')
  .map(([, name]) => name!);
/** Their URLs (a few differ from the name, src/app/paths.ts). */
const routes = names.map(pathOf);
/** A route's name by its URL: the page's title is the name's. */
const nameOf = new Map(routes.map((path, i) => [path, names[i]!]));

/** Reads every screen makes anyway, whatever it shows: live prices, charts, the start-up calls. */
const BACKGROUND = /\/prod-api\/(common\/|h5\/symbol\/(getHomeTickerList|getHistoryKline|getPlays|getContractMoney)|captchaImage)/;
/** Back online, a screen has this long to load afresh by itself. */
const RECOVER_MS = 5_000;

/** Route titles: the locale file's, and those a feature's own word folder brings (locales/<feature>/en.json). */
const titles: Record<string, string> = { ...(en.route as Record<string, string>) };
for (const folder of readdirSync(new URL('../../locales/', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory())) {
  const words = JSON.parse(readFileSync(new URL(`../../locales/${folder.name}/en.json`, import.meta.url), 'utf8')) as Record<string, string>;
  for (const [key, text] of Object.entries(words)) if (key.startsWith('route.')) titles[key.slice('route.'.length)] = text;
}

/** Goes to `path` as a tap would, and waits for its screen to be the one in front. */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await shown(page, path);
}

/** The screen of `path` is in front (App titles the page once it is). */
const shown = (page: Page, path: string) =>
  page.waitForFunction((title) => document.title.startsWith(title) && !document.querySelector('main:not([hidden]) .frame-note'), titles[nameOf.get(path)!]!, { timeout: 10_000 });

const front = (page: Page) => page.locator('main:not([hidden])');
const lastKnown = (page: Page) => page.locator('.last-known');
const failed = (page: Page) => front(page).getByText(en.ui.loadFailed);

/** The screen in front has its content: no placeholder and no failure. */
async function settled(page: Page, path: string, how: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === path);
  await page.waitForFunction(() => {
    const main = document.querySelector('main:not([hidden])');
    return !!main && !main.querySelector('[aria-busy=true], .spin, .frame-note');
  }, undefined, { timeout: 10_000 }).catch(() => {});
  assert.is(await failed(page).count(), 0, `${path} ${how}: no failure shown`);
  const busy = await front(page).locator('[aria-busy=true]').evaluateAll((els) => els.map((e) => e.parentElement!.outerHTML.slice(0, 300)));
  assert.equal(busy, [], `${path} ${how}: no placeholder left`);
}

/** Back online: within RECOVER_MS, live content without a tap (no failure, no placeholder, no "as of" line). */
const recovered = (page: Page, path: string) =>
  page
    .waitForFunction(
      (failure) => {
        const main = document.querySelector('main:not([hidden])');
        return !!main && !main.querySelector('[aria-busy=true], .spin, .frame-note') && !main.textContent!.includes(failure) && !document.querySelector('.last-known');
      },
      en.ui.loadFailed,
      { timeout: RECOVER_MS },
    )
    .catch(() => assert.unreachable(`${path} did not load afresh within ${RECOVER_MS} ms of the network returning`));

test('every screen with data, once shown, shows its last answer offline with its time, and loads afresh by itself online', traced(async () => {
  assert.ok(routes.length >= 25, `the route table was read (${routes.length} routes)`);
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await loginAsDemo(page, stage.server.url, '/home');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });

  // Online, each screen once: those that read something of their own are the routes with data.
  let reads: string[] = [];
  const inFlight = new Set<unknown>();
  page.on('request', (r) => {
    if (!r.url().includes('/prod-api/')) return;
    inFlight.add(r);
    if (r.method() === 'GET' && !BACKGROUND.test(r.url())) reads.push(new URL(r.url()).pathname);
  });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  /** The screen's reads have all answered (and so were kept): a screen left earlier cuts them off. */
  const answeredAll = async () => {
    for (let quiet = 0; quiet < 3; quiet = inFlight.size ? 0 : quiet + 1) await page.waitForTimeout(100);
  };
  const withData: { path: string; reads: string[] }[] = [];
  for (const path of routes) {
    reads = [];
    await open(page, path);
    await settled(page, path, 'online');
    await answeredAll();
    if (reads.length) withData.push({ path, reads: [...new Set(reads)] });
  }
  assert.ok(withData.length >= 10, `screens with data found: ${withData.map((d) => d.path).join(' ')}`);
  for (const must of ['/financial', '/walletRecord', '/rechargeRecord']) {
    assert.ok(withData.some((d) => d.path === must), `${must} is among them`);
  }

  const context = page.context();
  for (const { path } of withData) {
    await open(page, '/setting');
    await context.setOffline(true);
    // Tapped to offline: its last answer.
    await open(page, path);
    await settled(page, path, 'tapped offline');
    // Reloaded offline: its last answer, and since when.
    await page.reload();
    await shown(page, path);
    await lastKnown(page).waitFor({ timeout: 15_000 });
    await settled(page, path, 'reloaded offline');
    assert.ok((await lastKnown(page).innerText()).startsWith(en.offline.lastKnown.split('{{time}}')[0]!), `${path}: says the figures are the last known`);
    if (path === '/walletRecord' || path === '/financial') await screenshot(page, `offline-screen-${path.slice(1)}`);
    // Back online: live again without a tap.
    await context.setOffline(false);
    await recovered(page, path);
  }
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('a screen that failed for want of a network loads by itself within 5 s of the network returning', traced(async () => {
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await loginAsDemo(page, stage.server.url, '/user');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  // Its code is on the phone, its answers are not: the first visit was cut before they came.
  for (const path of ['/walletRecord', '/rechargeRecord', '/financial']) {
    await open(page, path);
    await page.waitForLoadState('networkidle');
  }
  await page.evaluate(async () => {
    for (const name of ['private', 'api']) {
      const cache = await caches.open(name);
      for (const r of await cache.keys()) if (!/\/common\/|getHomeTickerList|getPlays|getContractMoney/.test(r.url)) await cache.delete(r);
    }
  });
  const context = page.context();
  for (const path of ['/walletRecord', '/rechargeRecord']) {
    await open(page, '/setting');
    await context.setOffline(true);
    await page.goto(stage.server.url + path);
    await shown(page, path);
    await failed(page).first().waitFor({ timeout: 10_000 });
    await context.setOffline(false);
    await recovered(page, path);
  }
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('back online, a form keeps what was typed offline and shows live figures again', traced(async () => {
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await loginAsDemo(page, stage.server.url, '/user');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  const amount = front(page).getByLabel(en.field.amount, { exact: true });
  await open(page, '/withdraw');
  await amount.waitFor();
  await settled(page, '/withdraw', 'online');
  await open(page, '/setting');
  await page.context().setOffline(true);
  await open(page, '/withdraw');
  await lastKnown(page).waitFor();
  await amount.fill('12');
  await page.context().setOffline(false);
  await lastKnown(page).waitFor({ state: 'detached', timeout: RECOVER_MS });
  assert.is(await amount.inputValue(), '12', 'the typed amount is still there');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('an answer asked before the network went leaves the kept figures said to be kept', traced(async () => {
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await loginAsDemo(page, stage.server.url, '/user');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  await open(page, '/withdraw');
  await settled(page, '/withdraw', 'online');
  await page.waitForLoadState('networkidle');
  // The user info App asks for with the next screen comes late, as on a slow line: once the network
  // has gone and the withdrawal form shows its kept figures. Its own reads are not live for it.
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  let held = () => {};
  const asked = new Promise<void>((r) => (held = r));
  await page.context().route('**/prod-api/h5/user/getUserInfo', async (route) => {
    const res = await route.fetch();
    const env = (await res.json()) as { data: object };
    held();
    await released;
    // The server's answer with a name of its own, so the test sees when the app has taken it.
    await route.fulfill({ response: res, json: { ...env, data: { ...env.data, realName: 'Late answer' } } });
  }, { times: 1 });
  await open(page, '/setting');
  await asked;
  await page.context().setOffline(true);
  await open(page, '/withdraw');
  await lastKnown(page).waitFor();
  release();
  await page.waitForFunction(() => localStorage.getItem('app')?.includes('Late answer'), undefined, { timeout: 10_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.is(await lastKnown(page).count(), 1, 'the withdrawal figures are still said to be the last known');
  await page.context().setOffline(false);
  await lastKnown(page).waitFor({ state: 'detached', timeout: RECOVER_MS });
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test("the chart's polls leave the answers kept for its user's screens", traced(async () => {
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await loginAsDemo(page, stage.server.url, '/user');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  await open(page, '/financial');
  await settled(page, '/financial', 'online');
  await page.waitForLoadState('networkidle');
  // The chart's first candles, then a poll for the newest: both carry the session as the market worker sends it.
  const polled = page.context().waitForEvent('requestfinished', { predicate: (r) => /getHistoryKline\?.*since=/.test(r.url()), timeout: 30_000 });
  // Awaited below; a failure before then must not leave it rejecting unheard (that ends the run).
  polled.catch(() => {});
  await open(page, '/trade');
  await polled;
  await page.context().setOffline(true);
  await open(page, '/financial');
  await settled(page, '/financial', 'tapped offline after the chart');
  await lastKnown(page).waitFor();
  await page.context().setOffline(false);
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('an answer that arrives after sign-out is not kept on the phone', traced(async () => {
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  // A session of its own: signing out revokes it, and the other tests go on with theirs.
  await loginAsDemo(page, stage.server.url, '/user');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  // Finance's reads answer only once the user has signed out (the worker's fetches pass here too).
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  let held = () => {};
  const asked = new Promise<void>((r) => (held = r));
  await page.context().route('**/prod-api/h5/licai/**', async (route) => {
    held();
    await released;
    await route.continue();
  });
  const late = page.context().waitForEvent('requestfinished', { predicate: (r) => r.url().includes('/h5/licai/'), timeout: 30_000 });
  late.catch(() => {});
  await open(page, '/financial');
  await asked;
  await open(page, '/setting');
  // The shown Settings only: React may keep a hidden copy of it mounted while it is remounted.
  await front(page).getByText(en.ui.logout, { exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: en.ui.confirm }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  release();
  await late;
  await page.context().unroute('**/prod-api/h5/licai/**');
  const kept = await page.evaluate(async () => (await caches.keys()).includes('private') && (await (await caches.open('private')).keys()).map((r) => new URL(r.url).pathname));
  assert.ok(!kept || kept.length === 0, `nothing of the user's is kept after they signed out: ${kept}`);
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test("a session that ended leaves none of its user's answers on the phone", traced(async () => {
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  // A session of its own: it is revoked here, and the other tests go on with theirs.
  const token = await loginAsDemo(page, stage.server.url, '/user');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  await open(page, '/financial');
  await settled(page, '/financial', 'online');
  await page.waitForLoadState('networkidle');
  const kept = () => page.evaluate(async () => (await caches.keys()).includes('private') && (await (await caches.open('private')).keys()).map((r) => new URL(r.url).pathname));
  assert.ok(((await kept()) || []).length > 0, "Finance's answers are kept");
  // Revoked elsewhere (another device signed this session out): the next read answers 401.
  const revoked = await fetch(stage.server.url + '/prod-api/h5/user/logout', { method: 'POST', headers: { Authorization: 'Bearer ' + token } });
  assert.is(revoked.status, 200, 'the session was revoked');
  // A read that needs no session answers after the one refused and the cache emptied for it.
  const refused = page.waitForResponse((r) => r.url().includes('/walletBill') && r.status() === 401);
  refused.catch(() => {});
  let held = false;
  await page.context().route('**/getAllWalletBizType*', async (route) => {
    held = true;
    await refused.catch(() => {});
    await route.continue();
  });
  await page.evaluate(() => {
    history.pushState(null, '', '/walletRecord');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForURL((u) => u.pathname === '/login');
  await page.waitForFunction(async () => !(await caches.keys()).includes('private') || !(await (await caches.open('private')).keys()).length, undefined, { timeout: 5_000 }).catch(() => {});
  const left = await kept();
  assert.ok(held, 'the read that needs no session was held');
  assert.ok(!left || left.length === 0, `nothing of the user's is kept after the session ended: ${left}`);
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('a refreshed list keeps its rows while its first page comes again, online and reloaded offline', traced(async () => {
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await loginAsDemo(page, stage.server.url, '/user');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  const rows = front(page).locator('.msg');
  const busy = front(page).locator('[aria-busy=true]');
  await open(page, '/notificationRecord');
  await rows.first().waitFor();
  // The messages' reads (the worker's fetches, so offline too) pass, but for the one held. One route
  // for the whole test: a route taken away while a read is in it can leave that read stalled.
  let hold = { nth: 0, answered: false, release: () => {}, held: () => {} };
  let n = 0;
  await page.context().route('**/prod-api/h5/message/userMessage*', async (route) => {
    const plan = hold;
    if (++n === plan.nth) {
      const released = new Promise<void>((r) => (plan.release = r));
      const response = plan.answered ? await route.fetch() : undefined;
      plan.held();
      await released;
      if (response) return route.fulfill({ response }).catch(() => {});
    }
    await route.continue().catch(() => route.abort('internetdisconnected').catch(() => {}));
  });
  /** Holds the `nth` read of the messages from now on until `release` is called (`answered`: its answer, as the server gave it then). */
  const holdRead = (nth: number, answered = false) => {
    n = 0;
    const plan = { nth, answered, release: () => {}, held: () => {} };
    const asked = new Promise<void>((r) => (plan.held = r));
    hold = plan;
    return { asked, release: () => plan.release() };
  };

  // A new message (the `mes` push): the badge's read answers, then the list's first page is asked again.
  const online = holdRead(2, true);
  await operatorCall(stage.server, 'POST', '/message', { username: DEMO_USERNAME, title: 'Kept rows', content: 'The list kept its rows.' });
  await online.asked;
  assert.ok((await rows.count()) > 0, 'online: the rows stay while the first page comes again');
  assert.is(await busy.count(), 0, 'online: no placeholder over them');
  // A second message while the first refresh's answer is on its way: the newer page shows, and the
  // older answer, coming last, does not take its place.
  await operatorCall(stage.server, 'POST', '/message', { username: DEMO_USERNAME, title: 'Newer rows', content: 'Asked for after.' });
  await rows.filter({ hasText: 'Newer rows' }).waitFor({ timeout: 10_000 });
  const older = page.waitForEvent('requestfinished', {
    predicate: async (r) => r.url().includes('/userMessage') && !((await (await r.response())?.text()) ?? '').includes('Newer rows'),
  });
  online.release();
  await older;
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.ok(await rows.filter({ hasText: 'Newer rows' }).count(), 'online: an older first page answered last does not replace the newer one');
  await rows.filter({ hasText: 'Kept rows' }).waitFor({ timeout: 10_000 });

  // Reloaded offline: the list's kept first page shows; the start's read of the messages then has it
  // asked again, and that third read does not end while it is held: the rows stay all the while.
  await open(page, '/setting');
  await page.context().setOffline(true);
  await open(page, '/notificationRecord');
  await rows.first().waitFor();
  const offline = holdRead(3);
  await page.reload();
  await shown(page, '/notificationRecord');
  await rows.filter({ hasText: 'Kept rows' }).waitFor({ timeout: 10_000 });
  await lastKnown(page).waitFor();
  assert.is(await busy.count(), 0, 'offline: no placeholder while the first page is asked again');
  offline.release();
  await settled(page, '/notificationRecord', 'refreshed offline');
  assert.ok((await rows.count()) > 0, 'offline: the rows are still there');
  await page.context().setOffline(false);
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test.run();
