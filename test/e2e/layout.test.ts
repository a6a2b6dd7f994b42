/**
 * The page fits a 360 px phone in the languages with the longest texts: no route is wider than the
 * screen (a wider page scrolls sideways and cuts dates, filters and codes). And money ranges keep
 * their order in Arabic. And every screen's title bar is where a banner shows under it.
 */
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { browserSuite, demoToken, errorsOf, newMobilePage, screenshot, settled, traced } from './harness.ts';

const { test, stage } = browserSuite('layout at 360 px');
let token = '';

type Tree = { [key: string]: string | Tree };
const length = (t: Tree): number => Object.values(t).reduce<number>((n, v) => n + (typeof v === 'string' ? v.length : length(v)), 0);
const localesDir = new URL('../../locales/', import.meta.url);
/** The three languages whose texts are longest, measured from locales/ (fr, de, es as of writing). */
const LONGEST = readdirSync(localesDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ code: f.replace(/\.json$/, ''), n: length(JSON.parse(readFileSync(new URL(f, localesDir), 'utf8')) as Tree) }))
  .sort((a, b) => b.n - a.n)
  .slice(0, 3)
  .map((l) => l.code);
/** Every route of the one route table (read as text: importing it would type-check every screen here). */
const routes = [...readFileSync(new URL('../../src/app/routes.ts', import.meta.url), 'utf8').matchAll(/\br\('(\w+)', \d+, '(\w+)'/g)].map(
  ([, name, access]) => ({ name: name!, path: '/' + name, access: access! }),
);
/** And Brazilian Portuguese, where the overflow was first met. */
const LANGUAGES = [...new Set([...LONGEST, 'pt-BR'])];

test.before(async () => {
  token = await demoToken(stage.server.url);
});
const phone = async (language: string, signedIn: boolean): Promise<Page> => {
  const page = await newMobilePage(stage.browser, { locale: language });
  // No slide between screens: a page half slid in is not a page wider than the screen.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(([t, lang]) => localStorage.setItem('app', JSON.stringify({ ...(t ? { token: t } : {}), language: lang })), [signedIn ? token : '', language] as const);
  return page;
};

/** The page's width and the elements that stick out past the right edge (or the left, in RTL). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const out: string[] = [];
    if (wide > width) {
      for (const el of document.querySelectorAll('main:not([hidden]) *')) {
        const r = el.getBoundingClientRect();
        if (r.width && (r.right > width + 0.5 || r.left < -0.5)) out.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)} "${(el.textContent || '').slice(0, 40)}"`);
      }
    }
    return { width, wide, out: out.slice(-6) };
  });

/** A form field's label (its first child) that ends below the top of the control after it. */
const labelsBeside = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const field of document.querySelectorAll('main:not([hidden]) .field')) {
      const [label, control] = [field.firstElementChild, field.firstElementChild?.nextElementSibling];
      if (!label || !control || !/^(LABEL|SPAN)$/.test(label.tagName)) continue;
      const [a, b] = [label.getBoundingClientRect(), control.getBoundingClientRect()];
      if (a.height && b.height && a.bottom > b.top + 0.5) out.push(`"${label.textContent}" ends at ${Math.round(a.bottom)}, its ${control.tagName.toLowerCase()} starts at ${Math.round(b.top)}`);
    }
    return out;
  });

