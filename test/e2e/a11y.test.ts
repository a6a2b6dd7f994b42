import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { browserSuite, demoToken, errorsOf, hintSignedIn, newMobilePage, screenshot, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('accessibility: axe on the main screens in en and ar, labels, 44 px targets, focus order');

// Evaluated rather than added as a script tag: the page's CSP refuses inline scripts, rightly.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let token = '';

test.before(async () => {
  token = await demoToken(stage.server.url);
});

/** Screens a signed-in user reaches from the tabs, each with a text that says its content arrived. */
const USER_SCREENS: [path: string, ready: string][] = [
  ['/home', '.qs li'],
  ['/trade', '.op-quick button'],
  ['/financial', 'main:not([hidden]) .bar h1'],
  ['/user', '.acct-acts'],
  ['/yuebao', '.sv-more'],
  ['/rechargeList', 'main:not([hidden]) .cells button'],
  ['/withdraw', 'main:not([hidden]) form'],
  ['/walletRecord', '.mfilter select'],
  ['/orderList', 'main:not([hidden]) .tabs'],
  ['/myFinancial', 'main:not([hidden]) .bar h1'],
  ['/notificationRecord', 'main:not([hidden]) .btn'],
  ['/setting', '.switch'],
];
const VISITOR_SCREENS: [string, string][] = [
  ['/login', 'form'],
  ['/register', 'form'],
];

/** A phone page in `language`, signed in or not, that has not opened anything yet. */
const phone = async (language: string, signedIn: boolean): Promise<Page> => {
  const page = await newMobilePage(stage.browser);
  await page.addInitScript(
    ([token, language]) => localStorage.setItem('app', JSON.stringify({ ...(token ? { token } : {}), language })),
    [signedIn ? token : '', language] as const,
  );
  if (signedIn) await hintSignedIn(page, stage.server.url);
  return page;
};

interface Finding {
  id: string;
  impact: string;
  nodes: string[];
}

/**
 * axe's findings on the page as it is now, at every impact: the moderate ones (landmarks) would
 * cost the Lighthouse accessibility score of 100 as surely as the serious ones.
 */
const axeFindings = async (page: Page): Promise<Finding[]> => {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
};

/**
 * Visible controls smaller than 44×44 CSS px. A control inside a label counts with its label (the
 * whole row of a switch takes the tap), as the browser hands a tap on the label to the control.
 */
const smallTargets = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('button, a[href], input, select, textarea, [role=button], [role=tab], [role=option], [role=switch]')]
      .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
      .map((e) => ({ e, box: (e.closest('label') || e).getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ e, box }) => `${e.outerHTML.slice(0, 80)} ${Math.round(box.width)}×${Math.round(box.height)}`),
  );

/**
 * Images without a width and height of their own (attributes, as Lighthouse asks): the layout
 * would move when they arrive.
 */
const unsizedImages = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('img')].filter((e) => !(Number(e.getAttribute('width')) > 0 && Number(e.getAttribute('height')) > 0)).map((e) => e.outerHTML.slice(0, 80)),
  );

/** The page's description as search results would show it. */
const description = (page: Page): Promise<string | null> =>
  page.evaluate(() => document.querySelector('meta[name=description]')?.getAttribute('content') ?? null);

/** Visible form controls without an accessible name (axe checks the same; this says which). */
const unlabelled = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('main:not([hidden]) input, main:not([hidden]) select, main:not([hidden]) textarea')]
      .filter((e) => e.type !== 'hidden' && e.getClientRects().length)
      .filter((e) => !(e.labels && [...e.labels].some((l) => l.textContent!.trim())) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby'))
      .map((e) => e.outerHTML.slice(0, 80)),
  );

/** Words Lighthouse's SEO audit refuses as a link's whole text (English): they say nothing of where it leads. */
const VAGUE = new Set(['click here', 'click this', 'go', 'here', 'information', 'learn more', 'more', 'more info', 'more information', 'right here', 'read more', 'see more', 'start', 'this']);

/** Visible links whose whole text is one of those words. */
const vagueLinks = async (page: Page): Promise<string[]> =>
  (await page.evaluate(() => [...document.querySelectorAll<HTMLAnchorElement>('main:not([hidden]) a[href]')].map((a) => a.innerText.trim()))).filter((text) =>
    VAGUE.has(text.toLowerCase()),
  );

const checkScreen = async (page: Page, where: string, ready: string) => {
  // In-app navigation, as a user moves: a reload per screen would cost the boot each time.
  if (page.url() === 'about:blank') {
    await page.goto(stage.server.url + where);
    await waitForApp(page);
  } else {
    await page.evaluate((to) => history.pushState(null, '', to), where);
  }
  await page.waitForURL((u) => u.pathname === where);
  await page.locator(ready).first().waitFor();
  const findings = await axeFindings(page);
  assert.equal(findings, [], `${where}: ${JSON.stringify(findings, null, 1)}`);
  assert.equal(await smallTargets(page), [], `${where}: every control at least 44×44 px`);
  assert.equal(await unlabelled(page), [], `${where}: every field named`);
  assert.equal(await unsizedImages(page), [], `${where}: every image sized`);
  assert.equal(await vagueLinks(page), [], `${where}: every link says where it leads`);
  assert.is(await page.locator('main:not([hidden])').count(), 1, `${where}: one main landmark`);
};

