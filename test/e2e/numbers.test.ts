import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { browserSuite, errorsOf, hasSignedInHint, loginAsDemo, newMobilePage, operatorCall, screenshot, startSignedIn, traced, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('numbers, amounts and dates: the language\'s format in left-to-right runs, the amount field, an ended session, visitors', { server: { env: { NODE_ENV: 'test', TEST_CLOCK: '1' } } });

/** The demo user's session, for the pages in other languages. */
let token = '';

/** One call to the operator API (only on 127.0.0.1, with the key in the data folder). */
const admin = (method: 'POST' | 'PUT', route: string, body: unknown) => operatorCall(stage.server, method, route, body);
const setConfig = (key: string, value: string) => admin('PUT', '/config', { key, value });

const amountField = (p: Page) => p.locator('.op input');
const fieldMessage = (p: Page) => p.locator('.op .field [role=alert]');
const balanceText = (p: Page) => p.locator('.op-info div').first().locator('dd').innerText();
/** The number in a text, whatever the language writes around it (`$9,950`, `9.950 $`). */
const digits = (text: string) => text.replace(/[^\d]/g, '');

/** A page of the demo session in `language` on `route`. */
const pageIn = async (language: string, route: string): Promise<Page> => {
  const p = await newMobilePage(stage.browser, { locale: language });
  await startSignedIn(p, token, language);
  await p.goto(stage.server.url + route);
  await waitForApp(p);
  return p;
};

/**
 * Left edges of the visible characters of an element's text as laid out: in a left-to-right run
 * each character stands right of the one before it (format characters have no box and are skipped).
 */
const charLefts = (l: Locator) =>
  l.evaluate((el) => {
    const out: [string, number][] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent || '';
      for (let i = 0; i < text.length; i++) {
        if (/[\s\u200e\u200f\u2066-\u2069\u061c]/.test(text[i]!)) continue;
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const box = r.getBoundingClientRect();
        if (box.width > 0) out.push([text[i]!, box.left]);
      }
    }
    return out;
  });

/** Asserts that the characters of `l` read left to right in the order of its text. */
const readsLeftToRight = async (l: Locator, what: string) => {
  const chars = await charLefts(l);
  assert.ok(chars.length > 1, what + ': has text');
  for (let i = 1; i < chars.length; i++) {
    assert.ok(chars[i]![1] > chars[i - 1]![1], `${what}: "${chars.map((c) => c[0]).join('')}", ${chars[i]![0]} after ${chars[i - 1]![0]}`);
  }
};

/** The money text Intl writes for `value` in `language`, with the configured `$` (what the app must show). */
const intlMoney = (p: Page, language: string, value: number, sign = false) =>
  p.evaluate(
    ([lang, v, s]) =>
      new Intl.NumberFormat(lang as string, {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 0,
        signDisplay: s ? 'exceptZero' : 'auto',
      })
        .formatToParts(v as number)
        .map((x) => (x.type === 'currency' ? '$' : x.value))
        .join('')
        .replace(/[\u200e\u200f]/g, ''),
    [language, value, sign] as const,
  );

const clean = (s: string) => s.replace(/[\u200e\u200f\u2066-\u2069]/g, '');

/** Places an order of `amount` in the English page and waits for its success banner. */
const order = async (p: Page, amount: string, direction: 'Buy up' | 'Buy down') => {
  await amountField(p).fill(amount);
  await p.getByRole('button', { name: direction }).click();
  await p.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await p.locator('.notify').getByText('Investment success').last().waitFor();
};

