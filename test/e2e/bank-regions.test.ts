import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { browserSuite, demoToken, errorsOf, newMobilePage, screenshot, startSignedIn, traced, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('the bank picker: the user’s region first, the rest under a heading, a search by name');

/** The add-method screen's bank field in `language`, for the demo user. */
async function bankField(language: string): Promise<Page> {
  const page = await newMobilePage(stage.browser, { locale: language });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await startSignedIn(page, await demoToken(stage.server.url), language);
  await page.goto(stage.server.url + '/addPayment?kind=bank');
  await waitForApp(page);
  await page.locator('#bank option').nth(1).waitFor({ state: 'attached' });
  return page;
}

/** The field's banks as it lists them: those before any heading, then each heading with its banks. */
const listed = (page: Page) =>
  page.locator('#bank').evaluate((select) => ({
    // No named helper in here: the test runner's transform would wrap it in a function the page lacks.
    first: [...select.children].filter((c) => c.tagName === 'OPTION' && (c as HTMLOptionElement).value).map((c) => c.textContent),
    groups: [...select.querySelectorAll('optgroup')].map((g) => ({ heading: g.label, banks: [...g.children].map((c) => c.textContent) })),
  }));

const search = (page: Page, label: string) => page.getByRole('searchbox', { name: label });

test('a Brazilian Portuguese user sees Brazilian banks first, the others under a heading, and finds Itaú without its accent', traced(async () => {
  const page = await bankField('pt-BR');
  await page.locator('#bank optgroup').waitFor({ state: 'attached' });
  assert.equal(await listed(page), {
    first: ['Banco do Brasil (001)', 'Bradesco (237)', 'Itaú Unibanco (341)', 'Nubank (260)'],
    groups: [{ heading: 'Outros bancos', banks: ['MUFG Bank (0005)', 'Sumitomo Mitsui Banking (0009)', 'JPMorgan Chase (CHASUS33)', 'Cartão de débito Visa (VISA)', 'Cartão UnionPay (UNIONPAY)'] }],
  });
  assert.is(await page.evaluate(() => document.documentElement.scrollWidth), 360, 'the form fits 360 px');
  await screenshot(page, 'bank-regions-pt-BR');
  // The open list as a picture: a native select's popup is outside the page, so show it in place.
  await page.locator('#bank').evaluate((select) => ((select as HTMLSelectElement).size = 12));
  await screenshot(page, 'bank-regions-pt-BR-list', '.field:has(#bank)');
  await page.locator('#bank').evaluate((select) => ((select as HTMLSelectElement).size = 0));
  await search(page, 'Pesquisar').fill('ITAU');
  assert.equal(await listed(page), { first: ['Itaú Unibanco (341)'], groups: [] });
  await page.locator('#bank').selectOption('341');
  await search(page, 'Pesquisar').fill('visa');
  assert.equal(await listed(page), { first: ['Itaú Unibanco (341)'], groups: [{ heading: 'Outros bancos', banks: ['Cartão de débito Visa (VISA)'] }] }, 'the chosen bank stays while another is searched');
  assert.is(await page.locator('#bank').inputValue(), '341');
  await screenshot(page, 'bank-regions-pt-BR-search');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('an English (US) user sees US banks first', traced(async () => {
  const page = await bankField('en');
  await page.locator('#bank optgroup').waitFor({ state: 'attached' });
  const { first, groups } = await listed(page);
  assert.equal(first, ['JPMorgan Chase (CHASUS33)']);
  assert.equal(groups.map((g) => [g.heading, g.banks.length]), [['Other banks', 8]]);
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('an Arabic user sees every bank in one list and searches in Arabic, with or without its marks', traced(async () => {
  const page = await bankField('ar');
  await page.locator('#bank option', { hasText: 'بطاقة UnionPay' }).waitFor({ state: 'attached' });
  // The heading's words arrive with the picker: wait for it to be in place before saying there is none.
  await search(page, 'بحث').waitFor();
  const all = await listed(page);
  assert.is(all.first.length, 9, all.first.join(' | '));
  assert.equal(all.groups, [], 'no region is first, so there is no heading');
  await page.locator('#bank').evaluate((select) => ((select as HTMLSelectElement).size = 11));
  await screenshot(page, 'bank-regions-ar-list', '.field:has(#bank)');
  await page.locator('#bank').evaluate((select) => ((select as HTMLSelectElement).size = 0));
  await search(page, 'بحث').fill('بِطاقة');
  assert.equal(await listed(page), { first: ['بطاقة خصم Visa (VISA)', 'بطاقة UnionPay (UNIONPAY)'], groups: [] });
  assert.is(await page.evaluate(() => document.documentElement.scrollWidth), 360, 'the form fits 360 px');
  await screenshot(page, 'bank-regions-ar-search');
  await search(page, 'بحث').fill('nubank');
  assert.equal(await listed(page), { first: ['Nubank (260)'], groups: [] });
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test.run();
