/**
 * Offline and flaky networks: a tab tapped while offline opens once the network is back, in the
 * same page, without a reload.
 */
import * as assert from 'uvu/assert';
import { browserSuite, errorsOf, loginAsDemo, newMobilePage, screenshot, traced } from './harness.ts';

const { test, stage } = browserSuite('offline');
let token = '';

test.before(async () => {
  const page = await newMobilePage(stage.browser);
  token = await loginAsDemo(page, stage.server.url, '/home');
  await page.close();
});
for (const language of ['en', 'ar']) {
  test(`${language}: a tab tapped offline shows that screen's frame and says it will open; online, it opens by itself and home navigates again`, traced(async () => {
    const page = await newMobilePage(stage.browser, { locale: language });
    await page.addInitScript(([t, lang]) => localStorage.setItem('app', JSON.stringify({ token: t, language: lang })), [token, language] as const);
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

test.run();