test('the amount field keeps what was typed or pasted and says why it cannot be ordered (0 money decimals)', traced(async () => {
  const p = await newMobilePage(stage.browser);
  token = await loginAsDemo(p, stage.server.url, '/trade');
  await p.getByRole('radio', { name: /^1 min/ }).click();
  const field = amountField(p);

  // The five forms and both money settings are in amounts.test.ts; here the keyboard of a phone.
  await field.click();
  await p.keyboard.type('15.75');
  assert.is(await field.inputValue(), '15.75', 'nothing is dropped: 15.75 is not 1575');
  assert.is(await fieldMessage(p).innerText(), 'Whole amounts only, without decimals');
  await p.getByRole('button', { name: 'Buy up' }).click();
  assert.is(await p.getByRole('dialog').count(), 0, 'no confirmation for an amount that cannot be ordered');
  assert.is(await fieldMessage(p).innerText(), 'Whole amounts only, without decimals', 'the reason stays');
  await field.fill('');
  await field.focus();
  await p.evaluate(() => document.execCommand('insertText', false, '٥٠'));
  assert.is(await field.inputValue(), '٥٠', 'Arabic-Indic digits are kept as typed');
  assert.is(await fieldMessage(p).count(), 0, 'and read as 50');

  // What is typed is what is confirmed, debited and recorded.
  const before = Number(digits(await balanceText(p)));
  await p.getByRole('button', { name: 'Buy up' }).click();
  const dialog = p.getByRole('dialog');
  assert.match(clean(await dialog.innerText()), /for \$50, expiry 1 min/);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await p.locator('.notify').getByText('Investment success').waitFor();
  await p.waitForFunction(
    (expected) => document.querySelector('.op-info dd')!.textContent!.replace(/\D/g, '') === expected,
    String(before - 50),
  );
  await p.locator('.pos li').first().locator('.pr-end .num').getByText('$50', { exact: true }).waitFor();
  assert.equal(errorsOf(p), []);
  await p.close();
}));

test('with 2 money decimals and a ratio of 2, in Portuguese: typed, confirmed, debited and recorded are one number', traced(async () => {
  await setConfig('moneyDecimals', '2');
  await setConfig('moneyRatio', '2');
  try {
    await ratioOrder();
  } finally {
    await setConfig('moneyDecimals', '0');
    await setConfig('moneyRatio', '1');
  }
}));

const ratioOrder = async () => {
  const p = await pageIn('pt-BR', '/trade');
  await p.getByRole('radio', { name: /^1 min/ }).click();
  const field = amountField(p);
  // Limits: platform 10 to 5,000, shown ×2 in the Brazilian format.
  assert.is(clean(await p.locator('.op-hint').innerText()), 'Valor de $\u00a020,00 a $\u00a010.000,00');

  await field.click();
  await p.keyboard.type('1,,');
  assert.is(await field.inputValue(), '1,,', 'kept as typed');
  assert.is(await fieldMessage(p).innerText(), 'Apenas um separador decimal');
  await field.fill('');
  await p.keyboard.type('25,999');
  assert.is(await field.inputValue(), '25,999');
  assert.is(await fieldMessage(p).innerText(), 'No máximo 2 casas decimais');

  await field.fill('');
  await p.keyboard.type('25,5');
  const before = await balanceText(p);
  await p.getByRole('button', { name: 'Comprar em alta' }).click();
  const dialog = p.getByRole('dialog');
  assert.match(clean(await dialog.innerText()), /\$\u00a025,50/, 'the confirmation shows the typed amount');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await p.locator('.pos li').first().locator('.pr-end .num').getByText('$\u00a025,50', { exact: true }).waitFor();
  // The platform booked 12.75; the balance shown (×2) fell by exactly what was typed.
  const cents = (s: string) => Number(digits(s));
  await p.waitForFunction(
    (expected) => Number(document.querySelector('.op-info dd')!.textContent!.replace(/\D/g, '')) === expected,
    cents(before) - 2550,
  );
  await p.goto(stage.server.url + '/orderList?tab=all');
  const card = p.locator('.oc').first();
  await card.waitFor();
  assert.is(clean(await card.locator('div').filter({ hasText: /^Valor do investimento/ }).locator('dd').innerText()), '$\u00a025,50');
  await screenshot(p, 'numbers-pt-BR-order-list');
  await p.close();
};

/**
 * The two newest closed orders: the pair just placed. Older orders of this file (the 50 and the
 * 12.75 above) settle with the same clock step and may be losses of their own.
 */
const thePair = (p: Page) => p.locator('.pos li:nth-child(-n+2)');

