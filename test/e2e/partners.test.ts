/**
 * A partner embeds the app. The sample host page of docs/partners.md, served from the partner's
 * registered origin, frames the app, signs a user on through `/sso#token=…`, hears ready, route,
 * session, balance (after an order) and close (back on the root screen), and switches the app's
 * language; a stubbed React Native WebView hears the same at the top level; the partner's colours
 * are on the first paint; an origin that is not the partner's cannot frame the page.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Frame, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { hs256 } from '../server/sso-tokens.ts';
import { browserSuite, errorsOf, newMobilePage, operatorCall, screenshot, traced, waitForApp } from './harness.ts';

const HOSTS = 'MAP host.localhost 127.0.0.1, MAP other.localhost 127.0.0.1';
const { test, stage } = browserSuite('partners: sign-on, bridge, brand, framing', { browserArgs: [`--host-resolver-rules=${HOSTS}`] });

const SECRET = 'e2e-partner-shared-secret-0123456789ab';
const ACCENT = '#e11d48';
const BG = '#fff1f2';

interface Message {
  source: string;
  type: string;
  [field: string]: unknown;
}

let host: Server;
let hostPort = 0;
let users = 0;

/** The sample host page of docs/partners.md, pointed at this server. */
function samplePage(app: string): string {
  const doc = readFileSync(new URL('../../docs/partners.md', import.meta.url), 'utf8');
  const html = /```html\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf('A sample host page')))?.[1];
  if (!html) throw new Error('docs/partners.md has no sample host page');
  return html.replace("'https://trade.example.com'", JSON.stringify(app));
}

test.before(async () => {
  const app = stage.server.url;
  host = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/trade-lite-token') return res.end(hs256(SECRET, 'acme', { sub: `host-user-${++users}` }));
    const frame = (src: string) => `<!doctype html><iframe id="app" src="${src}" style="border:0;width:100%;height:700px"></iframe>`;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (url.pathname === '/') return res.end(samplePage(app));
    if (url.pathname === '/frame-partner') return res.end(frame(`${app}/trade?partner=acme`));
    if (url.pathname === '/frame-plain') return res.end(frame(`${app}/trade`));
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostPort = (host.address() as { port: number }).port;
  await operatorCall(stage.server, 'POST', '/partners', {
    id: 'acme',
    secret: SECRET,
    name: 'Acme Pay',
    origin: `http://host.localhost:${hostPort}`,
    colors: `accent=${ACCENT},on-accent=#ffffff,bg=${BG},bg2=#ffe4e6,bg3=#fecdd3,fg=#1f2937,fg2=#6b7280,line=#fda4af`,
    hide: 'finance',
  });
});
test.after(() => new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve())));

/** The host page's frame as the user sees it (a page screenshot may catch the frame before it paints). */
async function frameShot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, '#app');
}

const hostUrl = (name: string, path = '/') => `http://${name}.localhost:${hostPort}${path}`;

/** Waits for a message the predicate accepts among those `read` answers. */
async function heard(read: () => Promise<Message[]>, what: string, accept: (m: Message) => boolean): Promise<Message> {
  const until = Date.now() + 30_000;
  for (;;) {
    const found = (await read()).find(accept);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no ${what} message; heard: ${JSON.stringify(await read())}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function appFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('#app');
  for (let i = 0; i < 100; i++) {
    const frame = await handle.contentFrame();
    if (frame && frame.url().startsWith(stage.server.url)) return frame;
    await page.waitForTimeout(200);
  }
  throw new Error('the app did not load in the frame');
}

async function balanceOf(token: string): Promise<string> {
  const res = await fetch(stage.server.url + '/prod-api/h5/user/getUserInfo', { method: 'POST', headers: { authorization: 'Bearer ' + token, clientId: 'app' } });
  return ((await res.json()) as { data: { balance: string; username: string } }).data.balance;
}

/** An order placed on the quote screen, as the user places it. */
async function orderInApp(f: Frame | Page): Promise<void> {
  await f.getByRole('radio', { name: /^1 min/ }).click();
  await f.getByLabel('Investment amount', { exact: true }).fill('10');
  await f.getByRole('button', { name: 'Buy up' }).click();
  await f.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await f.locator('.notify').getByText('Investment success').waitFor();
}

async function signOnAs(sub: string): Promise<string> {
  const res = await fetch(stage.server.url + '/prod-api/sso', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: hs256(SECRET, 'acme', { sub }) }) });
  return ((await res.json()) as { data: string }).data;
}

