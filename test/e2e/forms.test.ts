import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { browserSuite, errorsOf, loginAsDemo, newMobilePage, screenshot, settled, startSignedIn, traced, userCall, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('forms and figures a new user met: errors per value, rules said, a country picker, plain words');

let page: Page;
let token = '';

/** Within the screen on show: tab screens stay mounted, hidden, behind it. */
const shown = (selector: string) => page.locator('.app > main:not([hidden]) ' + selector);
const go = async (path: string) => {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((u) => u.pathname + u.search === path);
};
const api = (url: string, body?: unknown) => userCall(stage.server.url, token, url, body);

test('the account card: a bonus is shown as Bonus, not as income', traced(async () => {
  page = await newMobilePage(stage.browser);
  token = await loginAsDemo(page, stage.server.url, '/user');
  await waitForApp(page);
  const card = shown('.acct-money');
  await card.locator('div').filter({ hasText: 'Bonus' }).getByText('$10,000').waitFor();
  assert.is(await card.locator('div').filter({ hasText: 'Total income' }).locator('dd').innerText(), '$0');
  await screenshot(page, 'forms-user-en');
}));

test('change password: the server\'s "incorrect" stays under the old password only while it holds that value; every password can be shown', traced(async () => {
  await go('/password');
  const old = page.getByLabel('Original password', { exact: true });
  const fresh = page.getByLabel('New password', { exact: true });
  await old.fill('wrong-one');
  await fresh.fill('harbor-kite-41');
  await page.getByLabel('Confirm password', { exact: true }).fill('harbor-kite-41');
  await page.getByRole('button', { name: 'Confirm' }).click();
  const oldError = page.locator('.field').filter({ has: old }).getByRole('alert');
  await oldError.getByText('Original password is incorrect').waitFor();
  await page.locator('.notify').waitFor({ state: 'hidden' });
  await fresh.fill('ab');
  await page.locator('.field').filter({ has: fresh }).getByRole('alert').getByText(/^Password too short/).waitFor();
  assert.is(await oldError.count(), 1, 'the old password is still the refused one');
  await old.fill('wrong-two');
  await oldError.waitFor({ state: 'detached' });
  assert.is(await old.inputValue(), 'wrong-two', 'what was typed stays');

  const toggle = page.locator('.field').filter({ has: old }).getByRole('button', { name: 'Show' });
  assert.is(await old.getAttribute('type'), 'password');
  await toggle.click();
  assert.is(await old.getAttribute('type'), 'text');
  await page.locator('.field').filter({ has: old }).getByRole('button', { name: 'Hide' }).click();
  assert.is(await old.getAttribute('type'), 'password');
  assert.is(await page.locator('input[type=password]').count(), 3);
  assert.is(await page.locator('.secret button').count(), 3, 'a switch on each password field');
  await screenshot(page, 'forms-password-en');
}));

test('bank card: the bank\'s rule is help text; letters are named, not dropped; a wrong length says the lengths', traced(async () => {
  await go('/addPayment?kind=bank');
  await page.locator('#bank').selectOption('001');
  await page.getByText('Banco do Brasil: 8–12 digits, numbers only').waitFor();
  const card = page.getByLabel('Bank card number', { exact: true });
  await card.fill('1234ab');
  await page.locator('.field').filter({ has: card }).getByRole('alert').getByText('Digits only: remove letters and other characters').waitFor();
  assert.is(await card.inputValue(), '1234ab', 'nothing is stripped silently');
  await card.fill('1234567');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.field').filter({ has: card }).getByRole('alert').getByText('Bank card number entered incorrectly: this bank uses 8–12 digits').waitFor();
  await screenshot(page, 'forms-bank-en');
}));

test('wallet address: a bad TRON checksum is caught in the form, an EVM letter case is named, junk gets one reason', traced(async () => {
  await page.getByRole('tab', { name: 'Wallet address' }).click();
  const address = page.getByLabel('Wallet address', { exact: true });
  const alerts = page.locator('form [role=alert]');
  let calls = 0;
  page.on('request', (r) => r.url().includes('bindCoinAddress') && calls++);
  await page.locator('#net').selectOption('TRC20');
  await address.fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u');
  await page.getByRole('button', { name: 'Save' }).click();
  await alerts.getByText('This TRC20 address has the right format, but its checksum does not match: a character is mistyped; paste it again').waitFor();
  assert.is(calls, 0, 'the form caught it');
  await address.fill('junk');
  await alerts.getByText('Enter the correct wallet address format for TRC20').waitFor();
  assert.is(await alerts.count(), 1, 'one reason at a time');
  await page.locator('#coin').selectOption('USDT');
  await page.locator('#net').selectOption('ERC20');
  await address.fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
  await page.getByRole('button', { name: 'Save' }).click();
  await alerts.getByText(/letter case does not match its checksum/).waitFor();
  assert.is(await alerts.count(), 1, 'under the field, not twice');
  await screenshot(page, 'forms-coin-en');
  await address.fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  await alerts.first().waitFor({ state: 'detached' });
}));

test('bind phone: a searchable country list with the user\'s region first; no code goes to a number the form cannot build', traced(async () => {
  await go('/bindPhone');
  const picker = page.locator('.cc-btn');
  await picker.getByText('United States').waitFor();
  const sms: string[] = [];
  page.on('request', (r) => r.url().includes('/common/sms') && sms.push(r.url()));
  const phone = page.getByLabel('Phone number', { exact: true });
  await phone.fill('123');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('Not a valid number for the chosen country: type it without the country code').waitFor();
  assert.equal(sms, [], 'no code sent');
  await picker.click();
  const dialog = page.getByRole('dialog', { name: 'Country code' });
  const first = await dialog.locator('.cc-list button').first().innerText();
  assert.match(first, /United States\s+\+1/, 'the user\'s region first');
  await dialog.getByRole('searchbox').fill('braz');
  await screenshot(page, 'forms-country-en');
  await dialog.getByRole('button', { name: /Brazil\s*\+55/ }).click();
  await picker.getByText('+55').waitFor();
  await phone.fill('11912345678');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.waitForFunction(() => true);
  await page.locator('.notify').getByText(/code/i).waitFor();
  assert.is(sms.length, 1);
  assert.is(new URL(sms[0]!).searchParams.get('phone'), '+5511912345678');
}));

test('savings: a move says what happened and the details list it beside the interest', traced(async () => {
  await go('/yuebao');
  await shown('.sv-move').getByLabel('Amount', { exact: true }).fill('25');
  await shown('.sv-move').getByRole('button', { name: 'Move in' }).click();
  await page.locator('.notify').getByText('Moved to savings').waitFor();
  await go('/yuebaodetail');
  await shown('.sv-day').filter({ hasText: 'Moved in from your balance' }).getByText('+$25').waitFor();
  await screenshot(page, 'forms-yuebaodetail-en');
}));

test('finance: the recent purchases are real ones, with an empty state before the first', traced(async () => {
  await go('/financial');
  await shown('.recent').getByText('No one has bought a product yet.').waitFor();
  const products = (await api('/h5/licai/getSellProductList')).data as { id: number; minAmount: string; name: string }[];
  assert.is((await api('/h5/licai', { productId: products[0]!.id, amount: products[0]!.minAmount })).code, 200);
  await go('/user');
  await go('/financial');
  const row = shown('.recent li').first();
  await row.getByText('de***1').waitFor();
  await row.getByText(products[0]!.name).waitFor();
  await screenshot(page, 'forms-financial-en');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('the same screens in Arabic, right to left', traced(async () => {
  const p = await newMobilePage(stage.browser, { locale: 'ar' });
  await startSignedIn(p, token, 'ar');
  for (const [path, name] of [['/user', 'user'], ['/password', 'password'], ['/addPayment?kind=bank', 'bank'], ['/addPayment?kind=coin', 'coin'], ['/bindPhone', 'phone'], ['/yuebaodetail', 'yuebaodetail'], ['/financial', 'financial']] as const) {
    await p.goto(stage.server.url + path);
    await waitForApp(p);
    await settled(p);
    if (name === 'bank') {
      await p.locator('#bank').selectOption('001');
      await p.getByLabel('رقم البطاقة البنكية', { exact: true }).fill('12ab');
    }
    if (name === 'coin') {
      await p.locator('form input').first().fill('junk');
      await p.locator('form button[type=submit]').click();
      await p.locator('form [role=alert]').waitFor();
    }
    if (name === 'password') await p.locator('.secret button').first().click();
    assert.is(await p.evaluate(() => document.documentElement.scrollWidth), 360, `${path} fits 360 px`);
    await screenshot(p, 'forms-' + name + '-ar');
  }
  assert.equal(errorsOf(p), []);
  await p.close();
}));

test.run();
