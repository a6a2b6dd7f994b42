/**
 * docs/rules.md#booked-money-shown: with the demo's whole-unit money display, the cents the
 * platform books (a payout of 45.10, an operator credit of 0.10, a day's savings interest of
 * 1.0005) show on every money screen exactly, in English, Arabic and Brazilian Portuguese, and
 * in the operator console; "All" moves and withdraws them, leaving 0.
 */
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { INFO_FILE } from '../../server/operator/api/key.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import { DEMO_FUND_PASSWORD, DEMO_USERNAME } from '../../server/seed/content.ts';
import type { ContractOrder, FinanceHolding, FinanceProduct, Page as ListPage, SavingsSummary, UserInfo } from '../../src/shared/contract.ts';
import { cmp, sub, trimZeros } from '../../src/shared/decimal.ts';
import { browserSuite, demoToken, errorsOf, newMobilePage, operatorCall, screenshot, startSignedIn, traced, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('booked money: every figure shows what was booked, to the cent, in every language; "All" strands nothing', {
  server: { env: { NODE_ENV: 'test', TEST_CLOCK: '1' } },
});
const run = promisify(execFile);
const LANGUAGES = ['en', 'ar', 'pt-BR'] as const;

let token = '';
let key = 0;

/** The demo user's API call, as the app makes it (money submits with their Idempotency-Key). */
async function api<T>(method: 'GET' | 'POST', url: string, opts: { body?: unknown; query?: Record<string, string | number> } = {}): Promise<T> {
  const q = opts.query ? '?' + new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) : '';
  const res = await fetch(stage.server.url + '/prod-api' + url + q, {
    method,
    headers: {
      authorization: 'Bearer ' + token,
      clientId: 'app',
      'Idempotency-Key': 'booked-' + ++key,
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const env = (await res.json()) as { code: number; data: T; msg: string };
  assert.is(env.code, 200, `${method} ${url}: ${env.msg}`);
  return env.data;
}

const admin = <T = unknown>(route: string, body: unknown) => operatorCall<T>(stage.server, 'POST', route, body);
const userInfo = () => api<UserInfo>('POST', '/h5/user/getUserInfo');
const savings = () => api<SavingsSummary>('GET', '/h5/user/yesterdayProfit');

/** Moves the server's clock and waits until `done` holds (the jobs check every 2 s). */
async function after<T>(advanceMs: number, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  await admin('/test/clock', { advanceMs });
  for (let i = 0; i < 40; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not get there after the clock moved');
}

/** What the platform booked, in the test's words: the payout, the profit, the credit, the interest, the holding. */
const booked = { payout: '', profit: '', credit: '0.1', interest: '', holding: '', holdingIncome: '' };

test('the platform books cents: a 1-minute win of 41 at 10 %, an operator credit of 0.10, savings interest, a holding', traced(async () => {
  token = await demoToken(stage.server.url);
  const plays = await api<Array<{ id: number; seconds: number; rate: string }>>('GET', '/h5/symbol/getPlays');
  const play = plays.find((p) => p.seconds === 60)!;
  assert.is(play.rate, '10');
  const symbol = (await api<Array<{ symbol: string }>>('GET', '/h5/symbol/getHomeTickerList'))[0]!.symbol;
  // Up and down at once: one of them wins unless the price stands still (then again).
  let win: ContractOrder | undefined;
  for (let attempt = 0; attempt < 3 && !win; attempt++) {
    const placed: string[] = [];
    for (const direction of ['up', 'down']) {
      placed.push((await api<ContractOrder>('POST', '/h5/order/saveContactOrder', { query: { symbol, playId: play.id, direction, amount: '41' } })).orderNo);
    }
    const closed = await after(
      61_000,
      () => api<ListPage<ContractOrder>>('GET', '/h5/order/myOrderList', { query: { tab: 'all', pageNum: 1, pageSize: 20 } }),
      (p) => placed.every((n) => p.rows.some((o) => o.orderNo === n && o.status !== 'open')),
    );
    win = closed.rows.find((o) => placed.includes(o.orderNo) && o.result === 'win');
  }
  assert.ok(win, 'three pairs of orders settled without a win');
  assert.equal([trimZeros(win!.payout!), trimZeros(win!.profit!)], ['45.1', '4.1']);
  booked.payout = '45.1';
  booked.profit = '4.1';

  await admin('/balance', { username: DEMO_USERNAME, amount: '0.10', reason: 'Cents owed' });

  // 2,001 × 0.05 % a day = 1.0005, paid once the first whole day has passed.
  await api('POST', '/h5/user/openProfit', { body: { direction: 'in', amount: '2001' } });
  const paid = await after(2 * 86_400_000, savings, (s) => cmp(s.cumulativeIncome, 0) > 0);
  assert.is(trimZeros(paid.cumulativeIncome), '1.0005');
  booked.interest = '1.0005';

  const horizon = (await api<FinanceProduct[]>('GET', '/h5/licai/getSellProductList')).find((p) => p.name === 'Horizon 15')!;
  const holding = await api<FinanceHolding>('POST', '/h5/licai', { body: { productId: horizon.id, amount: '512.34' } });
  booked.holding = trimZeros(holding.amount);
  // 512.34 × 0.45 % × 15 days.
  assert.is(trimZeros(holding.estimatedIncome), '34.58295');
  booked.holdingIncome = '34.58295';
}));

/** `v` (a plain decimal) as the language writes it with all its decimals: what a screen must contain. */
const numberIn = (p: Page, language: string, v: string) =>
  p.evaluate(
    ([lang, value]) => {
      const d = value.includes('.') ? value.length - value.indexOf('.') - 1 : 0;
      return new Intl.NumberFormat(lang, { minimumFractionDigits: d, maximumFractionDigits: d }).format(value as unknown as number).replace(/[\u200e\u200f\u061c]/g, '');
    },
    [language, v] as const,
  );

const screenText = (p: Page, scope: string) =>
  p.locator(scope).evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText).join('\n').replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, ''));

/** Opens `route` and waits until `scope` shows each amount exactly as `language` writes it. */
async function shows(p: Page, language: string, route: string, scope: string, amounts: Record<string, string>) {
  await p.goto(stage.server.url + route);
  await waitForApp(p);
  const want = Object.fromEntries(await Promise.all(Object.entries(amounts).map(async ([k, v]) => [k, await numberIn(p, language, trimZeros(v))] as const)));
  let text = '';
  for (let i = 0; i < 40; i++) {
    text = await screenText(p, scope);
    if (Object.values(want).every((w) => text.includes(w))) break;
    await p.waitForTimeout(250);
  }
  for (const [what, w] of Object.entries(want)) assert.ok(text.includes(w), `${language} ${route}: ${what} shows as ${w}; the screen says:\n${text}`);
  await screenshot(p, `booked-${route.slice(1).replace(/\W+/g, '-')}-${language}`);
}

/** The visible screen: tab screens and kept pages stay mounted, hidden, behind it. */
const MAIN = '.app > main:not([hidden])';

for (const language of LANGUAGES) {
  test(`${language}: balance, totals, bills, results, savings, holdings and the order preview show every booked cent`, traced(async () => {
    const info = await userInfo();
    const s = await savings();
    assert.ok(/\.\d*[1-9]/.test(info.balance), 'the balance has cents: ' + info.balance);
    const p = await newMobilePage(stage.browser, { locale: language });
    await startSignedIn(p, token, language);
    await shows(p, language, '/user', '.acct-money', { balance: info.balance, 'total assets': info.totalAssets, 'total income': info.totalIncome });
    // Every digit shown is a longer figure: none may break across lines or leave the card at 360 px.
    const misfits = await p.locator('.acct-money dd .num').evaluateAll((els) => {
      const card = els[0]!.closest('.acct')!.getBoundingClientRect();
      return els.filter((e) => e.getClientRects().length > 1 || e.getBoundingClientRect().right > card.right || e.getBoundingClientRect().left < card.left).map((e) => e.textContent);
    });
    assert.equal(misfits, [], `${language}: each account figure on one line inside the card`);
    await shows(p, language, '/walletRecord', MAIN, { payout: booked.payout, credit: booked.credit, interest: booked.interest });
    await shows(p, language, '/orderList?tab=all', MAIN, { payout: booked.payout, profit: booked.profit });
    await shows(p, language, '/yuebao', MAIN, {
      'savings balance': s.balance,
      'cumulative income': s.cumulativeIncome,
      total: s.total,
      'what may move in': info.balance,
    });
    await shows(p, language, '/yuebaodetail', MAIN, { interest: booked.interest });
    await shows(p, language, '/myFinancial?tab=holding', MAIN, { holding: booked.holding, 'estimated income': booked.holdingIncome });
    await shows(p, language, '/trade', '.op-info', { available: info.balance });
    // A preview is exact too: 41 at 10 % is an estimated income of 4.1, not 4.
    await p.locator('.op input').fill('41');
    await p.locator('.op-info .up').getByText(await numberIn(p, language, '4.1')).waitFor();
    assert.equal(errorsOf(p), []);
    await p.close();
  }));
}

test('the operator console shows the balance and its bills exactly, in en, ar and pt-BR', traced(async () => {
  const password = 'booked money console';
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/operator/cli/cli.ts', 'operator', 'add', 'cora', '--password', password], {
    env: { ...process.env, DATA_DIR: stage.server.dataDir },
  });
  const secret = new URL(/otpauth:\/\/totp\/\S+/.exec(stdout)![0]).searchParams.get('secret')!;
  const { port } = JSON.parse(await readFile(path.join(stage.server.dataDir, INFO_FILE), 'utf8')) as { port: number };
  const p = await newMobilePage(stage.browser, { locale: 'en-US' });
  await p.goto(`http://127.0.0.1:${port}/console/`);
  await p.getByLabel('Operator name').fill('cora');
  await p.getByLabel('Password', { exact: true }).fill(password);
  // The code of the server's time, which the test clock moved days ahead.
  const { now } = await admin<{ now: number }>('/test/clock', { advanceMs: 0 });
  await p.getByLabel('Code from the authenticator app').fill(codeAt(secret, stepAt(now)));
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.getByRole('tab', { name: 'Users' }).click();
  const search = p.getByRole('search');
  await search.getByLabel('Name, phone, e-mail or id').fill(DEMO_USERNAME);
  await search.getByRole('button', { name: 'Search' }).click();
  await p.getByRole('button', { name: new RegExp(DEMO_USERNAME) }).click();
  const card = p.getByRole('article', { name: DEMO_USERNAME });
  await card.getByText('Balance history').click();
  const info = await userInfo();
  for (const language of LANGUAGES) {
    if (language !== 'en') await p.locator('select[aria-label]').first().selectOption(language);
    const want = { balance: info.balance, payout: booked.payout, credit: booked.credit, interest: booked.interest };
    let text = '';
    for (let i = 0; i < 40; i++) {
      text = (await card.innerText()).replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '');
      const all = await Promise.all(Object.values(want).map(async (v) => text.includes(await numberIn(p, language, trimZeros(v)))));
      if (all.every(Boolean)) break;
      await p.waitForTimeout(250);
    }
    for (const [what, v] of Object.entries(want)) {
      const w = await numberIn(p, language, trimZeros(v));
      assert.ok(text.includes(w), `console in ${language}: ${what} shows as ${w}; the card says:\n${text}`);
    }
    await screenshot(p, `booked-console-${language}`);
  }
  assert.equal(errorsOf(p), []);
  await p.close();
}));

