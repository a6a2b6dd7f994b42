import * as assert from 'uvu/assert';
import { until } from '../until.ts';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page, Route, WebSocketRoute } from 'playwright-core';
import { DEMO_FUND_PASSWORD, DEMO_PASSWORD, DEMO_USERNAME } from '../../server/seed/content.ts';
import { AUTH_DEBOUNCE_MS } from '../../src/lib/debounce.ts';
import { browserSuite, demoToken, errorsOf, faultRoute, newMobilePage, operatorCall, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('browser faults: offline mid-form, a 500, a stall, a dropped socket, polling after offline');

let token = '';

test.before(async () => {
  token = await demoToken(stage.server.url);
  // A card to withdraw to (money.test.ts binds one through the form).
  const res = await fetch(stage.server.url + '/prod-api/h5/expenses/bindCard', {
    method: 'POST',
    headers: { Authorization: 'Bearer ' + token, clientId: 'app', 'content-type': 'application/json', 'Idempotency-Key': randomBytes(16).toString('hex') },
    body: JSON.stringify({ kind: 'bank', payee: 'Ana Souza', bankCode: '001', cardNo: '123456789' }),
  });
  assert.is(((await res.json()) as { code: number }).code, 200, 'card bound');
});

/** A phone page in `language`, signed in as the demo user or a visitor, that has not opened anything yet. */
const phone = async (opts: { language?: string; signedIn?: boolean } = {}): Promise<Page> => {
  const page = await newMobilePage(stage.browser);
  await page.addInitScript(
    ([token, language]) => localStorage.setItem('app', JSON.stringify({ ...(token ? { token } : {}), language })),
    [opts.signedIn ? token : '', opts.language ?? 'en'] as const,
  );
  return page;
};

/** The shared banner's text once it shows. */
const bannerText = async (page: Page): Promise<string> => {
  const banner = page.locator('.notify p');
  await banner.waitFor();
  return banner.innerText();
};

const LOGIN = '**/prod-api/login';

/** The login form with the demo account typed in. */
const typedLogin = async (page: Page) => {
  await page.goto(stage.server.url + '/login?redirect=%2Fuser');
  await waitForApp(page);
  const username = page.locator('input[name=username]');
  const password = page.locator('input[name=password]');
  await username.fill(DEMO_USERNAME);
  await password.fill(DEMO_PASSWORD);
  const submit = page.locator('form button[type=submit]');
  return { username, password, submit };
};

test('offline in the middle of a withdrawal: the form says so, everything typed stays, and the same form goes through once online', async () => {
  const page = await phone({ signedIn: true });
  await page.goto(stage.server.url + '/withdraw');
  await page.getByText('Fee rule').waitFor();
  const method = page.getByRole('radio', { name: /Bank card · Banco do Brasil/ });
  await method.check();
  const amount = page.getByLabel('Amount', { exact: true });
  await amount.fill('100');
  const pwd = page.getByLabel('Fund password', { exact: true });
  await pwd.fill(DEMO_FUND_PASSWORD);

  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Withdraw now' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
  await confirmation.getByRole('button', { name: 'Confirm' }).click();
  // Money forms say it beside the button (their calls are quiet), where the eye is after the tap.
  const said = page.locator('.form [role=alert]');
  await said.waitFor();
  assert.is(await said.innerText(), 'Network exception, check your connection');
  assert.is(await amount.inputValue(), '100');
  assert.is(await pwd.inputValue(), DEMO_FUND_PASSWORD);
  assert.ok(await method.isChecked());
  assert.ok(await page.getByRole('button', { name: 'Withdraw now' }).isEnabled(), 'ready for another try');

  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Withdraw now' }).click();
  await confirmation.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL((u) => u.pathname === '/withdrawDetail');
  await page.locator('.mbox').getByText('In progress').waitFor();
  assert.equal(errorsOf(page), []);
  await page.close();
});

test('a 500 on the login form, in Arabic: the reason in Arabic, what was typed stays, the next try signs in', async () => {
  const page = await phone({ language: 'ar' });
  await page.clock.install();
  const ar = JSON.parse(await readFile(new URL('../../locales/ar.json', import.meta.url), 'utf8'));
  const failing = await faultRoute(page, LOGIN, (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }));
  const { username, password, submit } = await typedLogin(page);
  await submit.click();
  const expected = ar.err.service.replace('{{status}}', '500').replace('{{text}}', ar.err.status['500']);
  assert.is(await bannerText(page), expected);
  assert.match(expected, /[\u0600-\u06ff]/, 'Arabic script');
  assert.is(await page.locator('.notify').getAttribute('role'), 'alert', 'read out at once');
  assert.is(await username.inputValue(), DEMO_USERNAME);
  assert.is(await password.inputValue(), DEMO_PASSWORD);

  failing.off();
  // A second tap within the debounce of the first is a double tap, and is dropped on purpose:
  // the page's clock moves past it.
  await page.clock.fastForward(AUTH_DEBOUNCE_MS);
  await submit.click();
  await page.waitForURL((u) => u.pathname === '/user');
  assert.equal(errorsOf(page), []);
  await page.close();
});

