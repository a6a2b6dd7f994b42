/**
 * The home page carries the prices of this second in its skeleton, written the way the app writes
 * them in the language the app will pick, and nothing private; other pages stay as built.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Ticker } from '../../src/shared/contract.ts';
import { decimalsOf, formatNumber, formatPercent } from '../../src/lib/number.ts';
import { setLocale } from '../../src/i18n/index.ts';
import { browserLanguages } from '../../server/pages/home-prices.ts';
import { eq } from 'drizzle-orm';
import { config } from '../../server/db/schema/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** The boot script, which reads the answers the page carries before it. */
const BOOT = '<script>boot()</script>';
/** A grey row as built (public/index.html), for pages without prices. */
const ROW = '<div><i class="n"></i><i class="p"></i><i class="c"></i><small><i class="v"></i></small></div>';
const PAGE = `<!doctype html><html lang="en" dir="ltr"><head><title>t</title>${BOOT}</head><body><div id="app"></div><div id="sk" aria-hidden="true"><header><i class="t"></i></header>${ROW.repeat(8)}</div></body></html>`;
const dist = mkdtempSync(path.join(tmpdir(), 'tl-priced-'));
mkdirSync(dist, { recursive: true });
writeFileSync(path.join(dist, 'index.html'), PAGE);
/** The live rows' script as the build leaves it (src/boot/live-rows.ts): the server's to write into the home page. */
const LIVE = 'window.liveRows=1';
writeFileSync(path.join(dist, 'live-rows.js'), LIVE);
/** Arabic's words for the shortcuts and the list (its locale file as built); the other languages have none here. */
const AR_SHORTCUTS = { deposit: 'إيداع', withdraw: 'سحب', orders: 'أوامري', savings: 'الادخار', finance: 'المالية' };
const AR_WORDS = { name: 'الاسم', last: 'آخر سعر', change: 'التغير خلال 24 ساعة', high: 'الأعلى خلال 24 ساعة', low: 'الأدنى خلال 24 ساعة', ...AR_SHORTCUTS };
mkdirSync(path.join(dist, 'locales'));
writeFileSync(path.join(dist, 'locales', 'ar-ABCD1234.json'), JSON.stringify({ home: AR_WORDS }));
writeFileSync(path.join(dist, 'routes.json'), JSON.stringify({ home: ['/assets/home-AAAAAAAA.js'], trade: [], notFound: [] }));

const test = suite<{ s: TestServer }>('priced home page', {} as { s: TestServer });
test.before(async (c) => {
  c.s = await startTestServer({ distDir: dist });
});
test.after(async (c) => {
  await c.s.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (s: TestServer, url: string, headers: Record<string, string> = {}) => {
  const res = await s.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...headers } });
  assert.is(res.statusCode, 200, url);
  return brotliDecompressSync(res.rawPayload).toString();
};

/** Symbol (what a tap opens), name, price and change of each row the server wrote. */
const rows = (html: string) =>
  [...html.matchAll(/<div class="q" data-s="([^"]*)"><b>([^<]*)<\/b><b class="num" dir="ltr">([^<]*)<\/b><em[^>]*>([^<]*)<\/em><small>.*?<\/small><\/div>/g)].map((m) => [m[1], m[2], m[3], m[4]]);

/** Each row's line under it: the 24-hour high and low, each after its word. */
const ranges = (html: string) =>
  [...html.matchAll(/<small><span>([^<]*) <bdi>([^<]*)<\/bdi><\/span><span>([^<]*) <bdi>([^<]*)<\/bdi><\/span><\/small>/g)].map((m) => m.slice(1, 5));

const tickers = async (s: TestServer) => (await s.call<Ticker[]>('GET', '/h5/symbol/getHomeTickerList')).data;

/** What the app's home list shows for these tickers in `lang` (src/screens/home/Quotes.tsx). */
const asTheAppWrites = (list: Ticker[], lang: string) => {
  setLocale(lang, {});
  return list.slice(0, 5).map((t) => [t.symbol, t.name, formatNumber(t.price), formatPercent(t.change, true)]);
};

test('the prices of the ticker list the app polls, in the language of the browser, as the app writes them', async ({ s }) => {
  for (const [accept, lang] of [['pt-BR,pt;q=0.9,en;q=0.5', 'pt-BR'], ['de-DE', 'de'], ['en-US', 'en']] as const) {
    const html = await page(s, '/home', { 'accept-language': accept });
    assert.ok(html.includes(`<html lang="${lang}" dir="ltr" data-sl="${lang}"`), `${accept}: the page names its language`);
    assert.equal(rows(html), asTheAppWrites(await tickers(s), lang), accept);
    assert.ok(html.includes('modulepreload" href="/assets/home-AAAAAAAA.js"'), 'the screen preloads stay');
  }
});

