/**
 * Every button and tab label whole, in every language, at 360 px: no word broken across lines
 * ("Copia / r") and no label cut by its box. The screens walked are those a user meets first and
 * that hold most of the short labels: the four tabs and the withdrawal form.
 */
import { readdirSync } from 'node:fs';
import * as assert from 'uvu/assert';
import { browserSuite, errorsOf, loginAsDemo, newMobilePage, screenshot, traced } from './harness.ts';

const { test, stage } = browserSuite('labels whole at 360 px in every language');

const LANGUAGES = readdirSync(new URL('../../locales/', import.meta.url))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
/** Each screen, and what shows once its calls have answered (its labels are all there then). */
const PATHS: [string, string][] = [
  ['/home', '.qs li .num'],
  ['/trade', '.op-quick button'],
  ['/financial', '.btn.block'],
  ['/user', '.inv-row button'],
  ['/withdraw', 'form .btn'],
];

let token = '';
test.before(async () => {
  const page = await newMobilePage(stage.browser);
  token = await loginAsDemo(page, stage.server.url, '/home');
  await page.close();
});

/** The labels broken or cut on the walked screens in one language. */
async function walk(language: string): Promise<string[]> {
  const broken: string[] = [];
  const page = await newMobilePage(stage.browser, { locale: language });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(([t, lang]) => localStorage.setItem('app', JSON.stringify({ token: t, language: lang })), [token, language] as const);
  await page.goto(stage.server.url + '/home');
  for (const [path, ready] of PATHS) {
    await page.evaluate((p) => {
      history.pushState(null, '', p);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.locator('main:not([hidden]) ' + ready).first().waitFor();
    const found = await page.evaluate((lang) => {
      const out: string[] = [];
      const words = new Intl.Segmenter(lang, { granularity: 'word' });
      const labels = document.querySelectorAll('main:not([hidden]) button, main:not([hidden]) [role=tab], main:not([hidden]) a.btn, .tabbar a');
      for (const el of labels) {
        const box = el.getBoundingClientRect();
        if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
        const text = (el as HTMLElement).innerText.trim();
        if (!text) continue;
        if (el.scrollWidth > el.clientWidth + 1) out.push(`"${text}" is cut (${el.scrollWidth} px in ${el.clientWidth} px)`);
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          for (const s of words.segment(n.textContent || '')) {
            if (!s.isWordLike) continue;
            const range = document.createRange();
            range.setStart(n, s.index);
            range.setEnd(n, s.index + s.segment.length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width).map((r) => Math.round(r.top)));
            if (lines.size > 1) out.push(`"${text}": "${s.segment}" is broken over ${lines.size} lines`);
          }
        }
      }
      return out;
    }, language);
    if (found.length) {
      broken.push(...found.map((f) => `${language} ${path}: ${f}`));
      await screenshot(page, `labels-${language}-${path.slice(1)}`);
    }
  }
  assert.equal(errorsOf(page), [], `${language}: no page errors`);
  await page.close();
  return broken;
}

test('all 24 languages: no button, tab or tab-bar label is broken inside a word or cut', traced(async () => {
  assert.is(LANGUAGES.length, 24);
  const broken: string[] = [];
  // Four phones at a time: the walk is mostly waiting for each screen's calls.
  const queue = [...LANGUAGES];
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let language = queue.shift(); language; language = queue.shift()) broken.push(...(await walk(language)));
  }));
  assert.equal(broken, [], 'labels broken or cut');
}));

test.run();
