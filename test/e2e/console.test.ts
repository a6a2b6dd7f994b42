import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Browser, Locator, Page } from 'playwright-core';
import { INFO_FILE, KEY_HEADER, loadOperatorKey } from '../../server/operator/api/key.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import { DEMO_FUND_PASSWORD } from '../../server/seed/content.ts';
import { errorsOf, launchBrowser, loginAsDemo, newMobilePage, screenshot, startServer, traced, waitForApp, type ServerHandle } from './harness.ts';

const test = suite('console: an operator made by the command line signs in and approves a deposit with its photo');
const run = promisify(execFile);
const PASSWORD = 'console e2e password';

let server: ServerHandle;
let browser: Browser;
let secret: string;
let consoleUrl: string;
/** The user's open app and the operator's console, kept from one test to the next. */
let user: Page;
let token: string;
let page: Page;
/** A deposit left waiting by the first test, for the two operators of the third. */
let pending: { orderNo: string };
let beaSecret: string;
/** The steps Bea's codes were taken from: the server takes each code once, so each of her sign-ins needs a new one. */
const beaSteps = new Set<number>();

test.before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const { port } = JSON.parse(await readFile(path.join(server.dataDir, INFO_FILE), 'utf8')) as { port: number };
  consoleUrl = `http://127.0.0.1:${port}/console/`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/operator/cli/cli.ts', 'operator', 'add', 'ana', '--password', PASSWORD, '--role', 'admin'], {
    env: { ...process.env, DATA_DIR: server.dataDir },
  });
  const uri = /otpauth:\/\/totp\/\S+/.exec(stdout)?.[0];
  assert.ok(uri, stdout);
  assert.match(stdout, /[█▀▄]{10}/, 'a QR code to scan');
  secret = new URL(uri!).searchParams.get('secret')!;
  const bea = await run(process.execPath, ['--import', 'tsx', 'server/operator/cli/cli.ts', 'operator', 'add', 'bea', '--password', PASSWORD, '--role', 'admin'], {
    env: { ...process.env, DATA_DIR: server.dataDir },
  });
  beaSecret = new URL(/otpauth:\/\/totp\/\S+/.exec(bea.stdout)![0]).searchParams.get('secret')!;
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
});

/** One of a queued withdrawal's facts (Fee, Payee receives…), by its label. */
const fact = (item: Locator, label: string) => item.locator('.facts > div').filter({ has: item.page().locator('dt', { hasText: label }) }).locator('dd');
const accountFigure = (page: Page, label: string) => page.locator('.acct-money div').filter({ hasText: label }).locator('dd');
const money = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** A phone photo of a transfer receipt, made by the page's canvas. */
const receipt = (page: Page) =>
  page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 900;
    c.height = 1200;
    const g = c.getContext('2d')!;
    g.fillStyle = '#f4f1e8';
    g.fillRect(0, 0, 900, 1200);
    g.fillStyle = '#222';
    g.font = '64px sans-serif';
    g.fillText('TRANSFER', 80, 200);
    g.fillText('USD 75.00', 80, 320);
    const blob = await new Promise<Blob>((resolve) => c.toBlob((b) => resolve(b!), 'image/jpeg', 0.8));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });

async function depositByUser(page: Page, token: string): Promise<{ orderNo: string; channel: string; currency: string }> {
  const api = async (url: string, body?: unknown) => {
    const res = await fetch(server.url + '/prod-api' + url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: 'Bearer ' + token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: unknown };
  };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await receipt(page))], { type: 'image/jpeg' }), 'IMG_0002.jpg');
  const proof = (await (await fetch(server.url + '/prod-api/common/oss/upload', { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form })).json()) as {
    code: number;
    data: { url: string };
  };
  assert.is(proof.code, 200);
  const channels = (await api('/h5/recharge/getPayChanelList')).data as Array<{ id: number; type: string; name: string; currency: string }>;
  const bank = channels.find((c) => c.type === 'bank')!;
  const deposit = await api('/h5/recharge/submitRecharge', { channelId: bank.id, amount: '75', proofImage: proof.data.url });
  assert.is(deposit.code, 200, deposit.msg);
  return { orderNo: (deposit.data as { orderNo: string }).orderNo, channel: bank.name, currency: bank.currency };
}

