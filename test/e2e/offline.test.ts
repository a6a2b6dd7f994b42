/**
 * Offline and flaky networks: a tab tapped while offline opens once the network is back, in the
 * same page, without a reload; a signed-in user reopening the app offline gets the last known
 * figures, says when they were current, and money actions are refused for that reason.
 */
import * as assert from 'uvu/assert';
import { browserSuite, demoToken, errorsOf, loginAsDemo, newMobilePage, screenshot, startSignedIn, traced } from './harness.ts';

const { test, stage } = browserSuite('offline');
let token = '';

test.before(async () => {
  token = await demoToken(stage.server.url);
});
for (const language of ['en', 'ar']) {
  test(`${language}: a tab tapped offline shows that screen's frame and says it will open; online, it opens by itself and home navigates again`, traced(async () => {
    const page = await newMobilePage(stage.browser, { locale: language });
    await startSignedIn(page, token, language);
    await page.goto(stage.server.url + '/home');
    const tabs = page.getByRole('navigation').last();
    await tabs.locator('a[href="/home"][aria-current=page]').waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await page.context().setOffline(true);
    await tabs.locator('a[href="/financial"]').click();
    await page.waitForURL((u) => u.pathname === '/financial');
    const note = page.locator('.frame-note');
    await note.waitFor();
    const words = (await import(`../../locales/${language}.json`, { with: { type: 'json' } })).default;
    assert.is(await page.locator('main:not([hidden]) h1').innerText(), words.route.financial, 'the title is the tapped screen\'s');
    assert.is(await note.innerText(), words.offline.screen, 'it says it will open by itself');
    assert.is(await tabs.locator('a[aria-current=page]').getAttribute('href'), '/financial', 'the tab bar agrees with the address');
    await screenshot(page, `offline-tab-${language}`);

    await page.context().setOffline(false);
    // The finance screen's own content (its products), not a frame; no tap needed.
    await page.locator('main:not([hidden]) article.fin').first().waitFor({ timeout: 15_000 });
    assert.is(await page.locator('.frame-note').count(), 0, 'the note is gone');
    assert.is(await page.locator('main:not([hidden])').count(), 1, 'one screen in front');
    assert.is(await tabs.locator('a[aria-current=page]').getAttribute('href'), '/financial');
    await tabs.locator('a[href="/home"]').click();
    await page.waitForURL((u) => u.pathname === '/home');
    await tabs.locator('a[href="/home"][aria-current=page]').waitFor();
    await tabs.locator('a[href="/financial"]').click();
    await tabs.locator('a[href="/financial"][aria-current=page]').waitFor();
    assert.ok(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'never reloaded');
    assert.equal(errorsOf(page), []);
    await page.close();
  }));
}