test('`?lang=` (a partner app) wins over the browser; Arabic pages are right-to-left', async ({ s }) => {
  const html = await page(s, '/home?lang=ar', { 'accept-language': 'de' });
  assert.ok(html.includes('<html lang="ar" dir="rtl" data-sl="ar"'));
  assert.equal(rows(html), asTheAppWrites(await tickers(s), 'ar'));
});

test("the shortcuts' labels, the list's heads and each row's high and low, in the language's words, the numbers as the app writes them", async ({ s }) => {
  const html = await page(s, '/home?lang=ar');
  const { name, last, change, high, low } = AR_WORDS;
  assert.ok(html.includes(`<div class="q h"><bdi>${name}</bdi><bdi>${last}</bdi><em>${change}</em></div><div class="q" data-s=`), 'the heads, right above the rows');
  // The shortcuts' labels under the lists' boxes, above the heads, in the app's order (screens/home/Entries.tsx).
  const labels = Object.values(AR_SHORTCUTS).map((w) => `<a>${w}</a>`).join('');
  assert.ok(html.includes(`</header><p></p><hr><nav>${labels}</nav><div class="q h">`), 'the shortcuts, right above the heads');
  setLocale('ar', {});
  const expected = (await tickers(s)).slice(0, 5).map((t) => [high, formatNumber(t.high, decimalsOf(t.price)), low, formatNumber(t.low, decimalsOf(t.price))]);
  assert.equal(ranges(html), expected);
  // A language whose words the build lacks is written without them: numbers only, no heads.
  const de = await page(s, '/home?lang=de');
  assert.not.ok(de.includes('class="q h"') || de.includes('<nav>'));
  assert.is(ranges(de).length, 5);
});

test('a hostile `?lang=` is never written into the page: the language is one of ours, else detected', async ({ s }) => {
  for (const lang of ['%00', '%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'x'.repeat(5000), 'ar&lang=de', 'Infinity']) {
    const html = await page(s, '/home?lang=' + lang, { 'accept-language': 'de' });
    const named = /data-sl="([^"]*)"/.exec(html)?.[1];
    assert.ok(named === 'de' || named === 'ar', `?lang=${lang.slice(0, 40)}: ${named}`);
    assert.not.ok(html.includes('<script>alert'), 'nothing of the parameter in the page');
    assert.is(rows(html).length, 5);
  }
});

test('never older than the answer a poll gets: a second later, the page moves with the ticker list', async ({ s }) => {
  const before = rows(await page(s, '/home'));
  s.clock.advance(60_000);
  const after = rows(await page(s, '/home'));
  assert.not.equal(after, before, 'a minute moves the prices');
  assert.equal(after, asTheAppWrites(await tickers(s), 'en'));
});

test('the operator\'s list order (tickerListOrderSwap) is the order the app will show', async ({ s }) => {
  await s.ctx.db.insert(config).values({ key: 'tickerListOrderSwap', value: 'eth,btc' }).onConflictDoUpdate({ target: config.key, set: { value: 'eth,btc' } });
  s.clock.advance(1000);
  const names = rows(await page(s, '/home')).map((r) => r[1]);
  assert.equal(names.slice(0, 2), ['ETH/USDT', 'BTC/USDT']);
  await s.ctx.db.delete(config).where(eq(config.key, 'tickerListOrderSwap'));
});

test('nothing private: a signed-in request gets the page a visitor gets; other screens carry no prices', async ({ s }) => {
  const { token } = await s.register();
  const visitor = await page(s, '/home');
  const signedIn = await page(s, '/home', { authorization: 'Bearer ' + token, cookie: 'XSRF-TOKEN=' + 'a'.repeat(32) });
  assert.is(signedIn, visitor);
  for (const url of ['/trade', '/nothing-here']) {
    const html = await page(s, url);
    assert.is(rows(html).length, 0, url);
    assert.not.ok(html.includes('data-sl'), url);
    assert.ok(html.includes(ROW.repeat(8)), `${url}: the grey rows`);
  }
});