for (const language of LANGUAGES) {
  test(`${language}: no route is wider than the 360 px screen`, traced(async () => {
    assert.ok(routes.length >= 30, `the route table was read (${routes.length} routes)`);
    const wider: string[] = [];
    /** Screens whose title bar is not the banner's anchor: a `.page` with its `.bar`, straight in the `main` (ui.css .notify). */
    const unframed: string[] = [];
    /** Field labels sharing a line with what they name (every form writes the label above it). */
    const beside: string[] = [];
    for (const signedIn of [true, false]) {
      const page = await phone(language, signedIn);
      await page.goto(stage.server.url + (signedIn ? '/home' : '/login'));
      await page.locator('#app > *').first().waitFor({ state: 'attached' });
      for (const r of routes.filter((r) => (r.access === 'auth') !== signedIn)) {
        await page.evaluate((path) => {
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
        }, r.path);
        await settled(page);
        // A screen pushed in this way has its data on the way: what is checked is the screen it shows.
        await page.waitForFunction(() => !document.querySelector('main:not([hidden]) [aria-busy=true]'), undefined, { timeout: 5000 }).catch(() => {});
        if (r.name === 'user') {
          const code = page.locator('.inv-row > b');
          await code.waitFor();
          const lines = await code.evaluate((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return new Set([...range.getClientRects()].map((q) => Math.round(q.top))).size;
          });
          if (lines !== 1) wider.push(`/user: the invitation code is broken over ${lines} lines`);
        }
        if (!(await page.locator('.app > main:not([hidden]) > .page > .bar').count())) unframed.push(r.path);
        beside.push(...(await labelsBeside(page)).map((s) => `${r.path}: ${s}`));
        const o = await overflow(page);
        if (o.wide > o.width) {
          wider.push(`${r.path} is ${o.wide} px wide: ${o.out.join('; ')}`);
          await screenshot(page, `overflow-${language}-${r.name}`);
        }
      }
      assert.equal(errorsOf(page), []);
      await page.close();
    }
    assert.equal(wider, [], `${language}: routes wider than the screen`);
    assert.equal(unframed, [], `${language}: screens without the title bar a banner shows under`);
    assert.equal(beside, [], `${language}: field labels beside their control instead of above it`);
  }));
}

/** The legend's prices that stick out of its box, and the legend reaching into the plot below it. */
const legendCut = (page: Page) =>
  page.evaluate(() => {
    const legend = document.querySelector('.cc-legend')!.getBoundingClientRect();
    const plot = document.querySelector('.ch-plot .u-over')!.getBoundingClientRect();
    const out: string[] = [];
    for (const label of document.querySelectorAll('.cc-legend > span')) {
      const r = label.getBoundingClientRect();
      if (r.right > legend.right + 0.5 || r.left < legend.left - 0.5 || r.bottom > legend.bottom + 0.5 || r.top < legend.top - 0.5)
        out.push(`"${label.textContent}" at ${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.top)}–${Math.round(r.bottom)} is cut by the legend's ${Math.round(legend.left)}–${Math.round(legend.right)} × ${Math.round(legend.top)}–${Math.round(legend.bottom)}`);
    }
    if (legend.bottom > plot.top + 0.5) out.push(`the legend ends at ${legend.bottom}, below the plot's top ${plot.top}`);
    return out;
  });

/**
 * Gives the phone another width and waits until the chart has followed it: the legend is measured
 * again then (candle-chart.ts resize), and whatever its layout does after that has ended.
 */
async function chartAt(page: Page, width: number): Promise<{ chart: number; rows: string | null }> {
  await page.setViewportSize({ width, height: 740 });
  await page.waitForFunction(() => {
    const plot = document.querySelector('.ch-plot')!;
    return (plot.querySelector('.u-wrap') as HTMLElement).style.width === plot.clientWidth + 'px';
  });
  return page.evaluate(() =>
    Promise.all(document.querySelector('.cc-legend')!.getAnimations({ subtree: true }).map((a) => a.finished)).then(() => ({
      chart: document.querySelector('.ch-plot')!.clientWidth,
      rows: document.querySelector('.cc-legend')!.getAttribute('data-rows'),
    })),
  );
}