/** Orders up and down at once and settles them: one of them is a loss unless the price stood still. */
const settleAWinAndALoss = async (): Promise<void> => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const p = await pageIn('en', '/trade');
    await p.getByRole('radio', { name: /^1 min/ }).click();
    await order(p, '100', 'Buy up');
    await order(p, '100', 'Buy down');
    await admin('POST', '/test/clock', { advanceMs: 61_000 });
    await p.getByRole('tab', { name: 'Closed position' }).click();
    for (const settled of [0, 1]) await thePair(p).nth(settled).getByText(/Win|Loss|Tie/).waitFor({ timeout: 10_000 });
    const loss = await thePair(p).filter({ hasText: 'Loss' }).count();
    await p.close();
    if (loss) return;
  }
  throw new Error('three pairs of orders settled without a loss');
};

for (const language of ['en', 'ar']) {
  test(`${language}: the order card, the limits and the legend read as Intl writes them, each number an isolated left-to-right run`, async () => {
    if (language === 'en') await settleAWinAndALoss();
    const p = await pageIn(language, '/trade');
    assert.is(await p.evaluate(() => document.documentElement.dir), language === 'ar' ? 'rtl' : 'ltr');
    await p.locator('.ch-box[data-drawn]:not([data-drawn=""])').waitFor({ timeout: 15_000 });

    // Limits: both amounts as Intl writes them with the configured symbol, each read left to right.
    const hint = p.locator('.op-hint');
    const runs = (await hint.innerText()).match(/\u2066[^\u2069]*\u2069/g) || [];
    assert.equal(runs.map(clean), [await intlMoney(p, language, 10), await intlMoney(p, language, 5000)]);
    for (const run of runs) {
      const box = await hint.evaluate((el, text) => {
        const node = el.firstChild!;
        const at = node.textContent!.indexOf(text);
        const chars: number[] = [];
        for (let i = at; i < at + text.length; i++) {
          if (/[\s\u200e\u200f\u2066-\u2069]/.test(node.textContent![i]!)) continue;
          const r = document.createRange();
          r.setStart(node, i);
          r.setEnd(node, i + 1);
          chars.push(r.getBoundingClientRect().left);
        }
        return chars;
      }, run);
      for (let i = 1; i < box.length; i++) assert.ok(box[i]! > box[i - 1]!, `limit "${clean(run)}" reads left to right`);
    }

    // The legend: no number covers its label.
    await p.locator('.ch-plot').hover({ position: { x: 150, y: 120 } });
    const overlaps = await p.locator('.cc-legend span').evaluateAll((spans) =>
      spans.map((span) => {
        const r = document.createRange();
        r.selectNodeContents(span.firstChild!);
        const label = r.getBoundingClientRect();
        const value = span.querySelector('b')!.getBoundingClientRect();
        return Math.min(label.right, value.right) - Math.max(label.left, value.left);
      }),
    );
    assert.is(overlaps.length, 4);
    for (const o of overlaps) assert.ok(o <= 0, 'label and price apart, overlap ' + o + ' px');
    for (const b of await p.locator('.cc-legend b').all()) await readsLeftToRight(b, 'legend price');

    // The order card: a loss as Intl writes -100 with the sign, a date as one run.
    await p.locator('.pos [role=tab]').last().click();
    const loss = thePair(p).filter({ has: p.locator('.down .num') }).first();
    await loss.waitFor();
    const lossText = loss.locator('.pr-end small .num');
    assert.is(clean(await lossText.innerText()), await intlMoney(p, language, -100, true));
    await readsLeftToRight(lossText, 'loss');
    await readsLeftToRight(loss.locator('small.muted .num'), 'order time');
    await screenshot(p, 'numbers-' + language + '-trade');

    await p.goto(stage.server.url + '/orderList?tab=all');
    const card = p.locator('.oc').filter({ has: p.locator('header .down') }).first();
    await card.waitFor();
    for (const dd of await card.locator('dd.num').all()) await readsLeftToRight(dd, 'order card field');
    await screenshot(p, 'numbers-' + language + '-order-list');
    assert.equal(errorsOf(p), []);
    await p.close();
  });
}

