/**
 * The wallet-address form names an EVM address's wrong letter case (its EIP-55 checksum) itself,
 * before any call, with Keccak fetched only then.
 */
import * as assert from 'uvu/assert';
import { browserSuite, demoToken, errorsOf, newMobilePage, screenshot, startSignedIn, traced, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('address form');
let token = '';

test.before(async () => {
  token = await demoToken(stage.server.url);
});

for (const language of ['en', 'ar']) {
  test(`${language}: a mistyped letter case of an ERC20 address is named under the field before any call`, traced(async () => {
    const w = (await import(`../../locales/${language}.json`, { with: { type: 'json' } })).default;
    const page = await newMobilePage(stage.browser, { locale: language });
    await startSignedIn(page, token, language);
    const keccak: string[] = [];
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('bindCoinAddress')) calls++;
      if (/\/assets\/keccak-/.test(r.url())) keccak.push(r.url());
    });
    await page.goto(stage.server.url + '/addPayment?kind=coin');
    await waitForApp(page);
    const address = page.getByLabel(w.field.address, { exact: true });
    await address.waitFor();
    assert.equal(keccak, [], 'Keccak is not loaded with the form');
    await page.locator('#coin').selectOption('USDT');
    await page.locator('#net').selectOption('ERC20');
    await address.fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    await page.getByRole('button', { name: w.money.save }).click();
    const alerts = page.locator('form [role=alert]');
    await alerts.getByText(w.err.address.case.replace('{{network}}', 'ERC20')).waitFor();
    assert.is(calls, 0, 'the form caught it, the server was not asked');
    assert.is(keccak.length, 1, 'Keccak arrived with the first EVM address');
    await screenshot(page, `address-case-${language}`);
    await address.fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await alerts.first().waitFor({ state: 'detached' });
    assert.equal(errorsOf(page), []);
    await page.close();
  }));
}

test.run();
