/**
 * The built app as the real server hands it out: only the app's own files, every page and asset
 * in every encoding, and a working app when a phone opens it by the machine's network address.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser, Request } from 'playwright-core';
import { skipWithout, suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { distName, errorsOf, launchBrowser, newMobilePage, startServer, waitForApp, traced, type ServerHandle } from './harness.ts';
import { SIGNED_IN_COOKIE } from '../../src/shared/signed-in.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = path.join(root, distName());

let server: ServerHandle;
let browser: Browser | undefined;
const test = suite('serving the app');
test.before(async () => {
  server = await startServer();
});
test.after(async () => {
  await browser?.close();
  await server.stop();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly the headers given (fetch would add its own Accept-Encoding and decode). */
function get(base: string, url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(base + url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

const decode = (r: Raw) =>
  r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body;

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name)).split(path.sep).join('/')],
  );
}

test('the served folder holds only the app: no server bundle, source map or build report', () => {
  const publicFiles = new Set(walk(path.join(root, 'public')));
  for (const file of walk(dist)) {
    const plain = file.replace(/\.(br|gz)$/, '');
    // routes.json (each page's preloads) and live-rows.js (written into the home page) are read by
    // the server at start, never served: see below.
    const ok = ['index.html', 'sw.js', 'routes.json', 'live-rows.js'].includes(plain) || publicFiles.has(plain) || /^(assets|locales|locales\/first)\/[^/]+-[A-Z0-9]{8}\.(js|css|json|svg|png|jpg|webp|woff2)$/.test(plain);
    assert.ok(ok, `${distName()}/${file} is not part of the app`);
  }
});

test('the server code, its source map and other non-app files answer 404', traced(async () => {
  for (const url of ['/server.js', '/server.js.map', '/size.json', '/dist-server/server.js', '/dist-report/size.json', '/package.json', '/server/index.ts', '/server.js?x=1', '/routes.json', '/routes.json.br', '/live-rows.js']) {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const res = await get(server.url, url, { 'accept-encoding': encoding });
      assert.is(res.status, 404, `${url} (${encoding})`);
      assert.not.ok(decode(res).toString().includes('trade-lite on http'), `${url}: no server code`);
    }
  }
  // Without a dot this is a page path: the page answers, never the route list.
  for (const encoding of ['identity', 'gzip', 'br']) {
    const res = await get(server.url, '/routes%2ejson', { 'accept-encoding': encoding });
    assert.ok(res.status === 404 || decode(res).toString().startsWith('<!doctype html>'), `/routes%2ejson (${encoding}) answered ${res.status}`);
  }
  for (const url of ['/../dist-server/server.js', '/%2e%2e/dist-server/server.js', '/assets/..%2f..%2fdist-server%2fserver.js']) {
    const res = await get(server.url, url);
    assert.ok(res.status === 404 || res.status === 403, `${url} answered ${res.status}`);
    assert.not.ok(res.body.toString().includes('trade-lite on http'), `${url}: no server code`);
  }
}));

/** The live rows' script as the home page carries it (server/pages/static.ts). */
const liveRows = `<script>${readFileSync(path.join(dist, 'live-rows.js'), 'utf8')}</script>`;

const answers = /<script type="application\/json" id="sa">[^<]*<\/script>/;

/** The built page's grey rows, whose place the home page's priced rows take. */
const greyRows = /<\/header>([\s\S]*?)<\/div><noscript/.exec(readFileSync(path.join(dist, 'index.html'), 'utf8'))![1]!;

/**
 * A page as built: without the start-up answers of the second it was sent in, and on the home page
 * with the grey rows in place of what the server wrote into its skeleton (the lists' boxes, the
 * shortcuts' labels, the list's heads, the prices and the live rows' script).
 */
