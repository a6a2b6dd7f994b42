import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { browserSuite, errorsOf, newMobilePage, screenshot, traced } from './harness.ts';

const { test, stage } = browserSuite('app shell: guard, auth, 404, language, failures');

const user = 'shell' + Date.now().toString(36).slice(-6) + '7';
const pass = 'secret42';

const open = async (path: string, page?: Page): Promise<Page> => {
  const p = page ?? (await newMobilePage(stage.browser));
  await p.goto(stage.server.url + path);
  return p;
};

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/**
 * Submits are debounced for 300 ms (docs/rules.md#sign-up-and-sign-in): a second tap sooner is
 * deliberately ignored. The page's clock (installed before it loads) moves past that.
 */
const pause = (page: Page) => page.clock.fastForward(350);
const banner = (page: Page) => page.locator('.notify');

test('a new visitor at / lands on the login page', traced(async () => {
  const page = await open('/');
  await page.waitForURL(/\/login\?redirect=%2F$/);
  await field(page, 'Username').waitFor();
  assert.match(await page.title(), /^Log in · /, 'document title from the route, then the app name');
  assert.equal(errorsOf(page), []);
  await screenshot(page, 'shell-login');
  await page.close();
}));

test('register from a guarded page, then log in again: both return to the page asked for', traced(async () => {
  const fresh = await newMobilePage(stage.browser);
  await fresh.clock.install();
  const page = await open('/withdrawRecord?tab=2', fresh);
  await page.waitForURL(/\/login\?redirect=/);
  assert.is(new URL(page.url()).searchParams.get('redirect'), '/withdrawRecord?tab=2');
  await page.getByText('Sign up').click();
  await page.waitForURL(/\/register\?redirect=/);

  await page.getByRole('button', { name: 'Sign up' }).click();
  assert.is(await page.getByRole('alert').first().textContent(), 'Cannot be empty', 'empty form: message under the field');
  await field(page, 'Username').fill(user);
  await field(page, 'Password').fill(pass);
  await field(page, 'Confirm password').fill(pass + 'x');
  await pause(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByText('Passwords inconsistent').waitFor();
  await screenshot(page, 'shell-register-errors');
  await field(page, 'Confirm password').fill(pass);
  await pause(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await banner(page).getByText('Registration successful').waitFor();
  await page.waitForURL(/\/withdrawRecord\?tab=2$/);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('app') || '{}'));
  assert.type(saved.token, 'string', 'token saved under the app key');

  await page.evaluate(() => localStorage.removeItem('app'));
  await open('/orderList', page);
  await page.waitForURL(/\/login\?redirect=%2ForderList$/);
  await field(page, 'Username').fill(user);
  await field(page, 'Password').fill(pass);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/orderList$/);
  await page.getByRole('heading', { name: 'Trade orders' }).waitFor();

  await open('/login', page);
  await page.waitForURL((u) => u.pathname === '/user', { timeout: 10_000 });
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('an unknown path shows the 404 page, which returns home', traced(async () => {
  const page = await open('/');
  await page.waitForURL(/\/login/);
  await field(page, 'Username').fill(user);
  await field(page, 'Password').fill(pass);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/user');
  await open('/no/such/page', page);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await screenshot(page, 'shell-404');
  await page.getByRole('button', { name: 'Back to home' }).click();
  await page.waitForURL((u) => u.pathname === '/user');
  await page.close();
}));

test('a wrong password shows the server reason and keeps the form', traced(async () => {
  const page = await open('/login');
  await field(page, 'Username').fill(user);
  await field(page, 'Password').fill('wrong-one');
  await page.getByRole('button', { name: 'Log in' }).click();
  await banner(page).getByText('Incorrect username or password').waitFor();
  assert.is(await field(page, 'Username').inputValue(), user);
  assert.ok(page.url().includes('/login'));
  await page.close();
}));

test('switching to Arabic saves the choice and reloads right-to-left', traced(async () => {
  const page = await open('/login');
  await page.getByRole('button', { name: 'Language' }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'العربية' }).click()]);
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  assert.is(await page.evaluate(() => document.documentElement.lang), 'ar');
  assert.is(await page.evaluate(() => JSON.parse(localStorage.getItem('app') || '{}').language), 'ar');
  await page.locator('form input').first().waitFor();
  assert.is(await page.locator('.bar').evaluate((el) => getComputedStyle(el).direction), 'rtl');
  await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
  await screenshot(page, 'shell-login-ar');
  await page.close();
}));

test('with the server down, the network message appears and what was typed stays', traced(async () => {
  const page = await open('/login');
  await field(page, 'Username').fill(user);
  await field(page, 'Password').fill(pass);
  await stage.server.halt();
  try {
    await page.getByRole('button', { name: 'Log in' }).click();
    await banner(page).getByText('Network exception, check your connection').waitFor();
    assert.is(await field(page, 'Username').inputValue(), user);
    assert.is(await field(page, 'Password').inputValue(), pass);
    await screenshot(page, 'shell-offline');
  } finally {
    await stage.server.start();
  }
  await page.close();
}));

test.run();
