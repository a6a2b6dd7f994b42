/**
 * Brazil in reais on a cheap phone: a deposit typed in what was transferred (reais with centavos)
 * with the dollars credited as it is typed; a PIX withdrawal that says the reais that arrive, its
 * fee at once, and a confirmation of everything before it is sent, the form kept on the way back
 * and after a refusal, and whose records say the reais fixed when it was submitted. Screenshots in
 * English, Brazilian Portuguese and Arabic.
 */
import * as assert from 'uvu/assert';
import type { Locator, Page, Request } from 'playwright-core';
import { DEMO_FUND_PASSWORD } from '../../server/seed/content.ts';
import type { PayChannel, PaymentMethod } from '../../src/shared/contract.ts';
import { browserSuite, errorsOf, loginAsDemo, newMobilePage, operatorCall, screenshot, settled, startSignedIn, traced } from './harness.ts';

const { test, stage } = browserSuite('Brazil in reais: a deposit in the currency transferred, a PIX withdrawal confirmed in reais');

let page: Page;
let token = '';
let pix: PaymentMethod;

const clean = (s: string) => s.replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();
const setConfig = (key: string, value: string) => operatorCall(stage.server, 'PUT', '/config', { key, value });
const main = () => page.locator('.app > main:not([hidden])');
const row = (label: string) => main().locator('.form .mrows div').filter({ hasText: label }).locator('dd');