for (const language of ['en', 'ar']) {
  test(`${language}: reopened offline, the quote screen shows the last known price, balance and order, says since when, and refuses a trade`, traced(async () => {
    const words = (await import(`../../locales/${language}.json`, { with: { type: 'json' } })).default;
    const page = await newMobilePage(stage.browser, { locale: language, serviceWorker: true });
    // Merged, not replaced: a reload keeps what the app itself stored (the user info).
    await page.addInitScript(([t, lang]) => {
      const app = JSON.parse(localStorage.getItem('app') || '{}');
      localStorage.setItem('app', JSON.stringify({ ...app, token: t, language: lang }));
    }, [token, language] as const);
    await page.goto(stage.server.url + '/trade');
    const price = page.locator('.qh-last');
    await price.filter({ hasText: /\d/ }).waitFor();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
    // The locale file and the start-up answers of this first visit came before the service worker.
    await page.waitForFunction(async () => {
      const files = await (await caches.open('files')).keys();
      const api = await (await caches.open('api')).keys();
      return files.some((r) => r.url.includes('/locales/')) && api.some((r) => r.url.includes('/common/config/list'));
    }, undefined, { timeout: 15_000 });
    const balance = page.locator('.op-info dd').first();
    const start = await balance.innerText();
    const amount = page.getByLabel(words.trade.amount, { exact: true });
    const dialog = page.getByRole('dialog');
    await amount.fill('10');
    await page.getByRole('button', { name: words.trade.up }).click();
    await dialog.getByRole('button', { name: words.ui.confirm }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('.pos ul li').filter({ hasText: 'BTC/USDT' });
    await row.first().waitFor();
    await page.waitForFunction((s) => document.querySelector('.op-info dd')!.textContent !== s, start);
    // Just after a poll has answered, so no answer is on its way to the worker's cache while the
    // screen is read (the service worker would keep a price the screen never showed).
    await page.waitForResponse((r) => r.url().includes('/getHomeTickerList'), { timeout: 6_000 }).catch(() => {});
    const wentOffline = Date.now();
    await page.context().setOffline(true);
    // Read once offline: no poll can move the price any more.
    const before = { price: await price.innerText(), balance: await balance.innerText(), orders: await row.count() };
    await page.reload();
    const note = page.locator('.last-known');
    await note.waitFor({ timeout: 15_000 });
    assert.is(await page.getByText(words.common.bootFailed).count(), 0, 'the app starts');
    const text = await note.innerText();
    const lead = words.offline.lastKnown.split('{{time}}')[0];
    assert.ok(text.startsWith(lead), `it says the figures are the last known: ${text}`);
    const shown = text.slice(lead.length).replace(/[\u2066-\u2069]/g, '');
    const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(wentOffline);
    assert.ok(shown.includes(time) || shown.includes(new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(wentOffline - 60_000)), `and when they were current (${time}): ${shown}`);
    await row.first().waitFor();
    assert.is(await row.count(), before.orders, 'the open orders as last seen');
    assert.is(await price.innerText(), before.price, 'the last known price');
    assert.is(await balance.innerText(), before.balance, 'the last known balance');
    await screenshot(page, `offline-reopened-${language}`);

    await amount.fill('10');
    await page.getByRole('button', { name: words.trade.up }).click();
    await dialog.getByRole('button', { name: words.ui.confirm }).click();
    await page.locator('.notify').getByText(words.offline.refuse).waitFor();
    assert.is(await row.count(), before.orders, 'no order placed');
    await screenshot(page, `offline-refused-${language}`);
    assert.equal(errorsOf(page), []);
    await page.close();
  }));
}

test('offline, a call that sends a code fails, never answered by an earlier "sent"', traced(async () => {
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  await page.goto(stage.server.url + '/login');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  const send = () =>
    page.evaluate(() =>
      fetch('/prod-api/common/email?email=offline-check%40example.com').then(
        (r) => r.json().then((env) => `answered ${r.status}${env.cachedAt ? ' from a kept copy' : ''}`),
        () => 'failed',
      ),
    );
  assert.is(await send(), 'answered 200');
  await page.context().setOffline(true);
  assert.is(await send(), 'failed');
  await page.context().setOffline(false);
  await page.close();
}));

test('signing out removes the answers kept for the signed-in user from the phone', traced(async () => {
  const page = await newMobilePage(stage.browser, { serviceWorker: true });
  // A session of its own: signing out revokes it, and the other tests go on with theirs.
  await loginAsDemo(page, stage.server.url, '/home');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  // The quote screen's open orders are what the worker keeps for a signed-in start offline; it
  // keeps an answer before the page gets it.
  const orders = page.waitForResponse((r) => r.url().includes('/h5/order/myOrderList'));
  await page.goto(stage.server.url + '/trade');
  await orders;
  const kept = () => page.evaluate(async () => (await (await caches.open('private')).keys()).length);
  assert.ok((await kept()) > 0, 'the open orders are kept');

  await page.goto(stage.server.url + '/setting');
  await page.getByText('Log out', { exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  // The page's cache calls run in order: the deletion at sign-out comes before this read.
  assert.is(await kept(), 0, "nothing of the user's is kept after they signed out");
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test.run();
