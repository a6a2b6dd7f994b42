/**
 * The shared banner lies over nothing a user reads or taps (docs/rules.md#banners-and-dialogs): it
 * sits under the title bar and the screen's content moves down while it shows: on a form that
 * failed, on a page scrolled down, and on a deposit's details in a right-to-left language (money.test.ts
 * has the English deposit and the withdrawal).
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import type { PayChannel } from '../../src/shared/contract.ts';
import { browserSuite, coveredByBanner, demoToken, errorsOf, hintSignedIn, newMobilePage, screenshot, startSignedIn, traced, userCall } from './harness.ts';

const { test, stage } = browserSuite('banner: under the title bar, over no row or control');
let token = '';

test.before(async () => {
  token = await demoToken(stage.server.url);
});

const signedIn = async (language: string, path: string): Promise<Page> => {
  const page = await newMobilePage(stage.browser, { locale: language });
  await hintSignedIn(page, stage.server.url);
  await startSignedIn(page, token, language);
  await page.goto(stage.server.url + path);
  return page;
};

/** The bank channel's deposit form: its account rows with copy buttons, the amount, the proof. */
const bankChannel = async (): Promise<number> => {
  const { data } = await userCall(stage.server.url, token, '/h5/recharge/getPayChanelList');
  return (data as PayChannel[]).find((c) => c.type === 'bank')!.id;
};

/**
 * Marks what the user sees of the screen in front: its title bar, and its rows and controls whole
 * between the bar and the bottom of the screen. Answers how many rows and controls.
 */
const markInView = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const bar = document.querySelector('.app > main:not([hidden]) .bar') as HTMLElement;
    const top = bar.getBoundingClientRect().bottom;
    const whole = [...document.querySelectorAll<HTMLElement>('.app > main:not([hidden]) :is(dl > div, button, a[href], input, select, textarea, [role=tab])')].filter(
      (el) => el.getBoundingClientRect().top >= top && el.getBoundingClientRect().bottom <= innerHeight,
    );
    for (const el of [bar, ...whole]) el.dataset.seen = '';
    return whole.length;
  });

/** Waits for the banner's entrance to end, for a picture of it as it stays. */
const shown = (page: Page): Promise<unknown> => page.locator('.notify').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));

/** What the banner lies over among the marked, by text. */
const coveredOfMarked = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const b = document.querySelector('.notify')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('[data-seen]')]
      .filter((el) => el.getBoundingClientRect().top < b.bottom - 0.5 && el.getBoundingClientRect().bottom > b.top + 0.5)
      .map((el) => el.innerText.trim().replace(/\s+/g, ' ') || el.tagName);
  });

test('a refused order: the failure banner covers none of the order form in view, nor the title bar', traced(async () => {
  const page = await signedIn('en', '/trade');
  await page.getByRole('radio', { name: /^15 min/ }).click();
  // Within the expiry's limit, beyond the demo balance: the server refuses it.
  await page.getByLabel('Investment amount', { exact: true }).fill('20000');
  await page.getByRole('button', { name: 'Buy down' }).click();
  await page.getByRole('dialog').waitFor();
  const marked = await markInView(page);
  const scrolled = await page.evaluate(() => scrollY);
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.locator('.notify').getByText('Insufficient balance').waitFor();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  assert.is(await page.evaluate(() => scrollY), scrolled, 'the page is not scrolled under the banner');
  assert.equal(await coveredOfMarked(page), [], `the banner lies over none of the ${marked} things that were in view`);
  await shown(page);
  await screenshot(page, 'banner-order-refused');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('a banner on a page scrolled down moves what was in view down instead of covering it', traced(async () => {
  const page = await signedIn('en', `/recharge?id=${await bankChannel()}`);
  // A smaller phone's height, so that the form scrolls.
  await page.setViewportSize({ width: 360, height: 640 });
  await page.getByLabel('Deposit amount', { exact: true }).fill('150');
  // The last copy button (the amount to transfer) is in view once the page is scrolled down: a
  // click on one above would scroll it into view itself.
  const copy = page.locator('.app > main:not([hidden])').getByRole('button', { name: 'Copy' });
  await copy.last().waitFor();
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  const scrolled = await page.evaluate(() => scrollY);
  assert.ok(scrolled > 0, 'the form is taller than the phone');
  const marked = await markInView(page);
  await copy.last().click();
  await page.locator('.notify').waitFor();
  assert.is(await page.evaluate(() => scrollY), scrolled, 'the page is not scrolled under the banner');
  assert.equal(await coveredOfMarked(page), [], `the banner lies over none of the ${marked} things that were in view`);
  await shown(page);
  await screenshot(page, 'banner-scrolled');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test("Arabic: a deposit's details under the banner that says it was submitted", traced(async () => {
  const page = await signedIn('ar', `/recharge?id=${await bankChannel()}`);
  await page.locator('.form input[inputmode=decimal]').fill('150');
  const png = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = c.height = 64;
    return c.toDataURL('image/png').split(',')[1]!;
  });
  await page.locator('.proof input[type=file]').last().setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  const submit = page.locator('.form button[type=submit]');
  await page.waitForFunction(() => !(document.querySelector('.form button[type=submit]') as HTMLButtonElement).disabled);
  await submit.click();
  await page.waitForURL((u) => u.pathname === '/rechargeDetail');
  await page.locator('.notify').waitFor();
  await page.locator('.mrows dd').first().waitFor();
  assert.equal(await coveredByBanner(page), [], 'the banner covers no row, title or control of the details');
  await shown(page);
  await screenshot(page, 'banner-deposit-details-ar');
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test.run();
