/**
 * Small things a new user met: a detail screen opened without its record, a banner over the back
 * button, a customer-service entry with nowhere to go.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { browserSuite, errorsOf, loginAsDemo, newMobilePage, screenshot, traced } from './harness.ts';

const { test, stage } = browserSuite('rough edges');
let page: Page;

test.before(async () => {
  page = await newMobilePage(stage.browser);
  await loginAsDemo(page, stage.server.url, '/user');
});
test('with serviceUrl empty (the demo), the account tab offers no customer service entry', traced(async () => {
  await page.goto(stage.server.url + '/user');
  await page.getByText('Credit score').waitFor();
  await page.waitForLoadState('networkidle');
  assert.is(await page.getByText('Customer service').count(), 0, 'no entry that only reloads the page');
}));

for (const [detail, list] of [['rechargeDetail', 'Deposit records'], ['withdrawDetail', 'Withdrawal records']] as const) {
  test(`${detail} without a record number says so and leads to the record list, with no retry that cannot work`, traced(async () => {
    await page.goto(stage.server.url + '/' + detail);
    await page.getByText('This link does not say which record to show').waitFor();
    assert.is(await page.getByRole('button', { name: 'Retry' }).count(), 0, 'no retry');
    await screenshot(page, `${detail}-without-id`);
    await page.getByRole('button', { name: list }).click();
    await page.waitForURL((u) => u.pathname === (detail === 'rechargeDetail' ? '/rechargeRecord' : '/withdrawRecord'));
  }));
}

test('a banner shows under the title bar: the back button stays visible and takes a tap', traced(async () => {
  await page.goto(stage.server.url + '/setting');
  await page.getByText('Clear cache').click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  const banner = page.locator('.notify');
  await banner.getByText('Cache cleared').waitFor();
  // Measured once it has dropped in (it slides 8 px down as it appears) and the dialog has slid out.
  await banner.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const bar = (await page.locator('.bar').first().boundingBox())!;
  const box = (await banner.boundingBox())!;
  assert.ok(box.y >= bar.y + bar.height - 0.5, `banner top ${box.y} under the bar's bottom ${bar.y + bar.height}`);
  const back = page.getByRole('button', { name: 'Back' });
  const hit = await back.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
  assert.ok(hit, 'the back button is what a tap on it reaches');
  await screenshot(page, 'notify-under-bar');
  assert.equal(errorsOf(page), []);
}));

test.run();
