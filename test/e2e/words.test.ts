/**
 * No word broken inside itself, in any of the 24 languages, on any screen a route opens at 360 px
 * (and home's shortcuts, banners and heads at 320 px): the body's `overflow-wrap: anywhere`, kept
 * for long codes and addresses, breaks a word wider than its box at any letter ("Auszahle / n").
 * A line may end inside a word only where a reader expects it: after a hyphen or a soft hyphen,
 * at a zero-width space, or between two Chinese, Japanese or Korean characters, as those scripts
 * are set; words are the language's own (Intl.Segmenter: Thai's from its dictionary). No percent
 * sign or hour's h starts a line away from its number ("Variation 24 / h"). And every button and
 * tab label fits its box ("Copia / r" once did not).
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { browserSuite, demoToken, errorsOf, newMobilePage, screenshot, settled, traced } from './harness.ts';

const { test, stage } = browserSuite('words whole at 360 px in every language');

const LANGUAGES = readdirSync(new URL('../../locales/', import.meta.url))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
/** The URLs the route table gives other words than the screens' names (src/app/paths.ts). */
const FIXED = Object.fromEntries(
  [...readFileSync(new URL('../../src/app/paths.ts', import.meta.url), 'utf8').matchAll(/^\s+(\w+): '(\/\w+)',$/gm)].map(([, name, path]) => [name!, path!]),
);
/**
 * Every route of the route table (read as text: importing it would type-check every screen here)
 * but those that show one record (`…Detail`, opened from a list with its id) and the partner's
 * sign-in, which only passes through.
 */
const ROUTES = [...readFileSync(new URL('../../src/app/routes.ts', import.meta.url), 'utf8').matchAll(/\br\('(\w+)', \d+, '(\w+)'/g)]
  .filter(([, name]) => !/Detail$/.test(name!) && name !== 'sso')
  .map(([, name, access]) => ({ path: FIXED[name!] ?? '/' + name, signedIn: access !== 'auth' }));
/** Narrower phones: home, whose shortcuts share a fifth of the width each and whose banners' titles are large. */
const NARROW: Record<string, number> = { '/home': 320 };

let token = '';
test.before(async () => {
  token = await demoToken(stage.server.url);
});

/** Words broken where no reader breaks them, and labels cut by their box, on the screen in front. */
const brokenWords = (page: Page, language: string) =>
  page.evaluate((lang) => {
    const out: string[] = [];
    const words = new Intl.Segmenter(lang, { granularity: 'word' });
    const letters = new Intl.Segmenter(lang, { granularity: 'grapheme' });
    const cjk = /^[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\u3000-\u303f\uff01-\uff60]$/u;
    const after = /^[\u00ad\u200b\u2010-]$/;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const el = node.parentElement;
      // Script text, and a screen reader's words in their one-pixel box (.sr), are never read on screen.
      if (!el || el.closest('script, style, .sr')) continue;
      const text = node.data;
      const range = document.createRange();
      for (const word of words.segment(text)) {
        if (!word.isWordLike) continue;
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word.segment.length);
        if (new Set([...range.getClientRects()].filter((r) => r.width).map((r) => Math.round(r.top))).size < 2) continue;
        let line: number | undefined;
        let prev = '';
        for (const letter of letters.segment(word.segment)) {
          // A named helper here would be wrapped in one of tsx's, which the page does not have.
          range.setStart(node, word.index + letter.index);
          range.setEnd(node, word.index + letter.index + letter.segment.length);
          // Its last box: the first letter after a soft hyphen also gives the hyphen drawn before it.
          const rect = [...range.getClientRects()].filter((r) => r.width).pop();
          const top = rect && Math.round(rect.top);
          if (top !== undefined && line !== undefined && top !== line) {
            const next = letter.segment;
            if (!after.test(prev) && !(cjk.test(prev) && cjk.test(next))) {
              out.push(`"${word.segment.slice(0, letter.index)} / ${word.segment.slice(letter.index)}" in "${text.trim().slice(0, 50)}"`);
            }
          }
          if (top !== undefined) line = top;
          prev = letter.segment;
        }
      }
      // Nor a percent sign or an hour's h parted from its number by an ordinary space ("100 / %").
      for (const sign of text.matchAll(/[\d.,]*\d(\s+)(?:%|h(?![\p{L}\p{N}]))/gu)) {
        const unit = sign.index + sign[0].length - 1;
        const tops = [unit - sign[1]!.length - 1, unit].map((at) => {
          range.setStart(node!, at);
          range.setEnd(node!, at + 1);
          return Math.round(range.getBoundingClientRect().top);
        });
        if (tops[0] !== tops[1]) out.push(`"${sign[0].replace(sign[1]!, ' / ')}" in "${text.trim().slice(0, 50)}"`);
      }
    }
    for (const el of document.querySelectorAll('main:not([hidden]) button, main:not([hidden]) [role=tab], main:not([hidden]) a.btn, .tabbar a')) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
      const label = (el as HTMLElement).innerText.trim();
      if (label && el.scrollWidth > el.clientWidth + 1) out.push(`"${label}" is cut (${el.scrollWidth} px in ${el.clientWidth} px)`);
    }
    return out;
  }, language);

/** What is broken on every walked screen in one language, each named by language, width and screen. */
async function walk(language: string): Promise<string[]> {
  const broken: string[] = [];
  for (const signedIn of [true, false]) {
    const page = await newMobilePage(stage.browser, { locale: language });
    // No slide between screens, and the marquee still: a screen half in is not a screen.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.addInitScript(([t, lang]) => localStorage.setItem('app', JSON.stringify({ ...(t ? { token: t } : {}), language: lang })), [signedIn ? token : '', language] as const);
    await page.goto(stage.server.url + (signedIn ? '/home' : '/login'));
    await page.locator('#app > *').first().waitFor({ state: 'attached' });
    for (const { path } of ROUTES.filter((r) => r.signedIn === signedIn)) {
      await page.evaluate((p) => {
        history.pushState(null, '', p);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await settled(page);
      // A screen pushed in this way has its data on the way: what is checked is the screen it shows.
      await page.waitForFunction(() => !document.querySelector('main:not([hidden]) [aria-busy=true]'), undefined, { timeout: 5000 }).catch(() => {});
      for (const width of [360, NARROW[path]]) {
        if (!width) continue;
        await page.setViewportSize({ width, height: 740 });
        const found = await brokenWords(page, language);
        if (found.length) {
          broken.push(...found.map((f) => `${language} ${width} px ${path}: ${f}`));
          await screenshot(page, `words-${language}-${width}-${path.slice(1)}`);
        }
      }
      await page.setViewportSize({ width: 360, height: 740 });
    }
    assert.equal(errorsOf(page), [], `${language}: no page errors`);
    await page.close();
  }
  return broken;
}

test('all 24 languages: no word broken inside itself, no button, tab or tab-bar label cut', traced(async () => {
  assert.is(LANGUAGES.length, 24);
  assert.ok(ROUTES.length >= 25, `the route table was read (${ROUTES.length} routes)`);
  const broken: string[] = [];
  // Four phones at a time: the walk is mostly waiting for each screen's calls.
  const queue = [...LANGUAGES];
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let language = queue.shift(); language; language = queue.shift()) broken.push(...(await walk(language)));
  }));
  assert.equal(broken, [], 'words broken or labels cut');
}));

test.run();