test("the live rows' script is in the home page alone, right after its rows, allowed by the page's CSP, and never served as a file", async ({ s }) => {
  const res = await s.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'br' } });
  const html = brotliDecompressSync(res.rawPayload).toString();
  const at = html.indexOf(`<script>${LIVE}</script>`);
  assert.is(rows(html.slice(0, at)).length, 5, 'after the five rows');
  assert.ok(html.slice(0, at).endsWith('</small></div>') && html.slice(at).startsWith(`<script>${LIVE}</script></div>`), 'before the rest of the page (and the stylesheet)');
  assert.not.ok(html.includes(ROW), 'the priced rows take the place of the grey ones');
  const hash = `'sha256-${createHash('sha256').update(LIVE).digest('base64')}'`;
  assert.ok(String(res.headers['content-security-policy']).includes(hash), 'its hash is among the scripts the page may run');
  for (const url of ['/trade', '/nothing-here']) assert.not.ok((await page(s, url)).includes(LIVE), `${url}: no live rows, no script`);
  for (const url of ['/live-rows.js', '/live-rows.js.br']) assert.is((await s.app.inject({ method: 'GET', url })).statusCode, 404, url);
});

/** The start-up answers the page carries right before its boot script, which reads them as it runs. */
const carried = (html: string) => {
  const m = /<script type="application\/json" id="sa">([^<]*)<\/script><script>boot\(\)<\/script>/.exec(html);
  assert.ok(m, 'the page carries the start-up answers before its boot script');
  return JSON.parse(m![1]!) as Record<string, unknown>;
};

test('the page carries the answers of four start-up calls of its second, as the calls give them; the ticker list, the live rows\' first poll, is called', async ({ s }) => {
  s.clock.advance(1000);
  const answers = carried(await page(s, '/home', { 'accept-language': 'de' }));
  const paths = ['/common/config/list', '/common/getLogo', '/h5/symbol/getPlays', '/h5/symbol/getContractMoney'];
  assert.equal(Object.keys(answers).sort(), paths.sort());
  for (const path of paths) assert.equal(answers[path], await s.call('GET', path), `what ${path} answers`);
});

test("every other page carries the two answers a visitor's language depends on, of its second; the market's are called", async ({ s }) => {
  s.clock.advance(1000);
  const paths = ['/common/config/list', '/common/getLogo'];
  for (const url of ['/trade', '/nothing-here', '/login']) {
    const html = await page(s, url);
    const answers = carried(html);
    assert.equal(Object.keys(answers).sort(), paths, url);
    for (const path of paths) assert.equal(answers[path], await s.call('GET', path), `${url}: what ${path} answers`);
    assert.ok(html.includes('<html lang="en" dir="ltr">'), `${url}: the language is the app's to pick`);
  }
  // As fresh as the call: the operator's change is in the next page, within the same second.
  await s.ctx.db.insert(config).values({ key: 'defaultLanguage', value: 'fr' }).onConflictDoUpdate({ target: config.key, set: { value: 'fr' } });
  const after = carried(await page(s, '/trade'))['/common/config/list'] as { data: { configKey: string; configValue: string }[] };
  assert.is(after.data.find((i) => i.configKey === 'defaultLanguage')?.configValue, 'fr');
  await s.ctx.db.delete(config).where(eq(config.key, 'defaultLanguage'));
});

test('a config value cannot end the element that carries it, nor open a script, on any page', async ({ s }) => {
  const hostile = '</script><script>alert(1)</script><!--\u2028"\\';
  // A text the operator sets and the app shows (its public config list carries only the app's keys).
  await s.ctx.db.insert(config).values({ key: 'promptFundFreeze', value: hostile }).onConflictDoUpdate({ target: config.key, set: { value: hostile } });
  s.clock.advance(1000);
  for (const url of ['/home', '/trade', '/nothing-here']) {
    const html = await page(s, url);
    assert.not.ok(html.includes('<script>alert'), `${url}: no script of the value in the page`);
    const item = (carried(html)['/common/config/list'] as { data: { configKey: string; configValue: string }[] }).data.find((i) => i.configKey === 'promptFundFreeze');
    assert.is(item?.configValue, hostile, `${url}: the value reaches the app unchanged`);
  }
  await s.ctx.db.update(config).set({ value: '' }).where(eq(config.key, 'promptFundFreeze'));
});

test('Accept-Language is read in q order, refusals and wildcards skipped', () => {
  assert.equal(browserLanguages('en;q=0.5, pt-BR, de;q=0.8, fr;q=0, *'), ['pt-BR', 'de', 'en']);
  assert.equal(browserLanguages(undefined), []);
});

test.run();
