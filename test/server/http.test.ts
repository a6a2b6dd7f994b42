import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Db } from '../../server/db/client.ts';
import { startTestServer, type TestServer } from './harness.ts';
import Fastify from 'fastify';
import { AJV_OPTIONS } from '../../server/http/schemas.ts';
import { sharedCompilers } from '../../server/http/shared-compilers.ts';

const BOOT = "window.boot=fetch('/prod-api/common/config/list')";
const dist = mkdtempSync(path.join(tmpdir(), 'tl-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><script>${BOOT}</script></head><body></body></html>`);
writeFileSync(path.join(dist, 'assets', 'main-AB12CD34.js'), 'console.log(1)');
writeFileSync(path.join(dist, 'assets', 'main-AB12CD34.js.br'), brotliCompressSync('console.log(1)'));
writeFileSync(path.join(dist, 'assets', 'main-AB12CD34.css'), 'b{color:red}');
writeFileSync(path.join(dist, 'assets', 'worker-EF56GH78.js'), 'onmessage=()=>{}');
mkdirSync(path.join(dist, 'locales'));
writeFileSync(path.join(dist, 'locales', 'en-AB12CD34.json'), '{"ui":{}}');

const test = suite<{ s: TestServer }>('http', {} as { s: TestServer });
test.before(async (c) => {
  c.s = await startTestServer({ distDir: dist });
});
test.after(async (c) => {
  await c.s.close();
});

test('success envelope and lean API headers', async ({ s }) => {
  const res = await s.app.inject({ url: '/prod-api/common/config/list' });
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.is(body.code, 200);
  assert.is(body.msg, 'success');
  assert.ok(Array.isArray(body.data));
  assert.not.ok(res.headers['content-security-policy'], 'no helmet headers on the API');
  assert.not.ok(res.headers['x-frame-options']);
});

test('API answers come compressed to a client that takes it, whole to one that does not; small ones as they are', async ({ s }) => {
  const plain = await s.app.inject({ url: '/prod-api/common/config/list' });
  assert.ok(plain.rawPayload.length >= 512, `the config list is worth compressing (${plain.rawPayload.length} B)`);
  assert.not.ok(plain.headers['content-encoding'], 'no Accept-Encoding: as it is');
  assert.match(String(plain.headers.vary), /accept-encoding/i, 'caches keep the forms apart');
  for (const [accept, encoding, decode] of [
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
  ] as const) {
    const res = await s.app.inject({ url: '/prod-api/common/config/list', headers: { 'accept-encoding': accept } });
    assert.is(res.headers['content-encoding'], encoding, accept);
    assert.ok(res.rawPayload.length < plain.rawPayload.length / 2, `${accept}: ${res.rawPayload.length} B of ${plain.rawPayload.length}`);
    assert.equal(JSON.parse(decode(res.rawPayload).toString()), plain.json(), `${accept}: the same answer`);
    assert.is(Number(res.headers['content-length']), res.rawPayload.length, `${accept}: the length of what is sent`);
  }
  const refused = await s.app.inject({ url: '/prod-api/common/config/list', headers: { 'accept-encoding': 'identity, br;q=0, gzip;q=0' } });
  assert.not.ok(refused.headers['content-encoding'], 'a refused encoding is never sent');
  const small = await s.app.inject({ url: '/prod-api/common/getLogo', headers: { 'accept-encoding': 'br' } });
  assert.ok(small.rawPayload.length < 512 && !small.headers['content-encoding'], 'a small answer is sent as it is');
  const error = await s.app.inject({ url: '/prod-api/no-such-call', headers: { 'accept-encoding': 'br' } });
  assert.is(JSON.parse((error.headers['content-encoding'] === 'br' ? brotliDecompressSync(error.rawPayload) : error.rawPayload).toString()).code, 404, 'a refusal reads the same');
});

test('unknown API path: HTTP 404, code 404 http.notFound', async ({ s }) => {
  const res = await s.app.inject({ url: '/prod-api/no/such/thing?x=1' });
  assert.is(res.statusCode, 404);
  assert.equal(res.json(), {
    code: 404,
    msg: 'Request Address Not Found',
    key: 'http.notFound',
    params: { path: '/prod-api/no/such/thing' },
    data: null,
  });
});

test('a known API path with another method: HTTP 405 with Allow, the envelope says the same', async ({ s }) => {
  const res = await s.app.inject({ method: 'DELETE', url: '/prod-api/login' });
  assert.is(res.statusCode, 405);
  assert.is(res.headers.allow, 'POST');
  assert.equal([res.json().code, res.json().key, res.json().params], [405, 'http.methodNotAllowed', { allow: 'POST' }]);
  const avatar = await s.app.inject({ method: 'POST', url: '/prod-api/common/avatar/3' });
  assert.equal([avatar.statusCode, avatar.headers.allow], [405, 'GET, HEAD']);
});

test('refusals travel with their HTTP status: 401 without a token, 400 on a bad input', async ({ s }) => {
  const me = await s.app.inject({ method: 'POST', url: '/prod-api/h5/user/getUserInfo' });
  assert.equal([me.statusCode, me.json().code, me.json().key], [401, 401, 'auth.expired']);
  const rate = await s.app.inject({ url: '/prod-api/common/rateBySymbol?symbol=BTC' });
  assert.equal([rate.statusCode, rate.json().code, rate.json().key], [400, 400, 'field.invalid']);
});

test('the rate limit answers HTTP 429 with Retry-After in seconds, as its envelope says', async ({ s }) => {
  let last = await s.app.inject({ method: 'POST', url: '/prod-api/login', payload: { username: 'demo01', password: 'wrong-one' }, remoteAddress: '10.77.0.1' });
  for (let i = 0; i < 12 && last.statusCode !== 429; i++) {
    last = await s.app.inject({ method: 'POST', url: '/prod-api/login', payload: { username: 'demo01', password: 'wrong-one' }, remoteAddress: '10.77.0.1' });
  }
  const body = last.json();
  assert.equal([last.statusCode, body.code, body.key], [429, 429, 'rate.limited']);
  assert.is(last.headers['retry-after'], String(body.params.seconds));
  assert.ok(body.params.seconds > 0 && body.params.seconds <= 120);
});

test('unexpected failure: code 500 Request Exception, no internals leaked', async ({ s }) => {
  const real = s.ctx.db;
  s.ctx.db = { select: () => { throw new Error('secret disk failure at /var/lib'); } } as unknown as Db;
  try {
    const res = await s.app.inject({ url: '/prod-api/common/config/list' });
    assert.is(res.statusCode, 500);
    const body = res.json();
    assert.is(body.code, 500);
    assert.is(body.msg, 'Request Exception');
    assert.is(body.key, 'http.internal');
    assert.match(body.params.requestId, /^[0-9a-f]{12}$/, 'the request id lets support find the log line');
    assert.not.ok(res.body.includes('secret') || res.body.includes('stack'), 'no message or stack to the client');
  } finally {
    s.ctx.db = real;
  }
});

test('schema violations name the field', async ({ s }) => {
  let res = await s.call('POST', '/login', { body: { password: 'x' } });
  assert.equal([res.code, res.key, res.msg, res.params], [400, 'field.required', 'username cannot be empty', { field: 'username' }]);
  res = await s.call('GET', '/common/rateBySymbol', { query: { symbol: 'BTC' } });
  assert.equal([res.code, res.key, res.msg], [400, 'field.invalid', 'symbol must look like usdt_brl']);
  res = await s.call('GET', '/h5/user/walletBill', { query: { pageSize: '1000' }, token: await s.login('demo01', 'demo1234') });
  assert.equal([res.code, res.key, res.params?.field], [400, 'field.invalid', 'pageSize']);
});

test('broken JSON is a 400 envelope', async ({ s }) => {
  const res = await s.app.inject({ method: 'POST', url: '/prod-api/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
  assert.is(res.statusCode, 400);
  assert.is(res.json().code, 400);
});

test('XSRF: with the cookie, an unsafe call must echo it in the header', async ({ s }) => {
  const body = { username: 'demo01', password: 'demo1234' };
  let res = await s.app.inject({ method: 'POST', url: '/prod-api/login', payload: body, cookies: { 'XSRF-TOKEN': 'abc' } });
  assert.equal([res.json().code, res.json().key], [403, 'auth.xsrf']);
  res = await s.app.inject({ method: 'POST', url: '/prod-api/login', payload: body, cookies: { 'XSRF-TOKEN': 'abc' }, headers: { 'x-xsrf-token': 'abd' } });
  assert.is(res.json().code, 403, 'a different value is refused');
  res = await s.app.inject({ method: 'POST', url: '/prod-api/login', payload: body, cookies: { 'XSRF-TOKEN': 'abc' }, headers: { 'x-xsrf-token': 'abc' }, remoteAddress: '10.3.3.3' });
  assert.is(res.json().code, 200);
  res = await s.app.inject({ url: '/prod-api/common/rate', cookies: { 'XSRF-TOKEN': 'abc' } });
  assert.is(res.json().code, 200, 'safe methods pass');
});

test('the app: index.html uncached with CSP for its inline script and the XSRF cookie', async ({ s }) => {
  const res = await s.app.inject({ url: '/trade?x=1', headers: { accept: 'text/html' } });
  assert.is(res.statusCode, 200);
  assert.match(res.headers['content-type'] as string, /text\/html/);
  // Not `no-store`: that keeps the page out of the browser's back/forward cache.
  assert.is(res.headers['cache-control'], 'private, no-cache', 'it hands out this visitor\'s XSRF cookie: no shared cache keeps it, and the browser asks again each time');
  const hash = createHash('sha256').update(BOOT).digest('base64');
  assert.ok((res.headers['content-security-policy'] as string).includes(`'sha256-${hash}'`), 'inline boot script allowed by hash');
  assert.match(String(res.headers['set-cookie']), /^XSRF-TOKEN=[0-9a-f]{32}; Path=\/; SameSite=Lax/);
  assert.ok(res.headers['x-content-type-options'], 'helmet on HTML');
});

test('COOP and Origin-Agent-Cluster only on a secure origin: loopback yes, a LAN name over plain HTTP no', async ({ s }) => {
  const local = await s.app.inject({ url: '/home', headers: { accept: 'text/html', host: '127.0.0.1:8080' } });
  assert.is(local.headers['cross-origin-opener-policy'], 'same-origin', 'loopback is a secure origin');
  assert.is(local.headers['origin-agent-cluster'], '?1');
  for (const host of ['192.168.1.20:8080', 'trade.lan:8080']) {
    const lan = await s.app.inject({ url: '/home', headers: { accept: 'text/html', host } });
    assert.is(lan.statusCode, 200);
    assert.not.ok(lan.headers['cross-origin-opener-policy'], `no COOP for ${host}: the browser ignores it there and logs an error`);
    assert.not.ok(lan.headers['origin-agent-cluster'], `no Origin-Agent-Cluster for ${host}`);
    assert.ok(lan.headers['content-security-policy'], 'the rest of the headers stay');
  }
});

test('hashed assets: precompressed, immutable', async ({ s }) => {
  const res = await s.app.inject({ url: '/assets/main-AB12CD34.js', headers: { 'accept-encoding': 'br, gzip' } });
  assert.is(res.statusCode, 200);
  assert.is(res.headers['content-encoding'], 'br');
  assert.is(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  const missing = await s.app.inject({ url: '/assets/nope.js' });
  assert.is(missing.statusCode, 404, 'a missing file is not answered with the app');
});

test("scripts, styles and locale files carry a subresource's headers, not the page's; a worker's script keeps the page's", async ({ s }) => {
  for (const url of ['/assets/main-AB12CD34.js', '/assets/main-AB12CD34.css', '/locales/en-AB12CD34.json']) {
    const res = await s.app.inject({ url, headers: { host: '127.0.0.1:8080' } });
    assert.is(res.statusCode, 200, url);
    assert.is(res.headers['x-content-type-options'], 'nosniff', `${url}: the type is not guessed`);
    assert.is(res.headers['cross-origin-resource-policy'], 'same-origin', `${url}: another site cannot load it`);
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection', 'x-dns-prefetch-control']) {
      assert.is(res.headers[name], undefined, `${url}: no ${name}, which only a document reads`);
    }
    const bytes = Object.entries(res.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
    assert.ok(bytes < 600, `${url}: ${bytes} B of headers`);
  }
  const worker = await s.app.inject({ url: '/assets/worker-EF56GH78.js', headers: { host: '127.0.0.1:8080' } });
  assert.match(String(worker.headers['content-security-policy']), "default-src 'self'", 'a worker runs under its own script\'s policy');
  const page = await s.app.inject({ url: '/assets/main-AB12CD34.js/../../home', headers: { accept: 'text/html' } });
  assert.ok(page.headers['content-security-policy'], 'the page keeps its policy');
});

test('OpenAPI 3 document lists the API from the same schemas', async ({ s }) => {
  const res = await s.app.inject({ url: '/prod-api/openapi.json' });
  const doc = res.json();
  assert.match(doc.openapi, /^3\./);
  assert.ok(doc.paths['/prod-api/login'], 'login documented');
  assert.ok(doc.paths['/prod-api/h5/user/register'].post.requestBody, 'register body documented');
  assert.equal(Object.keys(doc.paths).filter((p) => !p.startsWith('/prod-api/')), [], 'the page (GET /, HEAD /) is not an API operation');
});

test('a schema compiled for one app serves another only where it is the same schema', async () => {
  const appWith = (minimum: number) => {
    const app = Fastify({ ajv: AJV_OPTIONS, schemaController: { compilersFactory: sharedCompilers } });
    const body = { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum } } };
    app.post('/n', { schema: { body, response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } } } }, async (r) => ({ ...(r.body as object), secret: 1 }));
    return app;
  };
  const [one, five, oneAgain] = [appWith(1), appWith(5), appWith(1)];
  const post = (app: ReturnType<typeof appWith>, n: unknown) => app.inject({ method: 'POST', url: '/n', payload: { n } });
  assert.is((await post(one, 3)).statusCode, 200);
  assert.is((await post(five, 3)).statusCode, 400, 'the same route with another minimum keeps its own');
  assert.is((await post(oneAgain, 0)).statusCode, 400);
  assert.equal((await post(oneAgain, 3)).json(), { n: 3 }, 'the answer is written by its schema: nothing beside it');

  // fastify lowercases a headers schema's names only for its own compiler: this one refuses others.
  const headers = Fastify({ ajv: AJV_OPTIONS, schemaController: { compilersFactory: sharedCompilers } });
  headers.get('/h', { schema: { headers: { type: 'object', required: ['X-Key'], properties: { 'X-Key': { type: 'string' } } } } }, async () => 'ok');
  await headers.ready().then(
    () => assert.unreachable('a headers schema with a capital letter was taken'),
    (e: Error) => assert.match(e.message, 'lowercase'),
  );
  await Promise.all([one, five, oneAgain, headers].map((app) => app.close()));
});

test.run();