const unpriced = (body: Buffer, url: string): Buffer => {
  if (!/^\/(home|login|trade)?$/.test(url)) return body;
  const text = body.toString();
  assert.match(text, answers, `${url}: the start-up answers`);
  if (url !== '/home') return Buffer.from(text.replace(answers, ''));
  assert.ok(text.includes(liveRows), '/home: the live rows\' script');
  const rows = text.match(/<div class="q" data-s="\w+">[\s\S]*?<\/small><\/div>/g) ?? [];
  assert.is(rows.length, 5, '/home: five rows of prices');
  assert.match(text, /<nav>(<a>[^<]+<\/a>){5}<\/nav>/, "/home: the shortcuts' labels");
  return Buffer.from(
    text
      .replace(/<\/header>[\s\S]*?(?=<\/div><noscript)/, () => '</header>' + greyRows)
      .replace(' data-sl="en"', '')
      .replace(answers, ''),
  );
};

test('every page and asset answers 200 in identity, gzip and br, with the built bytes', traced(async () => {
  const html = readFileSync(path.join(dist, 'index.html'));
  const routes = JSON.parse(readFileSync(path.join(dist, 'routes.json'), 'utf8')) as Record<string, string[]>;
  const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html.toString())![1]!;
  const locale = '/locales/' + readdirSync(path.join(dist, 'locales')).find((f) => /^en-[A-Z0-9]{8}\.json$/.test(f))!;
  // A page path is the built page with its route's chunks preloaded before </head>.
  const page = (route: string) =>
    Buffer.from(html.toString().replace('</head>', routes[route]!.map((f) => `<link rel="modulepreload" href="${f}" crossorigin>`).join('') + '</head>'));
  // With the signed-in hint a page path preloads its own screen; a visitor is shown the login form.
  const signedIn = { cookie: `${SIGNED_IN_COOKIE}=1` };
  const cases: Array<[string, Buffer, Record<string, string>?]> = [
    ['/', page('user'), signedIn],
    ['/home', page('home'), signedIn],
    ['/trade', page('trade'), signedIn],
    ['/', page('login')],
    ['/login', page('login')],
    ['/index.html', html],
    [entry, readFileSync(path.join(dist, entry))],
    [locale, readFileSync(path.join(dist, locale))],
  ];
  for (const [url, bytes, cookie] of cases) {
    for (const encoding of ['identity', 'gzip', 'br', '']) {
      const res = await get(server.url, url, { ...cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) });
      const label = `${url}${cookie ? ' signed in' : ''} (${encoding || 'no Accept-Encoding'})`;
      assert.is(res.status, 200, label);
      assert.is(res.headers['content-encoding'], encoding === 'gzip' || encoding === 'br' ? encoding : undefined, label);
      assert.ok(unpriced(decode(res), url).equals(bytes), `${label}: the built file`);
    }
  }
}));

/** The machine's first non-loopback IPv4 address, as a phone on the same network would use. */
const lanAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

const address = lanAddress();

skipWithout(test, !address && 'this machine has no non-loopback IPv4 address')('opened by the network address over plain HTTP, the app starts (no https:// requests)', traced(async () => {
  const lan = await startServer({ env: { HOST: '0.0.0.0' } });
  try {
    browser = await launchBrowser();
    const page = await newMobilePage(browser);
    const requests: Request[] = [];
    const failed: string[] = [];
    page.on('request', (r) => requests.push(r));
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
    const base = `http://${address}:${lan.port}`;
    const res = await page.goto(base + '/');
    assert.not.ok(res!.headers()['strict-transport-security'], 'no HSTS over plain HTTP');
    assert.not.ok(res!.headers()['content-security-policy']!.includes('upgrade-insecure-requests'));
    await waitForApp(page);
    assert.ok(await page.locator('#app > *').first().isVisible(), 'the skeleton gave way to the app');
    // The page carries the start-up answers: signing in is the visitor's first call.
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').first().waitFor();
    await page.waitForLoadState('networkidle');
    const https = requests.map((r) => r.url()).filter((u) => u.startsWith('https:'));
    assert.equal(https, [], 'nothing is upgraded to https');
    assert.equal(failed, [], 'no request failed');
    assert.ok(requests.some((r) => r.url().startsWith(base + '/prod-api/')), 'the API is called on the same address');
    assert.equal(errorsOf(page), []);
    await page.close();
  } finally {
    await lan.stop();
  }
}));

test.run();
