import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../server/seed/content.ts';
import { AUTH_DEBOUNCE_MS } from '../../src/lib/debounce.ts';
import { browserSuite, errorsOf, newMobilePage, screenshot, traced } from './harness.ts';

const { test, stage } = browserSuite('auth screens: validation, debounce, forgotten password');


const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('login: messages under the fields, and a double tap sends one request', traced(async () => {
  const page = await newMobilePage(stage.browser);
  // The page's clock, so the double-tap guard lapses without the test waiting it out.
  await page.clock.install();
  let logins = 0;
  page.on('request', (r) => r.url().endsWith('/prod-api/login') && logins++);
  await page.goto(stage.server.url + '/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  assert.is(await page.getByRole('alert').count(), 2, 'both fields say they cannot be empty');
  assert.is(await field(page, 'Username').getAttribute('aria-invalid'), 'true');

  await field(page, 'Username').fill('nobody123');
  await field(page, 'Password').fill('abc');
  assert.is(await page.getByRole('alert').textContent(), 'Password too short: at least 4 characters', 'rechecked as typed after a try');
  await field(page, 'Password').fill('abcd1234');
  // The first tap's guard (300 ms) is over; the double tap's two taps fall within one.
  await page.clock.fastForward(AUTH_DEBOUNCE_MS);
  await page.getByRole('button', { name: 'Log in' }).dblclick();
  await page.locator('.notify').getByText('Incorrect username or password').waitFor();
  await page.waitForLoadState('networkidle');
  assert.is(logins, 1, 'the second tap inside 300 ms is ignored');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('register: the username rule is explained under the field, and nothing is sent', traced(async () => {
  const page = await newMobilePage(stage.browser);
  let registers = 0;
  page.on('request', (r) => new URL(r.url()).pathname === '/prod-api/h5/user/register' && registers++);
  await page.goto(stage.server.url + '/register');
  await field(page, 'Username').fill('0abc');
  await page.getByRole('button', { name: 'Sign up' }).click();
  const rule = page.locator('.field').filter({ has: field(page, 'Username') }).getByRole('alert');
  await rule.waitFor();
  assert.is(await rule.textContent(), '6 to 30 letters and digits, both used, not starting with 0', 'the rule under the username field');
  assert.is(await field(page, 'Username').getAttribute('aria-invalid'), 'true');
  assert.is(registers, 0, 'the form does not send a name the rule refuses');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('register: the password rule is under the field before anything is typed, and a common password is refused in the user\'s language', traced(async () => {
  for (const [lang, rule, common] of [
    ['en', 'At least 8 characters. Very common passwords such as 12345678 are refused.', 'This password is one of the most common ones, choose another'],
    ['ar', '8 أحرف على الأقل. تُرفض كلمات المرور الشائعة جدًا مثل 12345678.', 'كلمة المرور هذه من أكثر كلمات المرور شيوعًا، اختر غيرها'],
  ] as const) {
    const page = await newMobilePage(stage.browser);
    await page.goto(stage.server.url + '/register?lang=' + lang);
    const password = page.locator('input[name=password]');
    await password.waitFor();
    assert.is(await page.getByText(rule).count(), 1, `${lang}: the rule shows before typing`);
    const describedBy = (await password.getAttribute('aria-describedby'))!.split(' ');
    assert.ok((await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()))).includes(rule), `${lang}: the rule describes the field`);
    await screenshot(page, `auth-register-rule-${lang}`);
    await page.locator('input[name=username]').fill(`rule${Date.now() % 1e6}a`);
    await password.fill('Qwerty123');
    await page.locator('input[name=confirmPassword]').fill('Qwerty123');
    await page.locator('button[type=submit]').click();
    // Under the field it is about, as every refusal of one value is.
    await page.locator('.field [role=alert]').getByText(common).waitFor();
    assert.is(await password.inputValue(), 'Qwerty123', `${lang}: what was typed stays`);
    await page.close();
  }
}));

test('forgotten password: code sent, resend counts down, back returns to the login', traced(async () => {
  const page = await newMobilePage(stage.browser);
  await page.goto(stage.server.url + '/login');
  await page.getByText('Forgot password?').click();
  await page.waitForURL(/\/forgetPassword$/);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('Cannot be empty').waitFor();

  await page.getByRole('tab', { name: 'By e-mail' }).click();
  await field(page, 'E-mail').fill('someone@example');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('Enter a valid e-mail address').waitFor();
  await field(page, 'E-mail').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.locator('.notify').getByText('Code sent').waitFor();
  const resend = page.getByRole('button', { name: /^Resend in \d+ s$/ });
  await resend.waitFor();
  assert.ok(await resend.isDisabled(), 'no second code before the countdown ends');
  await screenshot(page, 'auth-forget');

  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(/\/login$/);
  // about:blank, /login, /forgetPassword: a pushed login would have made it four entries.
  assert.is(await page.evaluate(() => history.length), 3, 'went back instead of stacking another login');
  await page.close();
}));

/** A key shown as it is (`auth.login`) instead of its words: a word missing from what the page loaded. */
const BARE_KEY = /\b(route|common|auth|field|v|err|ok|ui|home|trade|order|push|offline|meter|account|money)\.[a-zA-Z]/;

test('a visitor gets the sign-in words only; signing in brings the whole locale file before the next screen shows (Arabic)', traced(async () => {
  const ar = JSON.parse(readFileSync(new URL('../../locales/ar.json', import.meta.url), 'utf8'));
  const page = await newMobilePage(stage.browser, { locale: 'ar' });
  const locales: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/locales/') && locales.push(new URL(r.url()).pathname));
  await page.goto(stage.server.url + '/');
  await page.waitForURL((u) => u.pathname === '/login');
  await page.getByRole('button', { name: ar.auth.login }).waitFor();
  assert.equal(locales.map((p) => p.replace(/-\w+\.json$/, '')), ['/locales/first/ar'], 'the sign-in part, not the whole file');
  assert.not.match(await page.locator('body').innerText(), BARE_KEY, 'every word of the login form is there');
  await screenshot(page, 'auth-visitor-login-ar');

  await field(page, ar.field.username).fill(DEMO_USERNAME);
  await field(page, ar.field.password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: ar.auth.login }).click();
  // `/` leads to the account screen with the demo config (initToUser).
  await page.waitForURL((u) => u.pathname === '/user');
  await page.getByText(ar.account.vipLevels, { exact: true }).first().waitFor();
  assert.equal(locales.map((p) => p.replace(/-\w+\.json$/, '')), ['/locales/first/ar', '/locales/ar'], 'then the whole file, once');
  assert.not.match(await page.locator('body').innerText(), BARE_KEY, 'every word of the account screen is there');
  await screenshot(page, 'auth-visitor-then-account-ar');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test.run();
