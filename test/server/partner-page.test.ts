/**
 * A partner's page: its colours, name, logo and hidden sections are in the first HTML (with the
 * CSP hash of its style), and only its registered origin may frame it; every other page keeps
 * `frame-ancestors 'self'`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { startOperator, startTestServer, type TestOperator, type TestServer } from './harness.ts';
import { hs256, signWithClock } from './sso-tokens.ts';

const PAGE =
  '<!doctype html><html lang="en" dir="ltr"><head><title>trade-lite</title><style>body{margin:0}</style><script>window.boot=1</script></head>' +
  '<body><div id="app"></div><div id="sk"><header><svg class="o" viewBox="0 0 28 28"><path d="M8 6v16"/></svg><i class="t"></i></header></div></body></html>';
const SECRET = 'page-partner-secret-0123456789abcdefgh';

const dist = mkdtempSync(path.join(tmpdir(), 'tl-partner-page-'));
mkdirSync(path.join(dist, 'assets'), { recursive: true });
writeFileSync(path.join(dist, 'index.html'), PAGE);
writeFileSync(path.join(dist, 'routes.json'), JSON.stringify({ home: [], trade: [], sso: [], notFound: [] }));
/** English's words for home (its locale file as built): the home page's skeleton writes the shortcuts' labels with them. */
const SHORTCUTS = { deposit: 'Deposit', withdraw: 'Withdraw', orders: 'My orders', savings: 'Savings', finance: 'Finance' };
mkdirSync(path.join(dist, 'locales'));
writeFileSync(path.join(dist, 'locales', 'en-ABCD1234.json'), JSON.stringify({ home: { name: 'Name', last: 'Last', change: 'Change', high: 'High', low: 'Low', ...SHORTCUTS } }));

interface Ctx {
  s: TestServer;
  op: TestOperator;
}
const test = suite<Ctx>('partner page');