async function api<T>(route: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(stage.server.url + '/prod-api' + route, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: 'Bearer ' + token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

test.before(async () => {
  await setConfig('rechargeVoucherOn', '0');
  page = await newMobilePage(stage.browser);
  token = await loginAsDemo(page, stage.server.url, '/user');
  const bound = await api<PaymentMethod>('/h5/expenses/bindCard', { kind: 'pix', payee: 'Ana Souza', pixType: 'email', pixKey: 'ana.souza@example.com' });
  assert.is(bound.code, 200, bound.msg);
  pix = bound.data;
  const card = await api<PaymentMethod>('/h5/expenses/bindCard', { kind: 'bank', payee: 'Ana Souza', bankCode: '001', cardNo: '123456789' });
  assert.is(card.code, 200, card.msg);
});

test('a deposit typed in reais: centavos accepted, the dollars credited as it is typed, limits and rate in reais, the reais sent as typed', traced(async () => {
  await page.goto(stage.server.url + '/recharge?id=1');
  await main().getByLabel('Deposit amount', { exact: true }).waitFor();
  await page.getByRole('radiogroup', { name: 'Amount in' }).getByRole('radio', { name: 'BRL' }).check();
  const input = main().getByLabel('Amount you transfer (BRL)', { exact: true });
  const hint = clean(await main().locator('.form > p.muted').first().innerText());
  assert.match(hint, /In BRL: 104 to 260,000 Rate 1 USD = 5\.2 BRL, as of \d\d?:\d\d:\d\d/, hint);
  const alert = input.locator('xpath=..').locator('[role=alert]');
  await input.click();
  await page.keyboard.type('103,99');
  assert.is(clean(await alert.innerText()), 'At least 104 BRL', 'the minimum in reais');
  assert.is(await main().locator('.mpay').count(), 0, 'no credit below the minimum');
  await input.fill('');
  await input.click();
  // As it is typed: each step that can be booked shows what it credits.
  let typed = '';
  for (const [next, credited] of [['1', null], ['18', null], ['181', '$34.8076923'], ['181,3', '$34.86538461'], ['181,35', '$34.875']] as const) {
    await page.keyboard.type(next.slice(typed.length));
    typed = next;
    if (!credited) assert.is(await main().locator('.mpay').count(), 0, next);
    else assert.is(clean(await main().locator('.mpay').innerText()), `Credited ${credited} = ${next.replace(',', '.')} BRL`, next);
  }
  await page.keyboard.type('1');
  assert.is(clean(await alert.innerText()), 'At most 2 decimals', 'centavos, not fractions of them');
  assert.is(await input.inputValue(), '181,351', 'kept as typed');
  await page.keyboard.press('Backspace');
  await screenshot(page, 'brazil-deposit-reais-en');

  // The other way round is one tap away, and each keeps what was typed in it.
  await page.getByRole('radio', { name: 'USD' }).check();
  const dollars = main().getByLabel('Deposit amount', { exact: true });
  await dollars.fill('25');
  assert.match(clean(await main().locator('.mpay').innerText()), /^You pay 130 BRL = \$25/);
  await page.getByRole('radio', { name: 'BRL' }).check();
  assert.is(await input.inputValue(), '181,35');

  const sent = page.waitForRequest((r: Request) => r.url().endsWith('/h5/recharge/submitRecharge'));
  await main().getByRole('button', { name: 'Submit deposit' }).click();
  const body = JSON.parse((await sent).postData() || '{}') as Record<string, string>;
  assert.equal([body.amount, body.payAmount], ['34.87500000', '181.35'], 'the credit shown and the reais typed');
  await page.waitForURL((u) => u.pathname === '/rechargeDetail');
  assert.equal(errorsOf(page), []);
}));

/** Types `text` into `field` key by key, or pastes it from the clipboard, into an emptied field. */
async function enter(field: Locator, how: 'typed' | 'pasted', text: string) {
  await field.fill('');
  await field.click();
  if (how === 'typed') await page.keyboard.type(text);
  else {
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.keyboard.press('ControlOrMeta+V');
  }
}

/** The channel list as a screen loaded before the operator moved the reais rate from 5 to 5.2 sees it. */
const staleRate = (p: Page) =>
  p.route('**/h5/recharge/getPayChanelList*', async (route) => {
    const res = await route.fetch();
    const json = (await res.json()) as { data: PayChannel[] };
    for (const c of json.data) if (c.currency === 'BRL') c.exchangeRate = '5';
    await route.fulfill({ response: res, json });
  }, { times: 1 });

test('what cannot be booked, typed or pasted, stays in the field with its reason and is never sent; a moved rate is said in the user\'s numbers', traced(async () => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stage.server.url });
  const sent: string[] = [];
  const watch = (r: Request) => /submitRecharge|submitExpenses/.test(r.url()) && sent.push(r.postData() || '');
  page.on('request', watch);
  // The demo types whole dollars (moneyDecimals 0), reais with their centavos; at the screen's
  // rate of 5 the $20 minimum is R$ 100.
  const refused: Array<[text: string, reais: string, dollars: string]> = [
    ['15.75', 'At least 100 BRL', 'Whole amounts only, without decimals'],
    ['12.999', 'At most 2 decimals', 'Whole amounts only, without decimals'],
    ['-50', 'Amounts cannot have a sign', 'Amounts cannot have a sign'],
    ['1e5', 'Type the amount in plain digits, without an exponent', 'Type the amount in plain digits, without an exponent'],
    ['NaN', 'Only digits and one decimal point', 'Only digits and one decimal point'],
    ['15\u000075', 'Only digits and one decimal point', 'Only digits and one decimal point'],
  ];
  await staleRate(page);
  await page.goto(stage.server.url + '/recharge?id=1');
  await page.getByRole('radiogroup', { name: 'Amount in' }).getByRole('radio', { name: 'BRL' }).check();
  const reais = main().getByLabel('Amount you transfer (BRL)', { exact: true });
  const reaisWhy = reais.locator('xpath=..').locator('[role=alert]');
  for (const [text, why] of refused) {
    for (const how of ['typed', 'pasted'] as const) {
      await enter(reais, how, text);
      const said = `${how} ${JSON.stringify(text)}`;
      assert.is(await reais.inputValue(), text, `${said}: kept as it was entered`);
      assert.is(clean(await reaisWhy.innerText()), why, said);
      assert.is(await main().locator('.mpay').count(), 0, `${said}: nothing credited`);
    }
    await main().getByRole('button', { name: 'Submit deposit' }).click();
    assert.is(clean(await reaisWhy.innerText()), why, `${JSON.stringify(text)} after the submit`);
  }
  // The screen's rate was 5: R$ 520 showed $104. The server's is 5.2 and credits $100.
  await enter(reais, 'pasted', '520');
  assert.is(clean(await main().locator('.mpay').innerText()), 'Credited $104 = 520 BRL');
  await main().getByRole('button', { name: 'Submit deposit' }).click();
  const refusal = main().locator('.form > p[role=alert]');
  await refusal.waitFor();
  assert.is(clean(await refusal.innerText()), 'The exchange rate is now 1 USD = 5.2 BRL: this transfer credits $100');
  await main().locator('.mpay').getByText('Credited $100', { exact: false }).waitFor();
  assert.is(await reais.inputValue(), '520', 'what was typed stays after the refusal');
  assert.equal(sent.map((b) => JSON.parse(b) as object), [{ channelId: 1, amount: '104.00000000', payAmount: '520' }], 'only the bookable entry was sent');

  await page.goto(stage.server.url + '/withdraw');
  await page.getByRole('radio', { name: /PIX/ }).check();
  await main().getByLabel('Fund password', { exact: true }).fill(DEMO_FUND_PASSWORD);
  const dollars = main().getByLabel('Amount', { exact: true });
  const dollarsWhy = dollars.locator('xpath=..').locator('[role=alert]');
  for (const [text, , why] of refused) {
    for (const how of ['typed', 'pasted'] as const) {
      await enter(dollars, how, text);
      const said = `${how} ${JSON.stringify(text)}`;
      assert.is(await dollars.inputValue(), text, `${said}: kept as it was entered`);
      assert.is(clean(await dollarsWhy.innerText()), why, said);
      assert.is(await row('Handling fee').count(), 0, `${said}: no fee for what cannot be booked`);
    }
    await main().getByRole('button', { name: 'Withdraw now' }).click();
    assert.is(await page.getByRole('dialog').count(), 0, `${JSON.stringify(text)}: no confirmation`);
  }
  assert.is(sent.length, 1, 'no withdrawal sent');
  page.off('request', watch);
  assert.equal(errorsOf(page), []);
}));