for (const language of ['en', 'ar']) {
  test(`${language}: no axe finding, unnamed field or small target on the main screens`, async () => {
    const page = await phone(language, true);
    for (const [where, ready] of USER_SCREENS) await checkScreen(page, where, ready);
    // The deposit form opens from a channel of the list.
    await page.goto(stage.server.url + '/rechargeList');
    await page.locator('main:not([hidden]) .cells button').first().click();
    await page.waitForURL((u) => u.pathname === '/recharge' || u.pathname === '/coinRecharge');
    await page.locator('main:not([hidden]) input').first().waitFor();
    assert.equal(await axeFindings(page), [], 'the deposit form');
    assert.equal(await unlabelled(page), [], 'the deposit form: every field named');
    assert.equal(await smallTargets(page), [], 'the deposit form: every control at least 44×44 px');
    assert.is(await page.evaluate(() => document.documentElement.dir), language === 'ar' ? 'rtl' : 'ltr');
    await page.goto(stage.server.url + '/home');
    await page.locator('.qs .chip').first().waitFor();
    // The first banner is in view at once, often the largest paint: it must not wait as if scrolled to.
    const banners = page.locator('.bn img');
    await banners.first().waitFor();
    assert.not.equal(await banners.first().getAttribute('loading'), 'lazy', 'the first banner loads at once');
    assert.is(await banners.nth(1).getAttribute('loading'), 'lazy', 'the others when scrolled to');
    await page.locator('.nts .sec a').waitFor();
    assert.equal(await vagueLinks(page), [], 'home with its notices: every link says where it leads');
    await screenshot(page, `a11y-home-${language}`);
    await page.goto(stage.server.url + '/trade');
    await page.locator('.op-go').waitFor();
    await screenshot(page, `a11y-trade-${language}`);
    // A dialog is a screen of its own while it is open: the order confirmation is scanned too.
    await page.locator('.op-quick button').first().click();
    await page.locator('.op-up').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button').last().waitFor();
    // Scanned once it has faded in: mid-fade, its colours would fail the contrast check.
    await page.waitForFunction(() => {
      const frame = document.querySelector('.frame:not(.off)');
      return !!frame && frame.getAnimations({ subtree: true }).length === 0;
    });
    assert.equal(await axeFindings(page), [], 'the order confirmation dialog');
    assert.equal(await smallTargets(page), [], 'the order confirmation: every control at least 44×44 px');
    await screenshot(page, `a11y-trade-confirm-${language}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(errorsOf(page), []);
    await page.close();

    const visitor = await phone(language, false);
    for (const [where, ready] of VISITOR_SCREENS) await checkScreen(visitor, where, ready);
    const words = JSON.parse(readFileSync(new URL(`../../locales/${language}.json`, import.meta.url), 'utf8')) as { common: { description: string } };
    await visitor.waitForFunction((text) => document.querySelector('meta[name=description]')?.getAttribute('content') === text, words.common.description, { timeout: 5000 }).catch(() => {});
    assert.is(await description(visitor), words.common.description, `${language}: the page is described in its language`);
    assert.equal(errorsOf(visitor), []);
    await visitor.close();
  });
}

/** The accessible names and boxes of the controls Tab visits from the top of the page, in order. */
const tabWalk = async (page: Page, stops: number) => {
  const seen: { name: string; x: number; y: number }[] = [];
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    seen.push(
      await page.evaluate(() => {
        const e = document.activeElement as HTMLElement;
        const r = e.getBoundingClientRect();
        const label = (e as HTMLInputElement).labels?.[0]?.textContent || e.getAttribute('aria-label') || e.textContent || '';
        return { name: label.trim(), x: r.left + r.width / 2, y: r.top + r.height / 2 };
      }),
    );
  }
  return seen;
};

for (const language of ['en', 'ar']) {
  test(`${language}: Tab walks the login form in reading order`, async () => {
    const page = await phone(language, false);
    await page.goto(stage.server.url + '/login');
    await page.locator('form input').first().waitFor();
    const walk = await tabWalk(page, 6);
    if (language === 'en') {
      assert.equal(
        walk.map((s) => s.name),
        // The password's show switch sits at the end of its field, so it comes right after it.
        ['Language', 'Username', 'Password', 'Show', 'Log in', 'No account yet? Sign up'],
      );
    }
    // Reading order: down the page, and along a row in the language's direction.
    for (let i = 1; i < walk.length; i++) {
      const [a, b] = [walk[i - 1], walk[i]];
      const sameRow = Math.abs(a.y - b.y) < 10;
      assert.ok(
        sameRow ? (language === 'ar' ? b.x < a.x : b.x > a.x) : b.y > a.y,
        `${language}: "${b.name}" comes after "${a.name}" on screen (${JSON.stringify(walk)})`,
      );
    }
    assert.equal(errorsOf(page), []);
    await page.close();
  });
}

test.run();