test('"All" moves the exact balance into savings and back, and withdraws all of it: nothing is left behind', traced(async () => {
  const p = await newMobilePage(stage.browser);
  await startSignedIn(p, token, 'en');
  await p.goto(stage.server.url + '/yuebao');
  await waitForApp(p);
  const field = p.getByLabel('Amount', { exact: true });
  const wallet = trimZeros((await userInfo()).balance);
  await p.locator('form').getByRole('button', { name: 'All' }).click();
  assert.is(await field.inputValue(), wallet, 'the exact balance, cents and all, though only whole amounts may be typed');
  await p.locator('form').getByRole('button', { name: 'Move in' }).click();
  await p.locator('.notify').getByText(/moved|savings/i).first().waitFor();
  assert.is(cmp((await userInfo()).balance, 0), 0, 'moving the whole balance leaves 0');

  await p.getByRole('tab', { name: 'Move out' }).click();
  await p.locator('form').getByRole('button', { name: 'All' }).click();
  const inSavings = trimZeros((await savings()).balance);
  assert.is(await field.inputValue(), inSavings);
  await p.locator('form').getByRole('button', { name: 'Move out' }).click();
  for (let i = 0; i < 40 && cmp((await savings()).balance, 0); i++) await p.waitForTimeout(250);
  assert.is(cmp((await savings()).balance, 0), 0, 'moving all of the savings out leaves 0');

  // A balance a withdrawal can take whole: 60.1005, of which 59.1005 is paid out and 1 is the fee.
  const { balance } = await userInfo();
  await admin('/balance', { username: DEMO_USERNAME, amount: sub('60.1005', balance), reason: 'Leave a small balance' });
  await api('POST', '/h5/expenses/bindCard', { body: { kind: 'bank', payee: 'Ana Souza', bankCode: 'VISA', cardNo: '4111111111111111' } });
  await p.goto(stage.server.url + '/withdraw');
  await p.getByText('Fee rule').waitFor();
  await p.getByRole('radio').first().check();
  await p.locator('form').getByRole('button', { name: 'All' }).click();
  assert.is(await field.inputValue(), '59.1005', 'the most whose amount and fee the balance covers');
  await p.locator('.form .mrows div').filter({ hasText: 'Taken from balance' }).locator('dd').getByText('$60.1005').waitFor();
  await p.getByLabel('Fund password', { exact: true }).fill(DEMO_FUND_PASSWORD);
  await p.getByRole('button', { name: 'Withdraw now' }).click();
  await p.getByRole('dialog', { name: 'Confirm the withdrawal' }).getByRole('button', { name: 'Confirm' }).click();
  await p.waitForURL((u) => u.pathname === '/withdrawDetail');
  assert.is(cmp((await userInfo()).balance, 0), 0, 'withdrawing all of it leaves 0');
  assert.equal(errorsOf(p), []);
  await p.close();
}));

test.run();