/** A script that makes the page believe it is in the background (or in view again), as a phone's tab switch would. */
const seenAs = (state: 'hidden' | 'visible') =>
  `Object.defineProperty(document, 'visibilityState', { configurable: true, get() { return '${state}'; } }); document.dispatchEvent(new Event('visibilitychange'));`;

/** A code for a step no sign-in has used yet (the server takes each code once). */
async function nextCode(used: Set<number>, of = secret): Promise<string> {
  for (;;) {
    const step = stepAt(Date.now());
    if (!used.has(step)) {
      used.add(step);
      return codeAt(of, step);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

test('an operator signs in with password and code, sees the deposit with its photo, approves it; the user\'s open app shows the new balance; a new deposit appears without a reload; it is on record', traced(async () => {
  user = await newMobilePage(browser);
  token = await loginAsDemo(user, server.url, '/user');
  await waitForApp(user);
  const before = money(await accountFigure(user, 'Balance').innerText());
  const { orderNo, channel, currency } = await depositByUser(user, token);

  page = await newMobilePage(browser, { locale: 'en-US' });
  await page.goto(consoleUrl);
  await page.getByLabel('Operator name').fill('ana');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const used = new Set<number>();
  const good = await nextCode(used);
  await page.getByLabel('Code from the authenticator app').fill(String((Number(good) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').getByText('Wrong name, password or code').waitFor();
  assert.is(await page.getByLabel('Password', { exact: true }).inputValue(), PASSWORD, 'the form keeps what was typed');
  await screenshot(page, 'console-signin-refused-en');

  await page.getByLabel('Code from the authenticator app').fill(good);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const tab = page.getByRole('tab', { name: /Deposits/ });
  await tab.waitFor();
  await page.locator('.tabs .count').first().getByText('1', { exact: true }).waitFor();

  await page.getByRole('button', { name: /75/ }).click();
  const review = page.getByRole('article', { name: orderNo });
  const photo = review.getByRole('img', { name: 'Proof of payment' });
  await photo.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('.photo img');
    return !!img && img.complete && img.naturalWidth > 0;
  });
  const size = await photo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  assert.ok(size[0]! > 100 && size[1]! > 100, `the photo is loaded: ${size}`);
  assert.ok((await photo.boundingBox())!.width > 200, 'shown large on a phone');
  await review.getByText(channel, { exact: true }).waitFor();
  await review.locator('dd').filter({ hasText: new RegExp(`^[\\d.]+ ${currency}$`) }).waitFor();
  await screenshot(page, 'console-deposit-en');
  await review.getByRole('button', { name: 'Zoom in' }).click();
  await review.getByRole('button', { name: 'Rotate' }).click();
  assert.is(await photo.getAttribute('data-zoom'), '1.5');
  assert.is(await photo.getAttribute('data-turn'), '1');

  await page.locator('select[aria-label=Language]').selectOption('ar');
  await review.getByRole('button', { name: 'موافقة' }).waitFor();
  assert.is(await page.evaluate(() => document.documentElement.dir), 'rtl');
  await screenshot(page, 'console-deposit-ar');
  await page.locator('select[aria-label=Language]').selectOption('en');

  await review.getByRole('button', { name: 'Approve' }).click();
  // No one-tap money: the question names the user, the amount in the app's money, the channel and what happens.
  const question = page.getByRole('dialog', { name: 'Check before you decide' });
  await question.getByText('demo01', { exact: true }).waitFor();
  await question.getByText('$75', { exact: true }).waitFor();
  await question.getByText(channel, { exact: true }).waitFor();
  await question.getByText('The user’s balance rises by $75.').waitFor();
  await screenshot(page, 'console-confirm-approve-en');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await question.waitFor({ state: 'detached' });
  assert.is(await review.getByRole('status').count(), 0, 'cancelled: nothing decided');
  // The review is in the address: a reload opens it again.
  assert.ok(page.url().endsWith(`#deposits/${orderNo}`), page.url());
  await page.reload();
  await review.getByRole('img', { name: 'Proof of payment' }).waitFor();
  await review.getByRole('button', { name: 'Approve' }).click();
  await question.getByRole('button', { name: 'Confirm' }).click();
  await review.getByRole('status').getByText('Done: approved').waitFor();
  await page.locator('.tabs .count').first().getByText('0', { exact: true }).waitFor();

  // The user's open app: the review pushes the balance, no reload.
  for (let i = 0; i < 30 && money(await accountFigure(user, 'Balance').innerText()) !== before + 75; i++) await user.waitForTimeout(500);
  assert.is(money(await accountFigure(user, 'Balance').innerText()), before + 75);

  // A new deposit shows up in the open console without a reload, as it comes (server-sent events),
  // and counts in the page's title while the console is in the background.
  await page.evaluate(seenAs('hidden'));
  pending = await depositByUser(user, token);
  await page.locator('.tabs .count').first().getByText('1', { exact: true }).waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => document.title.startsWith('(1) '));
  await page.evaluate(seenAs('visible'));
  assert.is(await page.title(), 'Operator console', 'seen: the count leaves the title');

  // The same decision again answers that it is already decided.
  const again = await page.evaluate(
    (n) => fetch(`/console/api/deposits/${n}/approve`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-console': '1' }, body: '{}' }).then((r) => r.json()),
    orderNo,
  );
  assert.is(again.key, 'deposit.reviewed');

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const row = page.locator('.audit tr').filter({ hasText: orderNo });
  await row.getByText('deposit.approve').waitFor();
  assert.match(await row.innerText(), 'ana');
  assert.match(await row.innerText(), 'waiting → approved');
  await screenshot(page, 'console-audit-en');
  assert.equal(errorsOf(page), []);
}));

test('a withdrawal rejected with a reason from the console: the user\'s balance comes back', traced(async () => {
  const api = async (url: string, body?: unknown) => {
    const res = await fetch(server.url + '/prod-api' + url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: 'Bearer ' + token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: unknown };
  };
  // A PIX key is paid in reais at the rate fixed on submitting (config money.pixRate: 5.2).
  const card = await api('/h5/expenses/bindCard', { kind: 'pix', payee: 'Ana Souza', pixType: 'email', pixKey: 'ana.souza@example.com' });
  assert.is(card.code, 200, card.msg);
  const before = money(await accountFigure(user, 'Balance').innerText());
  const placed = await api('/h5/expenses/submitExpenses', { methodId: (card.data as { id: number }).id, amount: '250.07', fundPassword: DEMO_FUND_PASSWORD });
  assert.is(placed.code, 200, placed.msg);
  const { orderNo, account } = placed.data as { orderNo: string; account: string };

  await page.getByRole('tab', { name: /Withdrawals/ }).click();
  const item = page.getByRole('listitem', { name: orderNo });
  await item.waitFor({ timeout: 40_000 });
  await item.locator('code').getByText(account, { exact: true }).waitFor();
  await page.locator('.tabs .count').nth(1).getByText('1', { exact: true }).waitFor();
  // What the operator pays out, beside the amount and the fee: the reais booked on submitting,
  // 250.07 × 5.2 = 1,300.364 cut to the centavo, every digit of it, with the rate and its time.
  assert.match(await fact(item, 'Fee').innerText(), /^\$2\.5007$/);
  assert.match(await fact(item, 'Payee receives').innerText(), /^1,300\.36 BRL\nRate \$1 = 5\.2 BRL\n\d/);
  await item.getByRole('combobox', { name: 'Move to' }).selectOption('rejected');
  await item.getByRole('radio', { name: 'The name on the payout account does not match the user' }).check();
  // The user signed in from this browser: the review shows where from, and how.
  await item.getByText('Recent logins').click();
  await item.locator('.logins li').first().getByText('127.0.0.1').waitFor();
  await item.locator('.logins li').first().getByText('password').waitFor();
  await screenshot(page, 'console-withdrawal-en');
  await page.locator('select[aria-label=Language]').selectOption('ar');
  await item.getByText('الدفع إلى').waitFor();
  await item.getByText('آخر عمليات الدخول').waitFor();
  const reais = await page.evaluate(() => new Intl.NumberFormat('ar', { minimumFractionDigits: 2 }).format(1300.36).replace(/[\u200e\u200f\u061c]/g, ''));
  assert.match(await fact(item, 'يستلم المستفيد').innerText(), new RegExp(`^${reais} BRL\nسعر الصرف `));
  await screenshot(page, 'console-withdrawal-ar');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the reason list fits the phone');
  await page.locator('select[aria-label=Language]').selectOption('en');
  await item.getByRole('button', { name: 'Move to: rejected' }).click();
  const question = page.getByRole('dialog', { name: 'Check before you decide' });
  await question.getByText('The name on the payout account does not match the user').waitFor();
  await question.getByText(/becomes “rejected”; \$[\d,.]+ and its fee return to the user’s balance/).waitFor();
  await question.getByRole('button', { name: 'Confirm' }).click();
  await item.waitFor({ state: 'detached' });
  for (let i = 0; i < 30 && money(await accountFigure(user, 'Balance').innerText()) !== before; i++) await user.waitForTimeout(500);
  assert.is(money(await accountFigure(user, 'Balance').innerText()), before, 'amount and fee back on the user\'s screen');
  const record = await api(`/h5/expenses/withdrawDetail?orderNo=${orderNo}`);
  assert.equal([(record.data as { remarkKey: string }).remarkKey, (record.data as { remark: string }).remark], ['payoutName', 'The name on the payout account does not match yours'], 'the listed reason reaches the user by its key');
  assert.equal(errorsOf(page), []);
}));

test('two operators open the same deposit: the second sees that the first has it; alerts can be turned off', traced(async () => {
  await page.getByRole('tab', { name: /Deposits/ }).click();
  await page.getByRole('button', { name: /75/ }).click();
  await page.getByRole('article', { name: pending.orderNo }).waitFor();

  const bea = await newMobilePage(browser, { locale: 'en-US' });
  await bea.goto(consoleUrl);
  await bea.getByLabel('Operator name').fill('bea');
  await bea.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await bea.getByLabel('Code from the authenticator app').fill(await nextCode(beaSteps, beaSecret));
  await bea.getByRole('button', { name: 'Sign in' }).click();
  await bea.locator('.queue').getByText('ana has this open').waitFor();
  await screenshot(bea, 'console-held-queue-en');
  await bea.getByRole('button', { name: /75/ }).click();
  const review = bea.getByRole('article', { name: pending.orderNo });
  await review.getByText('ana has this open').waitFor();
  await screenshot(bea, 'console-held-en');
  await bea.locator('select[aria-label=Language]').selectOption('ar');
  await review.getByText('ana يفتح هذا العنصر الآن').waitFor();
  await screenshot(bea, 'console-held-ar');
  await bea.locator('select[aria-label=Language]').selectOption('en');

  // Ana goes back to the queue: the item is free, and bea's next renewal takes it.
  await page.getByRole('button', { name: 'Back to the queue' }).click();
  await review.getByText('ana has this open').waitFor({ state: 'detached', timeout: 30_000 });

  // Turned off, a new deposit no longer counts in the title.
  await bea.getByRole('button', { name: 'Alerts: on' }).click();
  await bea.getByRole('button', { name: 'Alerts: off' }).waitFor();
  await bea.evaluate(seenAs('hidden'));
  await bea.getByRole('button', { name: 'Back to the queue' }).click();
  await depositByUser(user, token);
  await bea.locator('.tabs .count').first().getByText('2', { exact: true }).waitFor({ timeout: 10_000 });
  assert.is(await bea.title(), 'Operator console');
  assert.equal(errorsOf(bea), []);
  await bea.close();
}));

test('an operator finds the user by phone or name, adjusts the balance with a reason, and the user\'s open app shows it', traced(async () => {
  const before = money(await accountFigure(user, 'Balance').innerText());
  await page.getByRole('tab', { name: 'Users' }).click();
  const search = page.getByRole('search');
  await search.getByLabel('Name, phone, e-mail or id').fill('demo01');
  await search.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: /demo01/ }).click();
  const card = page.getByRole('article', { name: 'demo01' });
  await card.getByText('Balance history').waitFor();
  await card.getByText('Recent logins').click();
  await card.locator('.logins li').first().getByText('127.0.0.1').waitFor();
  await screenshot(page, 'console-user-en');
  await page.locator('select[aria-label=Language]').selectOption('ar');
  await card.getByText('سجل الرصيد').waitFor();
  await screenshot(page, 'console-user-ar');
  await page.locator('select[aria-label=Language]').selectOption('en');

  await card.getByLabel('Amount (+ adds, − takes)').fill('abc');
  await card.getByLabel('Reason').fill('Goodwill for the delay');
  await card.getByRole('button', { name: 'Adjust the balance' }).click();
  await card.getByRole('alert').waitFor();
  assert.is(await card.getByLabel('Reason').inputValue(), 'Goodwill for the delay', 'the form keeps what was typed');
  await card.getByLabel('Amount (+ adds, − takes)').fill('+5');
  await card.getByRole('button', { name: 'Adjust the balance' }).click();
  const question = page.getByRole('dialog', { name: 'Check before you decide' });
  await question.getByText('The user’s balance changes by +$5.').waitFor();
  await question.getByText('Goodwill for the delay').waitFor();
  await question.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name=reason]')?.value === '');
  for (let i = 0; i < 30 && money(await accountFigure(user, 'Balance').innerText()) !== before + 5; i++) await user.waitForTimeout(500);
  assert.is(money(await accountFigure(user, 'Balance').innerText()), before + 5);

  await page.getByRole('tab', { name: 'Audit log' }).click();
  await page.getByLabel('User', { exact: true }).fill('demo01');
  await page.getByLabel('Action').selectOption('user.balance');
  await page.getByRole('button', { name: 'Filter' }).click();
  // The unfiltered log holds the same row: wait for the filtered answer, not for the row.
  await page.waitForFunction(() => document.querySelectorAll('.audit tbody tr').length === 1, null, { timeout: 10_000 });
  await page.locator('.audit tbody tr').filter({ hasText: 'Goodwill for the delay' }).waitFor();
  await screenshot(page, 'console-audit-filter-en');
  await page.locator('select[aria-label=Language]').selectOption('ar');
  await screenshot(page, 'console-audit-filter-ar');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'a long change wraps instead of widening the page');
  await page.locator('select[aria-label=Language]').selectOption('en');
  assert.equal(errorsOf(page), []);
}));

