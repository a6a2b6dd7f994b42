/**
 * Phone numbers in forms: the forgotten-password form picks the country code as the bind form does,
 * and sends no code to a number it could not build; a bound number reads left to right in Arabic.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DEMO_PHONE } from '../../server/seed/content.ts';
import { browserSuite, demoToken, errorsOf, newMobilePage, screenshot, startSignedIn, traced, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('phone forms');
let token = '';

test.before(async () => {
  token = await demoToken(stage.server.url);
});

const words = async (language: string) => (await import(`../../locales/${language}.json`, { with: { type: 'json' } })).default;

/** The characters of `selector`'s text, left to right as painted. */
const painted = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const at: { c: string; left: number }[] = [];
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const text = node.textContent || '';
      for (let i = 0; i < text.length; i++) {
        const r = document.createRange();
        r.setStart(node, i);
        r.setEnd(node, i + 1);
        at.push({ c: text[i]!, left: r.getBoundingClientRect().left });
      }
    }
    return at.sort((a, b) => a.left - b.left).map((x) => x.c).join('');
  });

for (const language of ['en', 'ar']) {
  test(`${language}: the forgotten-password form picks the country code; no code goes to a number it cannot build`, traced(async () => {
    const w = await words(language);
    const page = await newMobilePage(stage.browser, { locale: language });
    await page.addInitScript((lang) => localStorage.setItem('app', JSON.stringify({ language: lang })), language);
    await page.goto(stage.server.url + '/forgetPassword');
    await waitForApp(page);
    const sms: string[] = [];
    page.on('request', (r) => r.url().includes('/common/sms') && sms.push(r.url()));
    const picker = page.locator('.cc-btn');
    await picker.waitFor();
    const phone = page.getByLabel(w.field.phone, { exact: true });
    await phone.fill('123');
    await page.getByRole('button', { name: w.auth.send }).click();
    await page.getByText(new RegExp(`^(${w.v.phoneNumber}|${w.v.chooseCountry})$`)).first().waitFor();
    await picker.click();
    const dialog = page.getByRole('dialog', { name: w.field.area });
    await dialog.getByRole('searchbox').fill('+55');
    await dialog.locator('.cc-list button').filter({ hasText: '+55' }).first().click();
    await picker.getByText('+55').waitFor();
    assert.is(await painted(page, '.cc-btn .num'), '+55', 'the calling code reads +55, not 55+');
    await page.getByRole('button', { name: w.auth.send }).click();
    await page.getByText(w.v.phoneNumber).first().waitFor();
    assert.equal(sms, [], 'no code sent');
    // A number per language: a number gets one code a minute.
    const national = language === 'ar' ? '11912345679' : '11912345678';
    await phone.fill(national);
    await page.getByRole('button', { name: w.auth.send }).click();
    await page.locator('.notify').getByText(w.auth.codeSent).waitFor();
    assert.is(sms.length, 1, 'one code asked for');
    assert.is(new URL(sms[0]!).searchParams.get('phone'), '+55' + national, 'the whole number');
    await screenshot(page, `forget-password-${language}`);
    assert.equal(errorsOf(page), []);
    await page.close();
  }));
}

test('ar: the bound phone number reads as one left-to-right run on the bind and settings screens', traced(async () => {
  const page = await newMobilePage(stage.browser, { locale: 'ar' });
  await startSignedIn(page, token, 'ar');
  for (const path of ['/bindPhone', '/setting']) {
    await page.goto(stage.server.url + path);
    await waitForApp(page);
    const number = page.locator('main:not([hidden]) .num').filter({ hasText: DEMO_PHONE.slice(1) });
    await number.first().waitFor();
    const selector = 'main:not([hidden]) .num >> text=' + DEMO_PHONE.slice(1);
    assert.is(await painted(page, selector), DEMO_PHONE, `${path}: ${DEMO_PHONE} painted in its own order`);
    await screenshot(page, `bound-phone-ar${path.replace('/', '-')}`);
  }
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test.run();