test('a PIX withdrawal: the fee at once from the rule, the reais that arrive with the rate and its time, confirmed before it is sent, kept on the way back', traced(async () => {
  const quotes: string[] = [];
  const listen = (r: Request) => r.url().includes('getExpensesMoney?') && r.url().includes('amount=') && quotes.push(r.url());
  page.on('request', listen);
  await page.goto(stage.server.url + '/withdraw');
  await page.getByText('Fee rule').waitFor();
  await page.getByRole('radio', { name: /PIX/ }).check();
  const amount = main().getByLabel('Amount', { exact: true });
  await amount.fill('25');
  // In the same frame as the typing: nothing asked of the server.
  assert.is(clean(await row('Handling fee').innerText()), '$1');
  assert.is(clean(await row('Taken from balance').innerText()), '$26');
  assert.is(clean(await row('Arrives').innerText()), '130.00 BRL', 'a PIX key is paid in reais');
  assert.match(clean(await main().locator('.form > p.muted').innerText()), /^Rate 1 USD = 5\.2 BRL, as of \d\d?:\d\d:\d\d/);
  await page.getByRole('radio', { name: /Bank card · Banco do Brasil/ }).check();
  assert.is(clean(await row('Arrives').innerText()), '$25', 'a card is paid in dollars');
  await page.getByRole('radio', { name: /PIX/ }).check();
  const pwd = main().getByLabel('Fund password', { exact: true });
  await pwd.fill(DEMO_FUND_PASSWORD);

  const confirmation = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
  let submits = 0;
  const count = (r: Request) => r.url().endsWith('/h5/expenses/submitExpenses') && submits++;
  page.on('request', count);
  await main().getByRole('button', { name: 'Withdraw now' }).click();
  await confirmation.waitFor();
  const text = clean(await confirmation.innerText());
  assert.match(text, /To PIX · \*+om Amount \$25 Handling fee \$1 Taken from balance \$26 Arrives 130.00 BRL Rate 1 USD = 5\.2 BRL, as of /, text);
  await settled(page);
  await screenshot(page, 'brazil-withdraw-confirm-en', '.frame');
  await confirmation.getByRole('button', { name: 'Back' }).click();
  await confirmation.waitFor({ state: 'detached' });
  assert.is(submits, 0, 'nothing sent before the confirmation');
  assert.equal([await amount.inputValue(), await pwd.inputValue(), await page.getByRole('radio', { name: /PIX/ }).isChecked()], ['25', DEMO_FUND_PASSWORD, true], 'the form as typed');

  // The fee rule changes under the open form: the server takes no other fee than the one confirmed.
  await amount.fill('200');
  assert.is(clean(await row('Handling fee').innerText()), '$2');
  await setConfig('money.withdrawFeeRate', '2');
  try {
    await main().getByRole('button', { name: 'Withdraw now' }).click();
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await main().locator('.form > p[role=alert]').getByText('The withdrawal fee has changed to 4: check it and confirm again').waitFor();
    assert.equal([await amount.inputValue(), await pwd.inputValue()], ['200', DEMO_FUND_PASSWORD], 'kept after the refusal');
    await row('Handling fee').getByText('$4').waitFor();
    assert.is(submits, 1);
    const sent = page.waitForRequest((r: Request) => r.url().endsWith('/h5/expenses/submitExpenses'));
    await main().getByRole('button', { name: 'Withdraw now' }).click();
    await confirmation.getByText('$4').first().waitFor();
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    const body = JSON.parse((await sent).postData() || '{}') as Record<string, unknown>;
    assert.equal([body.methodId, body.amount, body.fee], [pix.id, '200', '4.00000000']);
    await page.waitForURL((u) => u.pathname === '/withdrawDetail');
  } finally {
    await setConfig('money.withdrawFeeRate', '1');
  }
  // The records say the reais fixed at the submit, whatever the rate is by now.
  await setConfig('money.pixRate', '5.5');
  try {
    const detail = (label: string) => main().locator('.mbox .mrows > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
    await detail('Arrives').getByText('1,040.00 BRL').waitFor();
    assert.match(clean(await detail('Exchange rate').innerText()), /^1 USD = 5\.2 BRL \d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d$/, 'the rate and when it was given');
    assert.is(clean(await detail('Amount').innerText()), '$200');
    await settled(page);
    await screenshot(page, 'brazil-withdraw-detail-en');
    await page.goto(stage.server.url + '/withdrawRecord');
    const card = main().locator('.mcard').first();
    await card.waitFor();
    assert.match(clean(await card.innerText()), /^\$200 In progress .* Method PIX Arrives 1,040.00 BRL$/, 'the record card says the reais too');
    await settled(page);
    await screenshot(page, 'brazil-withdraw-records-en');
  } finally {
    await setConfig('money.pixRate', '5.2');
  }
  assert.equal(quotes, [], 'the fee never waited for the server');
  page.off('request', listen);
  page.off('request', count);
  assert.equal(errorsOf(page), []);
}));

for (const language of ['pt-BR', 'ar']) {
  test(`${language}: the deposit in reais, the withdrawal confirmation, records and detail at 360×740`, traced(async () => {
    const p = await newMobilePage(stage.browser, { locale: language });
    await startSignedIn(p, token, language);
    await p.goto(stage.server.url + '/recharge?id=1');
    await p.locator('.mpick.two input').nth(1).check();
    const input = p.locator('.form input[inputmode=decimal]');
    await input.fill(language === 'ar' ? '١٨١٫٣٥' : '181,35');
    await p.locator('.mpay').waitFor();
    const credited = clean(await p.locator('.mpay b').innerText());
    assert.ok(credited.includes('34') && credited.includes('875'), credited);
    await screenshot(p, `brazil-deposit-${language}`);
    await p.goto(stage.server.url + '/withdraw');
    await p.locator('.mpick input').first().waitFor();
    await p.locator('.mpick label').filter({ hasText: 'PIX' }).locator('input').check();
    await p.locator('.code-row input').fill('25');
    await p.locator('input[type=password]').fill(DEMO_FUND_PASSWORD);
    await p.locator('.form button[type=submit]').click();
    const dialog = p.getByRole('dialog');
    await dialog.waitFor();
    const said = clean(await dialog.innerText());
    assert.ok(said.includes(language === 'ar' ? '130.00 BRL' : '130,00 BRL'), said);
    await settled(p);
    await screenshot(p, `brazil-withdraw-confirm-${language}`, '.frame');
    // The PIX withdrawal submitted above, in the records and its detail.
    await p.goto(stage.server.url + '/withdrawRecord');
    const card = p.locator('.app > main:not([hidden]) .mcard').first();
    await card.waitFor();
    const reais = language === 'ar' ? '1,040.00 BRL' : '1.040,00 BRL';
    assert.ok(clean(await card.innerText()).includes(reais), clean(await card.innerText()));
    await settled(p);
    await screenshot(p, `brazil-withdraw-records-${language}`);
    await card.click();
    await p.waitForURL((u) => u.pathname === '/withdrawDetail');
    const rows = p.locator('.app > main:not([hidden]) .mbox .mrows');
    await rows.waitFor();
    assert.ok(clean(await rows.innerText()).includes(reais), clean(await rows.innerText()));
    await settled(p);
    await screenshot(p, `brazil-withdraw-detail-${language}`);
    // A rate moved since the form loaded: the refusal writes the rate and the credit as the form does.
    await staleRate(p);
    await p.goto(stage.server.url + '/recharge?id=1');
    await p.locator('.mpick.two input').nth(1).check();
    await input.fill('520');
    await p.locator('.mpay').waitFor();
    await p.locator('.form button[type=submit]').click();
    const refusal = p.locator('.app > main:not([hidden]) .form > p[role=alert]');
    await refusal.waitFor();
    assert.is(clean(await refusal.innerText()), language === 'ar'
      ? 'أصبح سعر الصرف 1 USD = 5.2 BRL: هذا التحويل يضيف الآن 100 $'
      : 'O câmbio agora é 1 USD = 5,2 BRL: esta transferência credita $ 100');
    assert.equal(errorsOf(p), []);
    await p.close();
  }));
}

test.run();
