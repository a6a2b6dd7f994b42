/**
 * The app as the server hands it out: every page and asset in every encoding a client may ask
 * for, whatever cookies it carries, and the HTTPS-only headers only over HTTPS.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readCookie } from '../../server/http/xsrf.ts';
import { SIGNED_IN_COOKIE } from '../../src/shared/signed-in.ts';
import { config } from '../../server/db/schema/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

const PAGE = '<!doctype html><html><head><script>window.boot=1</script></head><body><div id="app"></div></body></html>';
const FILES: Record<string, string> = {
  'index.html': PAGE,
  'assets/main-AB12CD34.js': 'console.log("main")',
  'locales/en-QW34ER56.json': '{"hello":"Hello"}',
  'manifest.webmanifest': '{"name":"trade-lite"}',
};
const dist = mkdtempSync(path.join(tmpdir(), 'tl-static-'));
for (const [name, text] of Object.entries(FILES)) {
  mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
  writeFileSync(path.join(dist, name), text);
  writeFileSync(path.join(dist, name + '.br'), brotliCompressSync(text));
  writeFileSync(path.join(dist, name + '.gz'), gzipSync(text));
}

const test = suite<{ s: TestServer; proxied: TestServer }>('static', {} as { s: TestServer; proxied: TestServer });
test.before(async (c) => {
  c.s = await startTestServer({ distDir: dist });
  c.proxied = await startTestServer({ distDir: dist, trustProxy: true });
});
test.after(async (c) => {
  await c.s.close();
  await c.proxied.close();
  rmSync(dist, { recursive: true, force: true });
});

const decode = (raw: Buffer, encoding: string | undefined): string =>
  (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString();

const ENCODINGS = ['identity', 'gzip', 'br'] as const;
const URLS: Array<[string, string]> = [
  ['/', PAGE],
  ['/home', PAGE],
  ['/trade', PAGE],
  ['/trade?symbol=btc', PAGE],
  ['/index.html', PAGE],
  ['/assets/main-AB12CD34.js', FILES['assets/main-AB12CD34.js']!],
  ['/locales/en-QW34ER56.json', FILES['locales/en-QW34ER56.json']!],
  ['/manifest.webmanifest', FILES['manifest.webmanifest']!],
];

test('every page and asset answers 200 with its content in identity, gzip and br', async ({ s }) => {
  for (const [url, body] of URLS) {
    for (const encoding of ENCODINGS) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await s.app.inject({ method, url, headers: { 'accept-encoding': encoding } });
        const label = `${method} ${url} (${encoding})`;
        assert.is(res.statusCode, 200, label);
        const got = res.headers['content-encoding'] as string | undefined;
        assert.is(got, encoding === 'identity' ? undefined : encoding, `${label}: encoding`);
        assert.match(String(res.headers.vary), /accept-encoding/i, `${label}: caches keep encodings apart`);
        if (method === 'GET') assert.is(decode(res.rawPayload, got), body, `${label}: body`);
      }
    }
  }
  const bare = await s.app.inject({ url: '/' });
  assert.is(bare.statusCode, 200, 'a client sending no Accept-Encoding at all (curl, health checks) gets the page');
  assert.is(bare.body, PAGE);
});

test('folders and missing files are never a 403', async ({ s }) => {
  for (const url of ['/assets/', '/assets', '/locales/', '/assets/nope.js', '/server.js', '/server.js.map']) {
    for (const encoding of ENCODINGS) {
      const res = await s.app.inject({ url, headers: { 'accept-encoding': encoding } });
      assert.ok(res.statusCode === 200 || res.statusCode === 404, `${url} (${encoding}) answered ${res.statusCode}`);
      if (path.extname(url)) assert.is(res.statusCode, 404, `${url} (${encoding})`);
    }
  }
});

test('a malformed XSRF-TOKEN cookie: the page still loads, in br, and the cookie is replaced', async ({ s }) => {
  for (const cookie of ['%E0%A4%A', '%', '%ZZ', '"%E0"', 'a b', '']) {
    for (const encoding of ENCODINGS) {
      const res = await s.app.inject({
        url: '/',
        headers: { 'accept-encoding': encoding, cookie: `other=1; XSRF-TOKEN=${cookie}` },
      });
      const label = `cookie ${JSON.stringify(cookie)} (${encoding})`;
      assert.is(res.statusCode, 200, label);
      assert.match(String(res.headers['content-type']), /^text\/html/, label);
      assert.is(decode(res.rawPayload, res.headers['content-encoding'] as string | undefined), PAGE, label);
      assert.match(String(res.headers['set-cookie']), /^XSRF-TOKEN=[0-9a-f]{32}; Path=\/; SameSite=Lax/, `${label}: a usable cookie replaces it`);
    }
  }
  const good = await s.app.inject({ url: '/home', cookies: { 'XSRF-TOKEN': 'a'.repeat(32) } });
  assert.is(good.headers['set-cookie'], undefined, 'a valid cookie is kept');
});

test('cookie parsing never throws', () => {
  const nasty = ['XSRF-TOKEN=%E0%A4%A', 'XSRF-TOKEN=%', 'XSRF-TOKEN=%uD800', 'XSRF-TOKEN', '=;;=', ';XSRF-TOKEN=%ff%fe', 'XSRF-TOKEN=' + '%'.repeat(5000)];
  for (const header of nasty) readCookie(header, 'XSRF-TOKEN');
  assert.is(readCookie('a=1; XSRF-TOKEN=%41bc', 'XSRF-TOKEN'), 'Abc', 'well-formed values are decoded');
});

test('an unsafe API call with a malformed XSRF cookie is refused as a failed check, not an internal error', async ({ s }) => {
  const res = await s.app.inject({
    method: 'POST',
    url: '/prod-api/login',
    payload: { username: 'demo01', password: 'demo1234' },
    headers: { cookie: 'XSRF-TOKEN=%E0%A4%A' },
  });
  assert.is(res.statusCode, res.json().code);
  const { code, key } = res.json() as { code: number; key: string };
  assert.ok(code >= 400 && code < 500, `a client error, not ${code}`);
  assert.is.not(key, 'http.internal');
});

const HTTPS_ONLY = (res: { headers: Record<string, unknown> }) => ({
  upgrade: String(res.headers['content-security-policy']).includes('upgrade-insecure-requests'),
  hsts: res.headers['strict-transport-security'] !== undefined,
});

test('plain HTTP (a phone on the LAN): no upgrade-insecure-requests, no HSTS; the rest of the CSP stays', async ({ s }) => {
  for (const url of ['/', '/home', '/index.html']) {
    const res = await s.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    assert.equal(HTTPS_ONLY(res), { upgrade: false, hsts: false }, url);
    assert.match(String(res.headers['content-security-policy']), /script-src 'self' 'sha256-/, `${url}: CSP still set`);
  }
  // A script is no document: it carries a subresource's headers, no policy to upgrade (http.test.ts).
  const script = await s.app.inject({ url: '/assets/main-AB12CD34.js', headers: { 'accept-encoding': 'br' } });
  assert.equal(HTTPS_ONLY(script), { upgrade: false, hsts: false }, 'the script');
  assert.is(script.headers['x-content-type-options'], 'nosniff');
  const spoofed = await s.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
  assert.equal(HTTPS_ONLY(spoofed), { upgrade: false, hsts: false }, 'X-Forwarded-Proto is ignored without TRUST_PROXY');
});

test('HTTPS behind a trusted proxy: upgrade-insecure-requests and HSTS', async ({ proxied }) => {
  const https = await proxied.app.inject({ url: '/home', headers: { 'x-forwarded-proto': 'https' } });
  assert.equal(HTTPS_ONLY(https), { upgrade: true, hsts: true });
  const http = await proxied.app.inject({ url: '/home', headers: { 'x-forwarded-proto': 'http' } });
  assert.equal(HTTPS_ONLY(http), { upgrade: false, hsts: false }, 'the proxy saying http');
  const direct = await proxied.app.inject({ url: '/home' });
  assert.equal(HTTPS_ONLY(direct), { upgrade: false, hsts: false }, 'no header: the connection is plain');
});

/** A build with routes.json: each page path gets the preloads of its route's screen, nothing else. */
const ROUTES: Record<string, string[]> = {
  home: ['/assets/home-HH11HH11.js', '/assets/chunk-CC11CC11.js'],
  trade: ['/assets/trade-TT22TT22.js', '/assets/chunk-CC11CC11.js', '/assets/chunk-CC22CC22.js'],
  user: ['/assets/user-UU33UU33.js'],
  orderList: ['/assets/orderList-OO44OO44.js'],
  notFound: ['/assets/notFound-NN55NN55.js'],
};
const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" crossorigin>/g)].map((m) => m[1]);