test.before(async (c) => {
  c.s = await startTestServer({ distDir: dist });
  signWithClock(c.s.clock.now);
  c.op = await startOperator(c.s.ctx);
  const add = (body: object) => c.op.call('POST', '/partners', body);
  assert.is((await add({ id: 'acme', secret: SECRET, name: 'Acme & "Pay"', origin: 'http://host.localhost:9000', colors: 'accent=#e11d48,bg=#fff1f2', logo: 'https://cdn.acme.example/logo.svg', hide: 'finance,savings' })).code, 200);
  assert.is((await add({ id: 'plain', secret: SECRET, colors: 'accent=#123456' })).code, 200);
});
test.after(async (c) => {
  await c.op?.close();
  await c.s?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (c: Ctx, url: string, headers: Record<string, string> = {}) =>
  c.s.app.inject({ method: 'GET', url, headers: { host: 'localhost', 'accept-encoding': 'identity', ...headers } });
const csp = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);
const directive = (res: { headers: Record<string, unknown> }, name: string) => csp(res).split(';').find((d) => d.trim().startsWith(name + ' '))?.trim();

test("?partner= writes the partner's brand into the first HTML, and its style is allowed by hash", async (c) => {
  for (const url of ['/?partner=acme', '/trade?partner=acme']) {
    const res = await page(c, url);
    assert.is(res.statusCode, 200);
    const html = res.body;
    // data-ph: the hidden sections' paths, for the app's own check (src/app/offered.ts).
    assert.match(html, '<html data-partner="acme" data-pn="Acme &amp; &quot;Pay&quot;" data-po="http://host.localhost:9000" data-ph="/financial|/myFinancial|/yuebao" lang="en"');
    assert.match(html, '<title>Acme &amp; &quot;Pay&quot;</title>');
    assert.match(html, '<img class="o" src="https://cdn.acme.example/logo.svg" alt="">');
    assert.not.match(html, '<svg class="o"');
    const style = /<style>(html:root[^<]*)<\/style>/.exec(html)?.[1];
    assert.ok(style, html);
    assert.match(style!, '--accent:#e11d48');
    assert.match(style!, '--bg:#fff1f2');
    assert.match(style!, 'a[href^="/financial"],a[href^="/myFinancial"],a[href^="/yuebao"]{display:none!important}');
    const hash = `'sha256-${createHash('sha256').update(style!).digest('base64')}'`;
    assert.ok(directive(res, 'style-src')!.includes(hash), csp(res));
  }
});

test("the home page's skeleton leaves out the shortcuts of the sections the partner hides, as the app does", async (c) => {
  const labels = async (url: string) => /<nav>(.*?)<\/nav>/.exec((await page(c, url, { 'accept-language': 'en' })).body)?.[1];
  const all = Object.values(SHORTCUTS);
  assert.is(await labels('/home?partner=plain'), all.map((w) => `<a>${w}</a>`).join(''));
  // acme hides finance and savings.
  assert.is(await labels('/home?partner=acme'), [SHORTCUTS.deposit, SHORTCUTS.withdraw, SHORTCUTS.orders].map((w) => `<a>${w}</a>`).join(''));
});

test("only the partner's registered origin may frame its page; other pages say 'self'", async (c) => {
  const acme = await page(c, '/trade?partner=acme');
  assert.is(directive(acme, 'frame-ancestors'), "frame-ancestors 'self' http://host.localhost:9000");
  assert.is(acme.headers['x-frame-options'], undefined);
  for (const url of ['/trade', '/trade?partner=nobody', '/trade?partner=plain', '/trade?partner=ACME']) {
    const res = await page(c, url);
    assert.is(directive(res, 'frame-ancestors'), "frame-ancestors 'self'", url);
    assert.is(res.headers['x-frame-options'], 'SAMEORIGIN', url);
  }
  assert.not.match((await page(c, '/trade')).body, 'data-partner');
  assert.not.match((await page(c, '/trade?partner=nobody')).body, 'data-partner');
  assert.not.match((await page(c, '/trade?partner=plain')).body, 'data-ph', 'a partner that hides nothing names no section');
});

test('a partner without an origin gets its colours and no framing', async (c) => {
  const res = await page(c, '/?partner=plain');
  assert.match(res.body, 'data-partner="plain" data-pn="plain" lang=');
  assert.not.match(res.body, 'data-po=');
  assert.match(res.body, '--accent:#123456');
});

test("the sign-on answer sets the partner cookie, and the browser's later pages are the partner's", async (c) => {
  const res = await c.s.app.inject({ method: 'POST', url: '/prod-api/sso', payload: { token: hs256(SECRET, 'acme', { sub: 'page-user' }) } });
  assert.is(res.statusCode, 200, res.body);
  // The sign-on sets the device cookie too (server/auth/devices.ts): the partner's is one of them.
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('tl_partner='));
  assert.match(cookie ?? '', /^tl_partner=acme; Path=\/; Max-Age=\d+; SameSite=Lax$/);
  const later = await page(c, '/trade', { cookie: 'tl_partner=acme' });
  assert.match(later.body, 'data-partner="acme"');
  assert.is(directive(later, 'frame-ancestors'), "frame-ancestors 'self' http://host.localhost:9000");
  assert.match(String(later.headers.vary), 'cookie');
});

test("a removed partner's page is the plain one again", async (c) => {
  assert.is((await c.op.call('POST', '/partners', { id: 'brief', secret: SECRET, origin: 'http://brief.localhost:9001' })).code, 200);
  assert.match((await page(c, '/trade?partner=brief')).body, 'data-partner="brief"');
  assert.is((await c.op.call('POST', '/partners/brief/remove', {})).code, 200);
  const res = await page(c, '/trade?partner=brief');
  assert.not.match(res.body, 'data-partner');
  assert.is(directive(res, 'frame-ancestors'), "frame-ancestors 'self'");
});

test.run();
