/**
 * The authenticator as a second factor, as a user meets it (docs/rules.md#second-factor): set up
 * from the Security screen, asked at sign-in on a new device (a recovery code once in its place)
 * and before a withdrawal. The server's test clock moves a step between codes: each is taken once.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { TOTP, Secret } from 'otpauth';
import { DEMO_FUND_PASSWORD, DEMO_PASSWORD, DEMO_USERNAME } from '../../server/seed/content.ts';
import { TRC20 } from '../server/money-fixtures.ts';
import { advanceServerClock, browserSuite, errorsOf, loginAsDemo, newMobilePage, screenshot, traced, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('security: the authenticator asked at sign-in and before a withdrawal', { server: { env: { NODE_ENV: 'test', TEST_CLOCK: '1' } } });

let secret = '';
let recovery: string[] = [];
/** The page the authenticator was set up on: its device is known. */
let page: Page;

/** A code of the next 30-second step of the server's clock. */
async function nextCode(): Promise<string> {
  const { now } = (await advanceServerClock(stage.server, 30_000)) as { now: number };
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now });
}

const codeDialog = (p: Page) => p.getByRole('dialog', { name: 'Verification' });

/** Signs in as the demo user on a new device (a fresh browser context: no device cookie). */
async function signInOnNewDevice(): Promise<Page> {
  const p = await newMobilePage(stage.browser);
  await p.goto(stage.server.url + '/login');
  await p.getByLabel('Username', { exact: true }).fill(DEMO_USERNAME);
  await p.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await p.getByRole('button', { name: 'Log in' }).click();
  return p;
}

test('set-up: a QR code and the key, a first code turns it on, ten recovery codes shown once', traced(async () => {
  page = await newMobilePage(stage.browser);
  const token = await loginAsDemo(page, stage.server.url, '/setting');
  // A payout address for the withdrawal below, bound before the factor is on.
  const bound = await page.evaluate(async ([t, address]) => {
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const headers = { authorization: t, 'content-type': 'application/json', 'x-xsrf-token': xsrf };
    const res = await fetch('/prod-api/h5/expenses/bindCoinAddress', { method: 'POST', headers, body: JSON.stringify({ coin: 'USDT', network: 'TRC20', address }) });
    return (await res.json()).code;
  }, [token, TRC20] as const);
  assert.is(bound, 200);
  await waitForApp(page);
  await page.getByText('Security', { exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/security');
  await page.getByText('Authenticator app').first().waitFor();
  assert.is(await page.locator('[data-state]').innerText(), 'Off');
  await page.getByRole('button', { name: 'Set up' }).click();
  const qr = page.getByRole('img', { name: 'QR code for the authenticator app' });
  await qr.waitFor();
  assert.ok((await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)) > 0, 'the QR code is drawn');
  secret = await page.locator('[data-secret]').innerText();
  assert.match(secret, /^[A-Z2-7]{32}$/, 'the key, to type by hand');
  assert.match((await page.getByRole('link', { name: 'Open in the authenticator app' }).getAttribute('href'))!, new RegExp(`^otpauth://totp/.*secret=${secret}`));
  await page.getByLabel('6-digit code from the app', { exact: true }).fill('000000' === (await nextCode()) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByText(/^Wrong code\. Tries left: 4$/).waitFor();
  await page.getByLabel('6-digit code from the app', { exact: true }).fill(await nextCode());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await codes.first().waitFor();
  recovery = await codes.allInnerTexts();
  assert.is(recovery.length, 10, 'ten recovery codes');
  await screenshot(page, 'security-recovery');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  assert.is(await page.locator('[data-state]').innerText(), 'On');
  await page.getByText('Recovery codes left: 10').waitFor();
  assert.is(await page.getByRole('list', { name: 'Recovery codes' }).count(), 0, 'shown only once');
  assert.equal(errorsOf(page), []);
}));

test('signing in on a new device asks the code from the app; the device it signed in on is not asked again', traced(async () => {
  const p = await signInOnNewDevice();
  await codeDialog(p).waitFor();
  await screenshot(p, 'security-sign-in-code');
  assert.ok(p.url().endsWith('/login'), 'not signed in without the code');
  await codeDialog(p).getByLabel('Authenticator or recovery code').fill(await nextCode());
  await codeDialog(p).getByRole('button', { name: 'Confirm' }).click();
  await p.waitForURL((u) => u.pathname !== '/login');
  await waitForApp(p);
  // Signed out and in again on the same device: no code.
  await p.evaluate(() => localStorage.clear());
  await p.goto(stage.server.url + '/login');
  await p.getByLabel('Username', { exact: true }).fill(DEMO_USERNAME);
  await p.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await p.getByRole('button', { name: 'Log in' }).click();
  await p.waitForURL((u) => u.pathname !== '/login');
  assert.is(await codeDialog(p).count(), 0, 'a known device is not asked');
  assert.equal(errorsOf(p), []);
  await p.context().close();
}));

test('a recovery code signs in once in place of a code; used again it is refused', traced(async () => {
  const first = await signInOnNewDevice();
  await codeDialog(first).getByLabel('Authenticator or recovery code').fill(recovery[0]!);
  await codeDialog(first).getByRole('button', { name: 'Confirm' }).click();
  await first.waitForURL((u) => u.pathname !== '/login');
  await first.context().close();
  const second = await signInOnNewDevice();
  await codeDialog(second).getByLabel('Authenticator or recovery code').fill(recovery[0]!);
  await codeDialog(second).getByRole('button', { name: 'Confirm' }).click();
  await codeDialog(second).getByText(/^Wrong code\. Tries left: \d$/).waitFor();
  assert.ok(second.url().endsWith('/login'), 'still signed out');
  await codeDialog(second).getByRole('button', { name: 'Cancel' }).click();
  await codeDialog(second).waitFor({ state: 'detached' });
  assert.equal(errorsOf(second), []);
  await second.context().close();
}));

test('a withdrawal asks the code; cancelled, nothing is sent; with the code it is submitted', traced(async () => {
  await page.evaluate(() => history.pushState(null, '', '/withdraw'));
  await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')));
  await page.getByText('Fee rule').waitFor();
  await page.getByRole('radio', { name: /TR7N\*\*\*\*Lj6t/ }).check();
  await page.getByLabel('Amount', { exact: true }).fill('50');
  await page.getByLabel('Fund password', { exact: true }).fill(DEMO_FUND_PASSWORD);
  // The withdrawal is confirmed first (method, amount, fee), then the code is asked.
  const sheet = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
  const confirmed = async () => {
    await page.getByRole('button', { name: 'Withdraw now' }).click();
    await sheet.getByRole('button', { name: 'Confirm' }).click();
  };
  await confirmed();
  await codeDialog(page).waitFor();
  await codeDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await codeDialog(page).waitFor({ state: 'detached' });
  // Back on the form, as typed, with the refusal's reason.
  await sheet.waitFor({ state: 'detached' });
  assert.ok(page.url().endsWith('/withdraw'), 'nothing submitted without the code');
  await confirmed();
  await codeDialog(page).getByLabel('Authenticator or recovery code').fill(await nextCode());
  await codeDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL((u) => u.pathname === '/withdrawDetail');
  await page.locator('.mbox').getByText('In progress').waitFor();
  assert.equal(errorsOf(page), []);
}));

test.run();