test('pt-BR: home and the quote screen write a price the same way, 65.447,53', traced(async () => {
  const p = await pageIn('pt-BR', '/home');
  const brazilian = /^\d{1,3}(\.\d{3})*,\d{2}$/;
  const home = p.locator('.qs [data-symbol="btc"] span.num').first();
  await home.waitFor();
  assert.match(await home.innerText(), brazilian);
  await p.goto(stage.server.url + '/trade');
  assert.match(await p.locator('.qh-last').innerText(), brazilian);
  assert.match(await p.locator('.op-quick button').nth(3).innerText(), /^1\.000$/);
  await p.close();
}));

test('an ended session: the login form says so, keeps the redirect, and returns there', traced(async () => {
  const p = await newMobilePage(stage.browser);
  await p.goto(stage.server.url + '/login');
  await waitForApp(p);
  await p.evaluate(() => localStorage.setItem('app', JSON.stringify({ token: 'a-token-the-server-no-longer-knows', language: 'en' })));
  await p.goto(stage.server.url + '/user');
  await p.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/user');
  await p.getByRole('alert').getByText('Login status expired, please log in again').waitFor();
  assert.not.ok(await hasSignedInHint(p), 'the ended session took the signed-in hint with it');
  await screenshot(p, 'session-ended');
  await p.getByLabel('Username', { exact: true }).fill('demo01');
  await p.getByLabel('Password', { exact: true }).fill('demo1234');
  await p.getByRole('button', { name: 'Log in' }).click();
  await p.waitForURL((u) => u.pathname === '/user');
  await p.close();
}));

test("a start that runs after the 401 does not bring the signed-in hint back to the login page", traced(async () => {
  const p = await newMobilePage(stage.browser);
  await p.goto(stage.server.url + '/login');
  await waitForApp(p);
  await p.evaluate(() => localStorage.setItem('app', JSON.stringify({ token: 'a-token-the-server-no-longer-knows', language: 'en' })));
  // The after-paint start, which sets the hint from the token in memory, held until the 401 has
  // ended the session; the login page it leaves for held for a second after that start is served,
  // while the old page runs it.
  let ended!: () => void;
  const said401 = new Promise<void>((r) => (ended = r));
  p.on('response', (r) => r.status() === 401 && ended());
  let served!: () => void;
  const started = new Promise<void>((r) => (served = r));
  await p.route('**/assets/after-render-*.js', async (route) => {
    await said401;
    await route.continue();
    served();
  }, { times: 1 });
  let hintWhileLeaving: boolean | undefined;
  await p.route((u) => u.pathname === '/login', async (route) => {
    await started;
    if (hintWhileLeaving === undefined) {
      for (const until = Date.now() + 1000; !(hintWhileLeaving = await hasSignedInHint(p)) && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
    }
    // A navigation the browser started again meanwhile has taken this request over.
    await route.continue().catch(() => {});
  });
  await p.goto(stage.server.url + '/user');
  await p.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/user');
  await p.getByRole('alert').getByText('Login status expired, please log in again').waitFor();
  assert.is(hintWhileLeaving, false, 'the ended page set no hint on its way out');
  assert.not.ok(await hasSignedInHint(p), 'nor did the login page');
  await p.close();
}));

test('visitors (isNeedLogin 0) see a log-in prompt where the chart would be, and nothing polls the history', traced(async () => {
  await setConfig('isNeedLogin', '0');
  try {
    await visitor();
  } finally {
    await setConfig('isNeedLogin', '1');
  }
}));

const visitor = async () => {
  const p = await newMobilePage(stage.browser);
  let history = 0;
  p.on('request', (r) => r.url().includes('getHistoryKline') && history++);
  await p.goto(stage.server.url + '/trade');
  await waitForApp(p);
  const prompt = p.locator('.ch-login');
  await prompt.getByText('Log in to enjoy more').waitFor();
  await p.locator('.qh-last').filter({ hasText: /\d/ }).waitFor();
  // Loaded and quiet: a chart that meant to ask for its history has asked by now.
  await p.waitForLoadState('networkidle');
  assert.is(history, 0, 'no candle history requested');
  assert.is(await p.getByText(/Loading chart|Prices paused/).count(), 0, 'no chart that never loads, no paused prices');
  await screenshot(p, 'trade-visitor');
  await prompt.getByRole('button', { name: 'Log in' }).click();
  await p.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/trade');
  await p.close();
};

test.run();