test('each page path preloads its own screen, in every encoding; /index.html stays the plain file', async ({ s }) => {
  const built = mkdtempSync(path.join(tmpdir(), 'tl-static-routes-'));
  for (const [name, text] of Object.entries({ ...FILES, 'routes.json': JSON.stringify(ROUTES) })) {
    mkdirSync(path.dirname(path.join(built, name)), { recursive: true });
    writeFileSync(path.join(built, name), text);
    writeFileSync(path.join(built, name + '.br'), brotliCompressSync(text));
    writeFileSync(path.join(built, name + '.gz'), gzipSync(text));
  }
  const app = await startTestServer({ distDir: built });
  try {
    const cases: Array<[string, string]> = [
      ['/trade', 'trade'],
      ['/TRADE/', 'trade'],
      ['/trade?symbol=btc', 'trade'],
      ['/home', 'home'],
      ['/orderlist', 'orderList'],
      // `initToUser` is on by default: the root path opens the user screen.
      ['/', 'user'],
      ['/nope', 'notFound'],
      ['/trade/extra', 'notFound'],
      ['/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'notFound'],
    ];
    for (const [url, route] of cases) {
      for (const encoding of ENCODINGS) {
        const res = await app.app.inject({ url, headers: { 'accept-encoding': encoding } });
        const label = `${url} (${encoding})`;
        assert.is(res.statusCode, 200, label);
        assert.is(res.headers['content-encoding'], encoding === 'identity' ? undefined : encoding, label);
        assert.match(String(res.headers['content-type']), /^text\/html/, label);
        // A page that hands this visitor an XSRF cookie is theirs alone: no shared cache may keep it.
        assert.is(res.headers['cache-control'], res.headers['set-cookie'] ? 'private, no-cache' : 'no-cache', label);
        assert.match(String(res.headers.vary), /accept-encoding/i, label);
        const html = decode(res.rawPayload, res.headers['content-encoding'] as string | undefined);
        assert.equal(preloadsOf(html), ROUTES[route], `${label}: the files of ${route}`);
        // Only the links and the start-up answers (right before the boot script, which reads them) are
        // added: the inline script and thus its CSP hash are the build's. This home page has no
        // skeleton to price, so it is sent as built.
        const answers = /<script type="application\/json" id="sa">[^<]*<\/script>(?=<script>window\.boot=1<\/script>)/;
        if (route !== 'home') assert.match(html, answers, `${label}: the start-up answers`);
        assert.is(html.replace(/<link rel="modulepreload"[^>]*>/g, '').replace(answers, ''), PAGE, `${label}: the page itself`);
        assert.is(res.headers['content-security-policy'], (await s.app.inject({ url: '/index.html' })).headers['content-security-policy']);
      }
      const head = await app.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      assert.is(head.statusCode, 200, `HEAD ${url}`);
      assert.is(head.rawPayload.length, 0, `HEAD ${url}: no body`);
    }
    const plain = await app.app.inject({ url: '/index.html', headers: { 'accept-encoding': 'br' } });
    assert.is(decode(plain.rawPayload, 'br'), PAGE, 'the file the service worker keeps has no route of its own');

    const first = await app.app.inject({ url: '/trade', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    const again = await app.app.inject({ url: '/trade', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    assert.is(again.statusCode, 304, 'an unchanged page is not sent again');
    const other = await app.app.inject({ url: '/trade', headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
    assert.is(other.statusCode, 200, 'the br copy does not stand for the gzip one');
    assert.is(other.headers['content-encoding'], 'gzip');
    const home = await app.app.inject({ url: '/home', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    assert.is(home.statusCode, 200, "another route's page is not the same page");
    const refused = await app.app.inject({ url: '/trade', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    assert.is(refused.headers['content-encoding'], 'gzip', 'q=0 refuses an encoding');
  } finally {
    await app.close();
    rmSync(built, { recursive: true, force: true });
  }
});

test("without the signed-in hint a page that needs a session preloads the login form's code; with it, its own screen's", async () => {
  const built = mkdtempSync(path.join(tmpdir(), 'tl-static-visitor-'));
  const routes: Record<string, string[]> = {
    ...ROUTES,
    login: ['/assets/login-LL66LL66.js', '/assets/chunk-CC11CC11.js'],
    register: ['/assets/register-RR77RR77.js'],
    '@visitor': ['login', 'register'],
    '@open': ['home', 'trade', 'user'],
  };
  for (const [name, text] of Object.entries({ ...FILES, 'routes.json': JSON.stringify(routes) })) {
    mkdirSync(path.dirname(path.join(built, name)), { recursive: true });
    writeFileSync(path.join(built, name), text);
  }
  const app = await startTestServer({ distDir: built });
  const preloads = async (url: string, cookie?: string) => {
    const res = await app.app.inject({ url, headers: cookie ? { cookie } : {} });
    assert.is(res.statusCode, 200, url);
    assert.match(String(res.headers.vary), /cookie/, `${url}: the page depends on the cookie`);
    return preloadsOf(res.body);
  };
  try {
    for (const url of ['/', '/home', '/trade?symbol=btc', '/orderList', '/nope', '/LOGIN/']) {
      assert.equal(await preloads(url), routes.login, `${url} for a visitor: the login form's files`);
    }
    assert.equal(await preloads('/register'), routes.register, 'a visitor may open the registration form');
    const hint = `XSRF-TOKEN=0123456789abcdef0123456789abcdef; ${SIGNED_IN_COOKIE}=1`;
    for (const [url, route] of [['/', 'user'], ['/home', 'home'], ['/trade?symbol=btc', 'trade'], ['/orderList', 'orderList'], ['/nope', 'notFound']] as const) {
      assert.equal(await preloads(url, hint), routes[route], `${url} with the hint: the files of ${route}`);
    }
    assert.equal(await preloads('/home', `${SIGNED_IN_COOKIE}=`), routes.login, 'a cleared hint is no hint');

    // The operator lets visitors in (isNeedLogin off): they open the public screens themselves.
    await app.ctx.db.insert(config).values({ key: 'isNeedLogin', value: '0' }).onConflictDoUpdate({ target: config.key, set: { value: '0' } });
    app.clock.advance(1000);
    assert.equal(await preloads('/home'), routes.home, 'isNeedLogin off: a visitor at /home gets home');
    assert.equal(await preloads('/'), routes.user, 'isNeedLogin off: and the user screen at /');
    assert.equal(await preloads('/orderList'), routes.login, 'isNeedLogin off: a screen of the account still asks to log in');
  } finally {
    await app.close();
    rmSync(built, { recursive: true, force: true });
  }
});

test.run();