for (const language of ['pt-BR', 'en', 'ar']) {
  const resized = language === 'ar';
  test(`${language}: the chart legend shows its four prices whole, above the candles${resized ? ', also after the width changes' : ''}`, traced(async () => {
    const page = await phone(language, true);
    await page.goto(stage.server.url + '/trade');
    await page.locator('.ch-box[data-drawn]:not([data-drawn=""])').waitFor({ timeout: 15_000 });
    const cut = await legendCut(page);
    await screenshot(page, `chart-legend-${language}`);
    assert.equal(cut, [], `${language}: legend values cut`);
    if (resized) {
      // A phone turned, a split screen, a WebView resized: the legend is measured again at the new
      // width. Under reduced motion (set by phone()) every style change is a short transition
      // (base.css), which that measurement must not read half-way: switching back from two lines,
      // the gaps between the prices were still 0 px, and a line 10 px too long was judged to fit.
      // Up to the phone widths the app fills (a wider screen gets a frame of at most 450 px), the
      // chart is as wide as the screen.
      const wide = await chartAt(page, 440);
      assert.equal(wide, { chart: 440, rows: null }, 'at 440 px the legend is one line');
      const need = await page.evaluate(() => {
        const legend = document.querySelector('.cc-legend')!;
        const spans = [...legend.children].map((s) => s.getBoundingClientRect());
        const style = getComputedStyle(legend);
        return Math.ceil(Math.max(...spans.map((r) => r.right)) - Math.min(...spans.map((r) => r.left)) + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight));
      });
      assert.equal(await chartAt(page, need - 40), { chart: need - 40, rows: '2' }, `a chart 40 px narrower than the ${need} px one line needs takes two`);
      const near = await chartAt(page, need - 10);
      assert.equal(await legendCut(page), [], `${language}: legend values cut at ${near.chart} px, 10 px short of one line, after two lines`);
      assert.is(near.rows, '2');
    }
    assert.equal(errorsOf(page), []);
    await page.close();
  }));
}

/** Each "min – max" on the screen: whether the smaller amount is painted left of the larger. */
const rangeOrder = (page: Page) =>
  page.evaluate(() => {
    const found: { text: string; minLeftOfMax: boolean }[] = [];
    for (const el of document.querySelectorAll('main:not([hidden]) .num')) {
      const text = el.textContent || '';
      if (!/\d\s*–\s*\D*\d/.test(text.replace(/[\u2066-\u2069]/g, ''))) continue;
      const node = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const runs: { left: number; value: number }[] = [];
      for (let n = node.nextNode(); n; n = node.nextNode()) {
        for (const m of (n.textContent || '').matchAll(/\d[\d,.]*\d|\d/g)) {
          const r = document.createRange();
          r.setStart(n, m.index!);
          r.setEnd(n, m.index! + m[0].length);
          runs.push({ left: r.getBoundingClientRect().left, value: Number(m[0].replace(/,/g, '')) });
        }
      }
      if (runs.length >= 2) found.push({ text: text.replace(/[\u2066-\u2069\u200e\u200f]/g, ''), minLeftOfMax: runs[0]!.left < runs[1]!.left });
    }
    return found;
  });

for (const language of ['en', 'ar']) {
  test(`${language}: every money range reads min – max, left to right, on finance, recharge and withdraw`, traced(async () => {
    const page = await phone(language, true);
    for (const path of ['/financial', '/rechargeList', '/withdraw']) {
      await page.goto(stage.server.url + path);
      await settled(page);
      const ranges = await rangeOrder(page);
      assert.ok(ranges.length > 0, `${path} shows a range`);
      for (const r of ranges) assert.ok(r.minLeftOfMax, `${language} ${path}: "${r.text}" shows the minimum first`);
      if (language === 'ar') {
        // A single Arabic amount is written "0 $": the symbol is painted right of its digits.
        const flipped = await page.evaluate(() =>
          [...document.querySelectorAll('main:not([hidden]) .num')].flatMap((el) => {
            const node = el.firstChild;
            const text = node && node.nodeType === 3 ? node.textContent || '' : '';
            const m = /^[\u200e\u200f]?(\d[\d,.]*) \$$/.exec(text);
            if (!m) return [];
            const at = (from: number, to: number) => {
              const r = document.createRange();
              r.setStart(node!, from);
              r.setEnd(node!, to);
              return r.getBoundingClientRect().left;
            };
            const digits = text.indexOf(m[1]!);
            return at(text.length - 1, text.length) > at(digits, digits + 1) ? [] : [text];
          }),
        );
        assert.equal(flipped, [], `${path}: amounts shown with the symbol before the digits`);
      }
      await screenshot(page, `ranges-${language}-${path.slice(1)}`);
    }
    assert.equal(errorsOf(page), []);
    await page.close();
  }));
}

test.run();
