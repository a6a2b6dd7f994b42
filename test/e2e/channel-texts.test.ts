import * as assert from 'uvu/assert';
import type { PayChannel } from '../../src/shared/contract.ts';
import { browserSuite, errorsOf, loginAsDemo, newMobilePage, screenshot, startSignedIn, traced, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('deposit channels and banks in Arabic: the operator’s texts in the user’s language');

test('the Arabic deposit channel list, a channel’s note, the bank list and the withdrawal methods are in Arabic', traced(async () => {
  const en = await newMobilePage(stage.browser);
  const token = await loginAsDemo(en, stage.server.url, '/user');
  await en.close();
  const api = async <T>(url: string, body?: unknown) => {
    const res = await fetch(stage.server.url + '/prod-api' + url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: 'Bearer ' + token, clientId: 'app', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return ((await res.json()) as { data: T }).data;
  };
  const brl = (await api<PayChannel[]>('/h5/recharge/getPayChanelList')).find((c) => c.currency === 'BRL')!;

  const page = await newMobilePage(stage.browser, { locale: 'ar' });
  // No slide between screens: a page half slid in is not a page wider than the screen.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await startSignedIn(page, token, 'ar');
  await page.goto(stage.server.url + '/rechargeList');
  await waitForApp(page);
  await page.getByText('تحويل بنكي (BRL)').waitFor();
  await page.getByText('تحويل بنكي (USD)').waitFor();
  const list = await page.locator('.cells').innerText();
  assert.not.match(list, /Bank transfer/, 'no English channel name');
  assert.is(await page.evaluate(() => document.documentElement.scrollWidth), 360, 'the list fits 360 px');
  await screenshot(page, 'channel-texts-rechargeList-ar');

  await page.getByText('تحويل بنكي (BRL)').click();
  await page.waitForURL((u) => u.pathname === '/recharge' && u.searchParams.get('id') === String(brl.id));
  await page.getByText('اكتب اسم المستخدم الخاص بك في وصف التحويل.').waitFor();
  assert.not.match(await page.locator('main:not([hidden])').innerText(), /Write your username/);
  assert.is(await page.evaluate(() => document.documentElement.scrollWidth), 360, 'the deposit form fits 360 px');
  await screenshot(page, 'channel-texts-recharge-ar');

  await page.goto(stage.server.url + '/addPayment?kind=bank');
  await waitForApp(page);
  const options = page.locator('#bank option');
  await options.filter({ hasText: 'بطاقة خصم Visa' }).waitFor({ state: 'attached' });
  const names = await options.allInnerTexts();
  assert.ok(names.includes('بطاقة UnionPay (UNIONPAY)'), names.join(' | '));
  assert.equal(names.filter((n) => /debit card|UnionPay card/.test(n)), [], 'no English bank description');

  await api('/h5/expenses/bindCard', { kind: 'bank', payee: 'Ana Souza', bankCode: 'VISA', cardNo: '4000123412341234' });
  await page.goto(stage.server.url + '/withdraw');
  await waitForApp(page);
  await page.locator('.mpick').getByText('بطاقة خصم Visa').waitFor();
  assert.not.match(await page.locator('.mpick').innerText(), /Visa debit card/);
  await screenshot(page, 'channel-texts-withdraw-ar');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test.run();