const tokenIn = (frame: Page) => frame.evaluate(() => JSON.parse(localStorage.getItem('app') || '{}').token as string);
const usernameOf = async (token: string) =>
  ((await (await fetch(stage.server.url + '/prod-api/h5/user/getUserInfo', { method: 'POST', headers: { authorization: 'Bearer ' + token } })).json()) as { data: { username: string } }).data.username;

test('the sample host page frames the app: sign-on, ready, route, session, balance after an order, close, a language switch', traced(async () => {
  const page = await newMobilePage(stage.browser);
  await page.goto(hostUrl('host'));
  const frame = await appFrame(page);
  const read = () => page.evaluate(() => (window as unknown as { received: Message[] }).received.slice());

  await heard(read, 'ready', (m) => m.type === 'ready' && m.partner === 'acme');
  assert.is((await read())[0]!.type, 'ready', 'ready comes first');
  await heard(read, 'session', (m) => m.type === 'session' && m.signedIn === true);
  await heard(read, 'route', (m) => m.type === 'route' && m.path === '/trade');
  // Each route is told once its screen shows, with that screen's title.
  assert.equal((await read()).filter((m) => m.type === 'route').map((m) => [m.path, String(m.title).split(' · ')[0]]), [['/trade', 'Trade']]);
  assert.ok((await read()).every((m) => m.source === 'trade-lite'));
  await frame.locator('.tabbar a[href="/trade"][aria-current="page"]').waitFor();
  // The token left the address at once; the partner's colours and hidden sections are there.
  assert.is(new URL(frame.url()).hash, '');
  assert.is(await frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()), ACCENT);
  assert.is(await frame.locator('.tabbar a[href="/financial"]').isVisible(), false, 'finance is hidden for this partner');
  await frameShot(page, 'partner-iframe-trade');

  // An order: the balance the host hears is the one the server has after it. (The frame keeps its
  // session in memory: a third-party frame gets no storage here; the test signs the same user on.)
  const token = await signOnAs(`host-user-${users}`);
  const username = await usernameOf(token);
  assert.is(username, `acme-host-user-${users}`);
  await operatorCall(stage.server, 'POST', '/balance', { username, amount: '+1000', reason: 'partner test funds' });
  // The credit is pushed to the app; then the order takes 10 from it.
  await heard(read, 'balance', (m) => m.type === 'balance' && Number(m.balance) === 1000);
  await orderInApp(frame);
  const after = await balanceOf(token);
  assert.is(Number(after), 990);
  await heard(read, 'balance', (m) => m.type === 'balance' && m.balance === after);

  // Back on the root screen: the host is told, and the app stays.
  await frame.evaluate(() => history.back());
  await heard(read, 'close', (m) => m.type === 'close');
  await frame.locator('.tabbar a[href="/trade"][aria-current="page"]').waitFor();

  // The host switches the language: the app reloads in German, still the partner's. (This frame
  // has no storage, so the session lived in memory and the reload shows the sign-in form.)
  await page.evaluate(() => (window as unknown as { tell(m: object): void }).tell({ type: 'language', language: 'de' }));
  await page.waitForFunction(() => (window as unknown as { received: Message[] }).received.filter((m) => m.type === 'ready').length === 2, undefined, { timeout: 30_000 });
  const german = await appFrame(page);
  await german.waitForFunction(() => document.documentElement.lang === 'de' && /^(Anmelden|Handel)\b/.test(document.title), undefined, { timeout: 30_000 });
  assert.is(await german.evaluate(() => document.documentElement.getAttribute('data-partner')), 'acme');
  await frameShot(page, 'partner-iframe-de');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('a React Native WebView hears the same messages at the top level and can switch the language', traced(async () => {
  const page = await newMobilePage(stage.browser);
  // As text: a function would be compiled with helpers the page does not have. Kept across reloads.
  await page.addInitScript({
    content: `(() => {
      const kept = JSON.parse(sessionStorage.getItem('rn') || '[]');
      window.__rn = kept;
      window.ReactNativeWebView = { postMessage(s) { kept.push(JSON.parse(s)); sessionStorage.setItem('rn', JSON.stringify(kept)); } };
    })();`,
  });
  const token = hs256(SECRET, 'acme', { sub: `rn-user-${++users}` });
  await page.goto(`${stage.server.url}/sso?partner=acme&redirect=%2Ftrade#token=${encodeURIComponent(token)}`);
  await waitForApp(page);
  const read = () => page.evaluate(() => (window as unknown as { __rn: Message[] }).__rn.slice());
  await heard(read, 'ready', (m) => m.type === 'ready' && m.source === 'trade-lite');
  assert.is((await read())[0]!.type, 'ready', 'ready comes first');
  await heard(read, 'session', (m) => m.type === 'session' && m.signedIn === true);
  await heard(read, 'route', (m) => m.type === 'route' && m.path === '/trade');
  assert.equal((await read()).filter((m) => m.type === 'route').map((m) => [m.path, String(m.title).split(' · ')[0]]), [['/trade', 'Trade']]);
  const session = await tokenIn(page);
  const first = await balanceOf(session);
  await heard(read, 'balance', (m) => m.type === 'balance' && m.balance === first);

  await operatorCall(stage.server, 'POST', '/balance', { username: await usernameOf(session), amount: '+500', reason: 'partner test funds' });
  await heard(read, 'balance', (m) => m.type === 'balance' && Number(m.balance) === 500);
  await orderInApp(page);
  const after = await balanceOf(session);
  assert.is(Number(after), 490);
  await heard(read, 'balance', (m) => m.type === 'balance' && m.balance === after);

  await page.evaluate(() => history.back());
  await heard(read, 'close', (m) => m.type === 'close');

  // React Native delivers the host's messages as a `message` event with JSON text.
  await page.evaluate(() => dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'language', language: 'de' }) })));
  await page.locator('.tabbar a[href="/trade"]', { hasText: 'Handel' }).waitFor({ timeout: 30_000 });
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test("the partner's colours and logo are on the first paint, before any script runs", traced(async () => {
  for (const lang of ['en', 'ar']) {
    const page = await newMobilePage(stage.browser);
    // No script arrives: what shows is the first HTML alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${stage.server.url}/home?partner=acme&lang=${lang}`);
    assert.is(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(255, 241, 242)');
    assert.is(await page.title(), 'Acme Pay');
    await screenshot(page, `partner-first-paint-${lang}`);
    await page.close();
  }
  // A normal visit keeps the platform's own colours.
  const plain = await newMobilePage(stage.browser);
  await plain.route('**/assets/*.js', (route) => route.abort());
  await plain.goto(`${stage.server.url}/home`);
  assert.is.not(await plain.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(255, 241, 242)');
  await plain.close();
}));

test('a refused sign-on says why, in the user\'s language', traced(async () => {
  for (const lang of ['en', 'ar']) {
    const page = await newMobilePage(stage.browser);
    const used = hs256(SECRET, 'acme', { sub: `used-${++users}` });
    assert.is(((await (await fetch(stage.server.url + '/prod-api/sso', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: used }) })).json()) as { code: number }).code, 200);
    await page.goto(`${stage.server.url}/sso?partner=acme&lang=${lang}#token=${encodeURIComponent(used)}`);
    await page.locator('.sso-key', { hasText: 'sso.replayed' }).waitFor();
    const text = await page.locator('.empty p').first().innerText();
    assert.is(text, lang === 'en' ? 'This sign-in link was already used' : 'رابط تسجيل الدخول هذا مُستخدَم من قبل');
    await screenshot(page, `partner-sso-refused-${lang}`);
    await page.close();
  }
}));

test("an origin that is not the partner's cannot frame the app; the partner's cannot frame a page not opened for it", traced(async () => {
  const framed = async (url: string) => {
    const page = await newMobilePage(stage.browser);
    await page.goto(url);
    const frame = await (await page.waitForSelector('#app')).contentFrame();
    // Loaded, or refused (the browser's error page loads in its place).
    await frame?.waitForLoadState('load');
    const loaded = frame ? await frame.locator('#sk, #app').count().catch(() => 0) : 0;
    await page.close();
    return loaded > 0;
  };
  assert.is(await framed(hostUrl('host', '/frame-partner')), true, 'the registered origin frames its page');
  assert.is(await framed(hostUrl('other', '/frame-partner')), false, 'another origin is refused');
  assert.is(await framed(hostUrl('host', '/frame-plain')), false, 'a page without the partner says self only');
}));

test.run();
