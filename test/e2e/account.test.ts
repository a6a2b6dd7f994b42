import * as assert from 'uvu/assert';
import { PASSWORD_DEBOUNCE_MS } from '../../src/lib/debounce.ts';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../server/seed/content.ts';
import { browserSuite, errorsOf, hasSignedInHint, loginAsDemo, newMobilePage, operatorCall, screenshot, traced, userCall, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('account: finance, savings, messages, pushes, password change', { server: { env: { NODE_ENV: 'test', TEST_CLOCK: '1' } } });

/** The demo user's page through the journeys; the password change comes last. */
let page: Page;
let token = '';

test.before(async () => {
  // The test clock lets a day pass now, so the savings pay their first income.
});

/** A call to the operator API, as `npm run operator` makes it. */
const admin = (route: string, body: unknown) => operatorCall(stage.server, 'POST', route, body);

/** An API call with the demo user's token, as another device holding it would make it. */
const api = (url: string, body?: unknown) => userCall(stage.server.url, token, url, body);

const banner = () => page.locator('.notify p');
/** Within the screen on show: tab screens and kept pages stay mounted, hidden, behind it. */
const shown = (selector: string) => page.locator('.app > main:not([hidden]) ' + selector);
const meBadge = () => page.locator('.tabbar .badge');
const money = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

test('a product bought from the finance tab shows under holding, and a refused amount stays typed', traced(async () => {
  page = await newMobilePage(stage.browser);
  token = await loginAsDemo(page, stage.server.url, '/financial');
  await waitForApp(page);
  const card = shown('article.fin').filter({ hasText: 'Horizon 15' });
  await card.getByText('0.45%').waitFor();
  await screenshot(page, 'account-financial-en');
  await card.getByRole('button', { name: 'Buy' }).click();

  const sheet = page.getByRole('dialog', { name: 'Horizon 15' });
  const amount = sheet.getByLabel('Amount', { exact: true });
  await amount.fill('40');
  await sheet.getByRole('button', { name: 'Buy' }).click();
  await sheet.getByText('At least \u2066$500\u2069').waitFor();
  assert.is(await amount.inputValue(), '40', 'the amount stays as typed');
  await amount.fill('600');
  // 600 × 0.45 % × 15 days, exactly (docs/rules.md#booked-money-shown)
  await sheet.getByText('$40.5', { exact: true }).waitFor();
  await screenshot(page, 'account-buy-en');
  await sheet.getByRole('button', { name: 'Buy' }).click();
  // A purchase is confirmed like an order: product, amount, cycle and expected income.
  const confirmation = page.getByRole('dialog', { name: 'Confirm your purchase' });
  assert.is(
    (await confirmation.locator('p').innerText()).replace(/[\u2066-\u2069]/g, ''),
    'Horizon 15: $600 for 15 d, expected income $40.5',
  );
  await screenshot(page, 'account-buy-confirm-en');
  await confirmation.getByRole('button', { name: 'Confirm' }).click();

  await page.waitForURL((u) => u.pathname === '/myFinancial' && u.searchParams.get('tab') === 'holding');
  await banner().filter({ hasText: 'Investment success' }).waitFor();
  const holding = shown('article.fin').filter({ hasText: 'Horizon 15' });
  await holding.waitFor();
  assert.match(await holding.innerText(), /Holding/);
  assert.match(await holding.innerText(), /\$600/);
  assert.match(await shown('.fin-sum').innerText(), /\$600/, 'the amount held in the totals');
  await page.getByRole('tab', { name: 'Completed' }).click();
  await shown('.empty').getByText('Nothing here yet').waitFor();
  await screenshot(page, 'account-myFinancial-en');
  assert.equal(errorsOf(page), []);
}));

test('money moved into savings earns from the next day: after the clock passes a day, yesterday pays', traced(async () => {
  await page.goto(stage.server.url + '/yuebao');
  await waitForApp(page);
  await page.getByText('Savings balance').first().waitFor();
  const amount = page.getByLabel('Amount', { exact: true });
  await amount.fill('99999999');
  await page.locator('form').getByRole('button', { name: 'Move in' }).click();
  await page.getByText(/^At most /).waitFor();
  assert.is(await amount.inputValue(), '99999999', 'the amount stays as typed');
  await amount.fill('2000');
  await page.locator('form').getByRole('button', { name: 'Move in' }).click();
  await shown('.fin-sum .wide dd').filter({ hasText: '$2,000' }).waitFor();
  await screenshot(page, 'account-yuebao-en');
  assert.is(await amount.inputValue(), '', 'a done transfer empties the field');

  const figure = async (label: string) => {
    const dd = shown('.fin-sum div').filter({ hasText: label }).locator('dd');
    await dd.waitFor();
    return money(await dd.innerText());
  };
  assert.is(await figure("Today's income"), 0, 'money moved in today earns nothing today');

  /** Moves the clock, then leaves and comes back until `label` shows more than 0 (the job checks every 2 s). */
  const afterDays = async (days: number, label: string) => {
    await admin('/test/clock', { advanceMs: days * 86_400_000 });
    let n = 0;
    for (let i = 0; i < 10 && !n; i++) {
      await page.waitForTimeout(1000);
      await page.goto(stage.server.url + '/yuebaodetail');
      await page.goto(stage.server.url + '/yuebao');
      n = await figure(label);
    }
    return n;
  };
  // 2,000 × 0.05 % a day.
  assert.is(await afterDays(1, "Today's income"), 1, "a day later, today's income is what the day will pay");
  assert.is(await afterDays(1, "Yesterday's income"), 1, 'and once that day has ended, it was paid');
  await screenshot(page, 'account-yuebao-paid-en');
  await page.goto(stage.server.url + '/yuebaodetail');
  await shown('.sv-day').first().waitFor();
  assert.match(await shown('.sv-day').first().innerText(), /\+\$1\b/);
  await screenshot(page, 'account-yuebaodetail-en');
  assert.equal(errorsOf(page), []);
}));

test('a message from the operator raises the badge at once; reading it clears it', traced(async () => {
  await page.goto(stage.server.url + '/user');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Notifications' }).waitFor();
  // The demo data holds notices: read everything first, so the badge counts only the new message.
  await api('/h5/message/read', { all: true });
  await page.reload();
  await page.getByRole('button', { name: 'Notifications' }).waitFor();
  // The unread count has come once nothing is loading.
  await page.waitForLoadState('networkidle');
  assert.is(await meBadge().count(), 0, 'no badge with nothing unread');

  await admin('/message', { username: DEMO_USERNAME, title: 'KYC approved', content: 'Your document was approved.\nThank you.' });
  await meBadge().filter({ hasText: /^1$/ }).waitFor({ timeout: 10_000 });
  await screenshot(page, 'account-user-en');
  await page.getByRole('button', { name: 'Notifications' }).click();
  const row = shown('.msg').filter({ hasText: 'KYC approved' });
  await row.locator('.dot').waitFor();
  await screenshot(page, 'account-notificationRecord-en');
  await row.click();
  await page.waitForURL((u) => u.pathname === '/notificationDetail');
  await shown('.pre').getByText('Your document was approved.').waitFor();
  await screenshot(page, 'account-notificationDetail-en');
  await page.goto(stage.server.url + '/user');
  await page.getByRole('button', { name: 'Notifications' }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.is(await meBadge().count(), 0, 'the badge cleared');
  const list = (await api('/h5/message/userMessage?pageNum=1&pageSize=5')).data as { unread: number };
  assert.is(list.unread, 0, 'read on the server too (another device shows it read)');
  assert.equal(errorsOf(page), []);
}));

test('a review outcome reads in the user\'s language, with its amount in that language\'s numbers', traced(async () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
  const proof = (await (await fetch(stage.server.url + '/prod-api/common/oss/upload', { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form })).json()) as {
    data: { url: string };
  };
  const channels = (await api('/h5/recharge/getPayChanelList')).data as Array<{ id: number; type: string }>;
  const deposit = await api('/h5/recharge/submitRecharge', { channelId: channels.find((c) => c.type === 'bank')!.id, amount: '1234', proofImage: proof.data.url });
  const { orderNo } = deposit.data as { orderNo: string };
  await admin(`/deposits/${orderNo}/approve`, {});

  await page.goto(stage.server.url + '/notificationRecord?lang=ar');
  const row = shown('.msg').filter({ hasText: orderNo });
  await row.getByText('الإيداع: مقبول').waitFor();
  await row.click();
  await page.waitForURL((u) => u.pathname === '/notificationDetail');
  const text = await shown('.pre').innerText();
  assert.match(text, 'تمت إضافة المبلغ إلى رصيدك.');
  assert.not.match(text, 'approved', 'no English left');
  assert.not.match(text, '1234.0', 'the amount is written by the app, not as the server stores it (1234.00000000)');
  // Intl writes Arabic dates with right-to-left marks, which turn a left-to-right run around.
  assert.not.match(await shown('article time').innerText(), /[\u200f\u061c]/, 'the date is one left-to-right run');
  await screenshot(page, 'account-notificationDetail-ar');
  await page.goto(stage.server.url + '/user?lang=en');
  await waitForApp(page);
  assert.equal(errorsOf(page), []);
}));

test('every push code does what docs/rules.md#push-channel says', traced(async () => {
  // Pushes the server has no operator command for are added to the real socket's stream.
  const fake: { send: (m: string) => void }[] = [];
  let signedIn!: () => void;
  const ready = new Promise<void>((resolve) => (signedIn = resolve));
  const push = await newMobilePage(stage.browser);
  await push.routeWebSocket(/\/prod-api\/ws/, (ws) => {
    const upstream = ws.connectToServer();
    // Passed on as they come; the server's `ready` says the socket signed in, and pushes now count.
    upstream.onMessage((m) => {
      ws.send(m);
      if (typeof m === 'string' && JSON.parse(m).type === 'ready') signedIn();
    });
    fake.push({ send: (m) => ws.send(m) });
  });
  const prev = page;
  page = push;
  // The session is in storage before the first script runs, so the guard never sees a visitor.
  await push.addInitScript((t) => {
    if (!localStorage.getItem('app')) localStorage.setItem('app', JSON.stringify({ token: t, language: 'en' }));
  }, token);
  await push.goto(stage.server.url + '/user');
  await waitForApp(push);
  await push.getByRole('button', { name: 'Notifications' }).waitFor();
  await ready;
  assert.ok(fake.length, 'the app opened its push socket');
  const send = (code: string, data?: object) => fake[fake.length - 1]!.send(JSON.stringify({ code, data }));

  send('complete');
  await banner().filter({ hasText: 'Task completed' }).waitFor();
  send('fail');
  await banner().filter({ hasText: 'Withdrawal failed' }).waitFor();
  send('again');
  await banner().filter({ hasText: 'Please do not submit again' }).waitFor();

  // is_order from the operator: the mask covers everything until lifted.
  await admin('/mask', { username: DEMO_USERNAME, on: true });
  const mask = push.getByRole('alertdialog');
  await mask.getByText('Your account is under review').waitFor();
  await screenshot(push, 'account-push-mask-en');
  await admin('/mask', { username: DEMO_USERNAME, on: false });
  await mask.waitFor({ state: 'detached' });

  // mes: a notice to everyone raises the badge.
  await admin('/notice', { title: 'Maintenance', content: 'Deposits pause at 02:00 UTC' });
  await meBadge().waitFor({ timeout: 10_000 });

  // balance: the user info (and so the balance) reloads.
  const reload = push.waitForRequest((r) => r.url().includes('/h5/user/getUserInfo'));
  send('balance');
  await reload;

  // input: a dialog asks for the code of the named channel, has the platform send it to the bound
  // e-mail, and the server checks what is typed (a wrong code keeps the dialog and the typing).
  await admin('/ask-code', { username: DEMO_USERNAME, verificationType: 'email' });
  const dialog = push.getByRole('dialog');
  await dialog.getByText('Enter the e-mail code we sent you').waitFor();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.getByText('Cannot be empty').waitFor();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await banner().filter({ hasText: 'Code sent' }).waitFor();
  await dialog.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
  await dialog.getByLabel('E-mail code').fill('000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await banner().filter({ hasText: 'Verification code error' }).waitFor();
  assert.is(await dialog.getByLabel('E-mail code').inputValue(), '000000', 'the dialog stays with the code typed');
  await screenshot(push, 'account-push-input-en');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  send('input', { verificationType: 'sms' });
  await push.getByRole('dialog').getByText('Enter the SMS code we sent you').waitFor();
  assert.equal(errorsOf(push), []);
  await push.close();
  page = prev;
}));

test('home notices come in the app\'s language, and a language switch fetches them again', traced(async () => {
  await page.goto(stage.server.url + '/home');
  await waitForApp(page);
  // The notice the push test sent has English only: the seeded ones are in every language.
  const first = () => shown('.nts ul').innerText();
  await shown('.nts li').first().waitFor();
  const english = await first();
  await page.goto(stage.server.url + '/user');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Deutsch', exact: true }).click();
  await page.waitForLoadState('load');
  await page.getByRole('button', { name: 'Sprache' }).waitFor();
  await page.goto(stage.server.url + '/home');
  await shown('.nts li').first().waitFor();
  assert.is.not(await first(), english, 'the German notices, not the English ones');
  await page.goto(stage.server.url + '/user');
  await page.getByRole('button', { name: 'Sprache' }).click();
  await page.getByRole('option', { name: 'English', exact: true }).click();
  await page.waitForLoadState('load');
  await page.getByRole('button', { name: 'Language' }).waitFor();
}));

test('changing the login password signs out every session and sends the user to the login form', traced(async () => {
  // The page's clock, so the form's double-tap guard lapses without the test waiting it out.
  await page.clock.install();
  await page.goto(stage.server.url + '/setting');
  await waitForApp(page);
  await screenshot(page, 'account-setting-en');
  await page.getByRole('button', { name: 'Login password' }).click();
  await page.waitForURL((u) => u.pathname === '/password');
  await page.getByLabel('Original password', { exact: true }).fill('wrong-one');
  await page.getByLabel('New password', { exact: true }).fill('newpass99');
  await page.getByLabel('Confirm password', { exact: true }).fill('newpass99');
  await page.getByRole('button', { name: 'Confirm' }).click();
  // The refusal is about the old password: it shows under that field, not in a passing banner.
  await page.locator('.field').filter({ has: page.getByLabel('Original password', { exact: true }) }).getByRole('alert').getByText('Original password is incorrect').waitFor();
  assert.is(await page.getByLabel('New password', { exact: true }).inputValue(), 'newpass99', 'typed values stay');
  await screenshot(page, 'account-password-en');

  await page.getByLabel('Original password', { exact: true }).fill(DEMO_PASSWORD);
  await page.clock.fastForward(PASSWORD_DEBOUNCE_MS);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  await banner().filter({ hasText: 'log in again' }).waitFor();
  assert.is((await api('/h5/user/getUserInfo', {})).code, 401, 'the old token is dead on the server');
  assert.not.ok(await hasSignedInHint(page), 'signed out: the next page is a visitor\'s');

  await page.getByLabel('Username', { exact: true }).fill(DEMO_USERNAME);
  await page.getByLabel('Password', { exact: true }).fill('newpass99');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
  assert.ok(await hasSignedInHint(page), 'signed in: the next page preloads the screen it opens');
  assert.equal(errorsOf(page), []);
}));

test.run();