test('a stalled login: progress while it waits, the answer after 10 s; after 30 s without one, a timeout message and the form kept', async () => {
  const page = await phone();
  // The page's clock, so the 30 s request timeout passes without the test waiting for it.
  await page.clock.install();
  const held: Route[] = [];
  await page.route(LOGIN, (route) => void held.push(route));
  const { username, password, submit } = await typedLogin(page);

  await submit.click();
  await page.waitForFunction(() => document.querySelector('form button[type=submit]')?.getAttribute('aria-busy') === 'true');
  // The button is busy before the API client's chunk has run; its 30 s timer starts with the
  // request, and moving the clock before that would leave the timer 30 s away for good.
  await until('the login reached the network', () => held.length === 1);
  await page.clock.fastForward(30_500);
  assert.is(await bannerText(page), 'Request timeout, try again');
  assert.is(await username.inputValue(), DEMO_USERNAME);
  assert.is(await password.inputValue(), DEMO_PASSWORD);
  assert.is(await submit.getAttribute('aria-busy'), null, 'the button is free again');

  await page.locator('.notify').waitFor({ state: 'detached' });
  await submit.click();
  await until('the second login reached the network', () => held.length === 2);
  await page.clock.fastForward(10_000);
  assert.is(await submit.getAttribute('aria-busy'), 'true', 'still waiting after 10 s, and showing it');
  assert.ok(await submit.isDisabled(), 'no second login while one is on its way');
  assert.is(await page.locator('.notify').count(), 0, 'no error yet');
  await held[1]!.continue();
  await page.waitForURL((u) => u.pathname === '/user');
  assert.equal(errorsOf(page), []);
  await page.close();
});

/** A call to the operator API (what `npm run operator` uses). */
const operator = (url: string, body: unknown) => operatorCall(stage.server, 'POST', url, body);

test('the server drops the push socket: the app connects again by itself and the next push arrives', async () => {
  const page = await phone({ signedIn: true });
  const sockets: WebSocketRoute[] = [];
  /** How many sockets the server has signed in (its `ready`): from then on a push reaches the app. */
  let signedIn = 0;
  await page.routeWebSocket(/\/prod-api\/ws$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => {
      ws.send(m);
      if (typeof m === 'string' && JSON.parse(m).type === 'ready') signedIn++;
    });
    sockets.push(ws);
  });
  await page.goto(stage.server.url + '/user');
  const balance = page.locator('.acct-money dd').first();
  await balance.waitFor();
  const shown = async () => Number((await balance.innerText()).replace(/[^\d.]/g, ''));
  const before = await shown();
  // Pushed as soon as the socket has signed in; the operator's change shows without a reload.
  const pushedBalance = async (want: number) => {
    await page.waitForFunction(
      (want) => Number(document.querySelector('.acct-money dd')?.textContent?.replace(/[^\d.]/g, '')) === want,
      want,
      { timeout: 10_000 },
    );
  };
  await until('the socket signed in', () => signedIn === 1);
  await operator('/balance', { username: DEMO_USERNAME, amount: '+1', reason: 'socket check' });
  await pushedBalance(before + 1);

  // Closes the page's end (and with it the server's): what the app sees when the network drops it.
  sockets[0]!.close({ code: 1011, reason: 'server going away' });
  // docs/rules.md#push-channel: a new connection 3 s after the drop.
  await until('reconnected and signed in within 10 s', () => sockets.length === 2 && signedIn === 2);
  await operator('/balance', { username: DEMO_USERNAME, amount: '+2', reason: 'socket check' });
  await pushedBalance(before + 3);
  assert.is(await shown(), before + 3);
  assert.equal(errorsOf(page), []);
  await page.close();
});

test('offline on home: the quote line says prices paused; back online, prices resume at once, not at the next backoff', async () => {
  const page = await phone({ signedIn: true });
  // The push socket's script loads after home paints; offline before it has, its import fails as a
  // page error (seen on a busy machine), which is not what this test is about.
  const socket = page.waitForEvent('websocket');
  await page.goto(stage.server.url + '/home');
  await page.locator('.qs li').first().waitFor();
  await socket;
  assert.is(await page.locator('.q-off').count(), 0);

  await page.context().setOffline(true);
  // Two failed polls in a row: the next retry is 4 s away.
  await page.waitForFunction(() => Number(/(\d+) s/.exec(document.querySelector('.q-off')?.textContent || '')?.[1]) >= 3, null, { timeout: 20_000 });
  assert.match(await page.locator('.q-off').innerText(), /^Prices paused, retrying in \d s$/);
  assert.is(await page.locator('.notify').count(), 0, 'no error banner for the quiet polling');

  const polled = page.waitForResponse((r) => r.url().includes('/getHomeTickerList') && r.ok(), { timeout: 2_500 });
  await page.context().setOffline(false);
  await polled;
  await page.locator('.q-off').waitFor({ state: 'detached', timeout: 2_000 });
  assert.equal(errorsOf(page), []);
  await page.close();
});

test.run();