test('content: a notice in every language side by side; a missing translation, once written, reaches the app', traced(async () => {
  // A notice just written from the command line: only its English original exists.
  const res = await fetch(new URL('/admin/notice', consoleUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [KEY_HEADER]: loadOperatorKey(server.dataDir) },
    body: JSON.stringify({ title: 'Maintenance tonight', content: 'Trading pauses from 02:00 to 03:00 UTC.' }),
  });
  assert.is(res.status, 200);
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.locator('.queue button').filter({ hasText: 'Maintenance tonight' }).click();
  await screenshot(page, 'console-content-en');
  const missing = page.locator('form.lang').filter({ hasText: 'missing' }).first();
  const lang = (await missing.getAttribute('aria-label'))!;
  assert.ok(lang && lang !== 'en', lang);
  await page.locator('select[aria-label=Language]').selectOption('ar');
  await page.getByText('غير مترجم').first().waitFor();
  await screenshot(page, 'console-content-ar');
  await page.locator('select[aria-label=Language]').selectOption('en');
  const form = page.getByRole('form', { name: lang, exact: true });
  await form.getByLabel('Title').fill(`Title in ${lang}`);
  await form.getByLabel('Text').fill(`Text in ${lang}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByRole('button', { name: 'Saved' }).waitFor();
  await form.getByText('missing').waitFor({ state: 'detached' });
  const notices = (await (await fetch(`${server.url}/prod-api/h5/symbol/getNoticeList?lang=${lang}`)).json()) as { data: Array<{ title: string }> };
  assert.ok(notices.data.some((n) => n.title === `Title in ${lang}`), JSON.stringify(notices.data));
  assert.equal(errorsOf(page), []);
}));

test('settings: a value against its rule is refused with the reason; a good one is saved', traced(async () => {
  await page.getByRole('tab', { name: 'Settings' }).click();
  const field = page.getByLabel('starCount', { exact: true });
  const row = page.locator('form.setting').filter({ has: field });
  await row.getByText('How many stars hide a card or account number on the user’s screens.').waitFor();
  await row.getByText('a whole number from 0 to 20 · Default: 5').waitFor();
  await field.fill('many');
  await row.getByRole('button', { name: 'Save' }).click();
  await row.getByRole('alert').getByText('starCount must be a whole number from 0 to 20').waitFor();
  assert.is(await field.inputValue(), 'many', 'the form keeps what was typed');
  await screenshot(page, 'console-settings-en');
  await page.locator('select[aria-label=Language]').selectOption('ar');
  await row.getByText('عدد النجوم التي تخفي رقم البطاقة أو الحساب في شاشات المستخدم.').waitFor();
  await row.getByRole('button', { name: 'حفظ' }).click();
  await row.getByRole('alert').getByText('المسموح به في starCount: عدد صحيح من 0 إلى 20').waitFor();
  await screenshot(page, 'console-settings-ar');
  await page.locator('select[aria-label=Language]').selectOption('en');
  await field.fill('6');
  await row.getByRole('button', { name: 'Save' }).click();
  await row.getByRole('button', { name: 'Saved' }).waitFor();
  await field.fill('5');
  await row.getByRole('button', { name: 'Save' }).click();
  await row.getByRole('button', { name: 'Saved' }).waitFor();
  assert.equal(errorsOf(page), []);
}));

/** Signs `name` in on a new page of the console. */
async function signedIn(name: string, of: string, used = new Set<number>()): Promise<Page> {
  const p = await newMobilePage(browser, { locale: 'en-US' });
  await p.goto(consoleUrl);
  await p.getByLabel('Operator name').fill(name);
  await p.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await p.getByLabel('Code from the authenticator app').fill(await nextCode(used, of));
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.getByRole('tab', { name: /Deposits/ }).waitFor();
  return p;
}

test('four eyes: a large adjustment by one operator waits until a second approves it; a viewer sees no money buttons', traced(async () => {
  const before = money(await accountFigure(user, 'Balance').innerText());
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('search').getByLabel('Name, phone, e-mail or id').fill('demo01');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: /demo01/ }).click();
  const card = page.getByRole('article', { name: 'demo01' });
  assert.match(page.url(), /#users\/\d+$/, 'the user\'s page is in the address');
  await card.getByLabel('Amount (+ adds, − takes)').fill('+2500');
  await card.getByLabel('Reason').fill('Bank transfer 8812');
  await card.getByRole('button', { name: 'Adjust the balance' }).click();
  const question = page.getByRole('dialog', { name: 'Check before you decide' });
  await question.getByText('Above $1,000: this waits for a second operator’s approval.').waitFor();
  await question.getByText('+$2,500', { exact: true }).waitFor();
  await question.getByRole('button', { name: 'Confirm' }).click();
  await card.getByRole('status').getByText('Waits for a second operator’s approval (Second approval tab).').waitFor();
  assert.is(money(await accountFigure(user, 'Balance').innerText()), before, 'nothing moved yet');
  // Ana cannot approve her own: her item offers only taking it back.
  await page.getByRole('tab', { name: 'Second approval' }).click();
  const mine = page.getByRole('listitem', { name: 'Balance adjustment demo01' });
  await mine.getByRole('button', { name: 'Take back' }).waitFor();
  assert.is(await mine.getByRole('button', { name: 'Approve' }).count(), 0);

  const bea = await signedIn('bea', beaSecret, beaSteps);
  await bea.getByRole('tab', { name: 'Second approval' }).click();
  const item = bea.getByRole('listitem', { name: 'Balance adjustment demo01' });
  await item.getByText('Proposed by ana', { exact: false }).waitFor();
  await item.getByText('+$2,500', { exact: true }).waitFor();
  await screenshot(bea, 'console-proposals-en');
  await item.getByRole('button', { name: 'Approve' }).click();
  const second = bea.getByRole('dialog', { name: 'Check before you decide' });
  await second.getByText('You are the second operator: this is carried out now.').waitFor();
  await second.getByRole('button', { name: 'Confirm' }).click();
  await item.waitFor({ state: 'detached' });
  for (let i = 0; i < 30 && money(await accountFigure(user, 'Balance').innerText()) !== before + 2500; i++) await user.waitForTimeout(500);
  assert.is(money(await accountFigure(user, 'Balance').innerText()), before + 2500);

  await bea.getByRole('tab', { name: 'Audit log' }).click();
  const row = bea.locator('.audit tbody tr').filter({ hasText: 'user.balance' }).first();
  await row.getByText('(proposed by ana)').waitFor();
  assert.match(await row.innerText(), /bea/);
  assert.match(await row.innerText(), /demo01/);
  assert.match(await row.innerText(), /\$2,500/);
  assert.match(await row.innerText(), /Bank transfer 8812/);
  assert.equal(errorsOf(bea), []);
  await bea.close();
  // Ana's list still offers to take it back: the server answers that it is decided, in her language.
  await page.locator('select[aria-label=Language]').selectOption('ar');
  const mineAr = page.getByRole('listitem', { name: 'تعديل الرصيد demo01' });
  await mineAr.getByRole('button', { name: 'سحب الاقتراح' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
  await mineAr.getByRole('alert').getByText('تم البت في هذا الاقتراح أو سحبه من قبل').waitFor();
  await page.locator('select[aria-label=Language]').selectOption('en');

  // A viewer, as `operator add` makes one by default: reads, and is offered nothing to decide.
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/operator/cli/cli.ts', 'operator', 'add', 'vic', '--password', PASSWORD], { env: { ...process.env, DATA_DIR: server.dataDir } });
  assert.match(stdout, /roles: viewer/);
  const vicSecret = new URL(/otpauth:\/\/totp\/\S+/.exec(stdout)![0]).searchParams.get('secret')!;
  const vic = await newMobilePage(browser, { locale: 'en-US' });
  await vic.goto(consoleUrl);
  const password = vic.getByLabel('Password', { exact: true });
  await password.fill(PASSWORD);
  assert.is(await password.getAttribute('type'), 'password');
  await vic.getByLabel('Show the password').check();
  assert.is(await password.getAttribute('type'), 'text', 'the password can be shown');
  await vic.getByLabel('Operator name').fill('vic');
  await vic.getByLabel('Code from the authenticator app').fill(await nextCode(new Set(), vicSecret));
  await vic.getByRole('button', { name: 'Sign in' }).click();
  await vic.getByRole('tab', { name: 'Audit log' }).waitFor();
  for (const hidden of ['Content', 'Settings', 'Operators']) assert.is(await vic.getByRole('tab', { name: hidden }).count(), 0, `${hidden} is hidden`);
  await vic.goto(consoleUrl + '#users');
  await vic.reload();
  await vic.getByRole('search').getByLabel('Name, phone, e-mail or id').fill('demo01');
  await vic.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await vic.getByRole('button', { name: /demo01/ }).click();
  await vic.getByRole('article', { name: 'demo01' }).getByText('Balance history').waitFor();
  assert.is(await vic.getByRole('button', { name: 'Adjust the balance' }).count(), 0);
  assert.is(await vic.getByRole('button', { name: 'Send the message' }).count(), 0);
  assert.equal(errorsOf(vic), []);
  // Whatever the page sends, the server refuses it too.
  const refused = await vic.evaluate(() =>
    fetch('/console/api/settings', { method: 'POST', headers: { 'content-type': 'application/json', 'x-console': '1' }, body: JSON.stringify({ key: 'starCount', value: '6' }) }).then((r) => r.json()),
  );
  assert.is((refused as { key: string }).key, 'console.role');
  await vic.close();
}));

/** The demo user's API, with the token of the open app. */
async function userApi(url: string, body?: unknown, query?: Record<string, string | number>): Promise<{ code: number; msg: string; data: unknown }> {
  const res = await fetch(server.url + '/prod-api' + url + (query ? '?' + new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])) : ''), {
    method: body === undefined && !query ? 'GET' : 'POST',
    headers: { authorization: 'Bearer ' + token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

const operatorCommand = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'server/operator/cli/cli.ts', ...args], { env: { ...process.env, DATA_DIR: server.dataDir } });

test('a payout waiting for a second operator is marked in the withdrawal queue with who proposed it', traced(async () => {
  // A small line, so that a withdrawal the demo account may make is above it.
  await operatorCommand('config', 'set', 'fourEyes.above', '50');
  try {
    const card = await userApi('/h5/expenses/bindCard', { kind: 'bank', payee: 'Ana Souza', bankCode: '001', cardNo: '1234567811' });
    assert.is(card.code, 200, card.msg);
    const placed = await userApi('/h5/expenses/submitExpenses', { methodId: (card.data as { id: number }).id, amount: '100', fundPassword: DEMO_FUND_PASSWORD });
    assert.is(placed.code, 200, placed.msg);
    const { orderNo } = placed.data as { orderNo: string };

    const bea = await signedIn('bea', beaSecret, beaSteps);
    await bea.getByRole('tab', { name: /Withdrawals/ }).click();
    const theirs = bea.getByRole('listitem', { name: orderNo });
    await theirs.waitFor({ timeout: 40_000 });
    assert.is(await fact(theirs, 'Payee receives').innerText(), '$100', 'a bank card is paid the amount, in dollars; the fee is on top');
    assert.is(await theirs.locator('.proposed').count(), 0, 'nothing is proposed yet');

    await page.getByRole('tab', { name: /Withdrawals/ }).click();
    const item = page.getByRole('listitem', { name: orderNo });
    await item.getByRole('combobox', { name: 'Move to' }).selectOption('paid');
    await item.getByRole('button', { name: 'Move to: paid' }).click();
    const question = page.getByRole('dialog', { name: 'Check before you decide' });
    await question.getByRole('button', { name: 'Confirm' }).click();
    const marker = 'Payout proposed by ana: waits for a second operator’s approval (Second approval tab).';
    await item.getByRole('status').getByText(marker).waitFor();

    // The other operator's open queue shows it without a reload, in their language too.
    await theirs.getByRole('status').getByText(marker).waitFor();
    await screenshot(bea, 'console-withdrawal-proposed-en');
    await bea.locator('select[aria-label=Language]').selectOption('ar');
    await theirs.getByRole('status').getByText('اقترح ana الدفع: ينتظر موافقة مشغّل ثانٍ (تبويب الموافقة الثانية).').waitFor();
    await bea.locator('select[aria-label=Language]').selectOption('en');
    assert.equal(errorsOf(bea), []);
    await bea.close();
  } finally {
    await operatorCommand('config', 'set', 'fourEyes.above', '1000');
  }
}));

test('a user\'s page reads their records as words: order status and direction, bill type, method kind; amounts with the money\'s symbol and grouping', traced(async () => {
  const plays = (await userApi('/h5/symbol/getPlays')).data as Array<{ id: number; seconds: number }>;
  const symbol = ((await userApi('/h5/symbol/getHomeTickerList')).data as Array<{ symbol: string }>)[0]!.symbol;
  const order = await userApi('/h5/order/saveContactOrder', undefined, { symbol, playId: plays[0]!.id, direction: 'up', amount: '41' });
  assert.is(order.code, 200, order.msg);

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('search').getByLabel('Name, phone, e-mail or id').fill('demo01');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: /demo01/ }).click();
  const card = page.getByRole('article', { name: 'demo01' });
  await card.getByText('Orders').click();
  const orderLine = card.locator('.lines li').filter({ hasText: symbol.toUpperCase() }).first();
  assert.match(await orderLine.innerText(), /buy up \$41 · open/, 'direction and status in words, the amount with its symbol');
  await card.getByText('Balance history').click();
  const bill = card.locator('.lines li').filter({ hasText: 'order placed' }).first();
  assert.match(await bill.innerText(), /order placed -\$41 → \$\d{1,3}(,\d{3})+/, 'the bill\'s type in words; the balance after it grouped');
  await card.getByText('Payment methods').click();
  await card.locator('.lines li').filter({ hasText: '1234567811' }).getByText('bank card').waitFor();
  await screenshot(page, 'console-user-records-en');

  await page.locator('select[aria-label=Language]').selectOption('pt-BR');
  await orderLine.getByText(/comprar alta/).waitFor();
  assert.match(await orderLine.innerText(), /comprar alta \$41 · aberta/, 'in the operator\'s language');
  await card.locator('.lines li').filter({ hasText: 'ordem aberta' }).first().waitFor();
  await page.locator('select[aria-label=Language]').selectOption('en');
  assert.equal(errorsOf(page), []);
}));

test('the console\'s API does not answer without a session, and the page is not on the public server', traced(async () => {
  const api = new URL('api/deposits', consoleUrl).href;
  assert.is((await fetch(api)).status, 401);
  const pub = await fetch(server.url + '/console/api/deposits');
  assert.not.equal(pub.headers.get('content-type'), 'application/json; charset=utf-8', 'the public server has no console API');
}));

test.run();
