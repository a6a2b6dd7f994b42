/**
 * The app inside a partner's WebView: site data and cookies turned off for real (a Chromium profile
 * whose cookie setting blocks them, which also makes `localStorage` throw), an engine without what
 * Chrome 63 lacks, and the page opened with `?lang=` and `?theme=`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../server/seed/content.ts';
import { browserPath, browserSuite, errorsOf, MOBILE_UA, newMobilePage, screenshot, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('partner WebViews');

/** Signs in from the login form the guard shows, and waits for the page asked for. */
async function signIn(page: Page, asked: string): Promise<void> {
  await at(page, '/login');
  await page.getByLabel('Username', { exact: true }).fill(DEMO_USERNAME);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await at(page, asked);
}

/** Moves inside the app (a reload would start over: nothing is kept without storage). */
async function tab(page: Page, href: string): Promise<void> {
  await page.locator(`.tabbar a[href="${href}"]`).click();
  await at(page, href);
  // The tab bar marks the tab once its screen shows; until then a tap on the previous tab is ignored.
  await page.locator(`.tabbar a[href="${href}"][aria-current="page"]`).waitFor();
}

/** Waits for the app's own address change (waitForURL can miss a same-document one in a persistent context). */
const at = (page: Page, pathname: string) => page.waitForFunction((p) => location.pathname === p, pathname, { polling: 100 });

test('cookies and site data blocked: the app starts, says once that nothing is kept, and a session works', async () => {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'tl-blocked-'));
  mkdirSync(path.join(profile, 'Default'));
  // Chromium's own "block all cookies and site data" setting, as a WebView without DOM storage or
  // a browser with cookies off has it.
  writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, {
      // The whole browser: the headless shell does not read a profile's content settings.
      executablePath: browserPath(),
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: MOBILE_UA,
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(stage.server.url + '/user');
    const storage = await page.evaluate(() => {
      try {
        return typeof localStorage.getItem('app');
      } catch (e) {
        return (e as Error).name;
      }
    });
    assert.is(storage, 'SecurityError', 'the profile really refuses site data');

    await signIn(page, '/user');
    const notice = page.locator('.notify');
    await notice.getByText('This browser keeps no data for the app').waitFor();
    assert.is(await page.evaluate(() => document.cookie), '', 'no cookie is readable');
    assert.equal(await context.cookies(), [], 'and none was stored: the XSRF cookie never arrived');

    // A signed-in call and a write, with the token kept in memory only.
    await page.getByText(DEMO_USERNAME).first().waitFor();
    await tab(page, '/home');
    await tab(page, '/user');
    await page.getByText(DEMO_USERNAME).first().waitFor();
    assert.is(await notice.count(), 1, 'one notice, not one per screen');
    assert.equal(errors, []);
    // Last: a full-page shot resizes the page for a moment.
    await screenshot(page, 'webview-no-storage');
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('an engine without what Chrome 63 lacks still starts, signs in and shows prices and money', async () => {
  const page = await newMobilePage(stage.browser);
  // globalThis stays: the test driver needs it (old-webviews.test.ts: the build leaves none).
  // No named helpers in here: the test runner's transform would wrap them in a call the page lacks.
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.queueMicrotask;
    delete w.AbortController;
    delete (Array.prototype as unknown as Record<string, unknown>).flatMap;
    delete (Intl.NumberFormat.prototype as unknown as Record<string, unknown>).formatToParts;
  });
  await page.goto(stage.server.url + '/trade');
  assert.is(await page.evaluate(() => typeof (window as { AbortController?: unknown }).AbortController), 'undefined', 'the engine really lacks them');
  await signIn(page, '/trade');
  await waitForApp(page);
  // The quote screen: prices from the worker, the balance in the order panel through formatMoney.
  await page.locator('.num').first().waitFor();
  await tab(page, '/user');
  await page.getByText(DEMO_USERNAME).first().waitFor();
  await tab(page, '/home');
  await page.locator('.qs li').nth(5).waitFor();
  assert.equal(errorsOf(page), []);
  await page.close();
});

test('?lang= and ?theme= on the first load choose the language and theme, before the app paints', async () => {
  const page = await newMobilePage(stage.browser);
  await page.goto(stage.server.url + '/login?lang=de&theme=light', { waitUntil: 'commit' });
  await page.waitForFunction(() => document.getElementById('sk'));
  const early = await page.evaluate(() => ({ theme: document.documentElement.dataset.theme, bg: getComputedStyle(document.body).backgroundColor }));
  assert.is(early.theme, 'light', 'the skeleton already paints in the light theme');
  assert.is(early.bg, 'rgb(244, 245, 247)');
  await page.getByRole('button', { name: 'Anmelden' }).waitFor();
  assert.is(await page.evaluate(() => document.documentElement.lang), 'de');
  assert.is(await page.evaluate(() => document.documentElement.dataset.theme), 'light', 'the configured theme does not replace it');

  // Later pages without the parameters: the language was saved, the theme holds for the session.
  await page.goto(stage.server.url + '/register');
  await waitForApp(page);
  assert.is(await page.evaluate(() => document.documentElement.lang), 'de');
  assert.is(await page.evaluate(() => document.documentElement.dataset.theme), 'light');

  await page.goto(stage.server.url + '/login?lang=zh-hk&theme=dark');
  await page.getByRole('button', { name: '登入' }).waitFor();
  assert.is(await page.evaluate(() => document.documentElement.lang), 'zh-TW', 'a tag maps to the app\'s language');
  assert.is(await page.evaluate(() => document.documentElement.dataset.theme), 'long', 'dark is the default dark theme');
  assert.equal(errorsOf(page), []);
  await page.close();
});

test.run();
