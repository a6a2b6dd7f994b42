/**
 * What every answer tells the browser and the caches between: `nosniff` on all of them (pages,
 * assets, API answers, errors), `no-store` on every API answer but the public market data and
 * start-up settings, which a shared cache may keep (with a strong ETag and 304s), and `private` on
 * the page when it carries the visitor's own cookie (no shared cache keeps it; the browser's
 * back/forward cache may). Walks every operation of the OpenAPI document, so later routes count.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { LightMyRequestResponse } from 'fastify';
import { startTestServer, type TestServer } from './harness.ts';

interface Operation {
  parameters?: Array<{ in: string; name: string; schema: { example?: unknown } }>;
  security?: unknown[];
}
/**
 * API answers meant for everyone, kept by any cache: a default avatar is the same picture for all;
 * the market data and start-up settings are the same for all within a second.
 */
const PUBLIC_OPERATIONS = new Set([
  'GET /prod-api/common/avatar/{n}',
  'GET /prod-api/h5/symbol/getHomeTickerList',
  'GET /prod-api/h5/symbol/getPlays',
  'GET /prod-api/h5/symbol/getContractMoney',
  'GET /prod-api/common/config/list',
  'GET /prod-api/common/getLogo',
]);

/** RFC 9111 §3.5 and §5.2.2: what lets a shared cache store an answer, whoever asked for it. */
const shareable = (cacheControl: unknown): boolean => {
  const cc = String(cacheControl ?? '').toLowerCase();
  if (/\b(no-store|private)\b/.test(cc)) return false;
  return /\b(public|s-maxage|max-age)\b/.test(cc) || cacheControl === undefined;
};

const dist = mkdtempSync(path.join(tmpdir(), 'tl-headers-'));
for (const [name, text] of Object.entries({
  'index.html': '<!doctype html><html><head><script>1</script></head><body></body></html>',
  'assets/main-AB12CD34.js': 'console.log(1)',
  'sw.js': 'self.x=1',
})) {
  mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
  writeFileSync(path.join(dist, name), text);
}

const test = suite<{ s: TestServer; token: string; other: string }>('answer headers', {} as never);
test.before(async (c) => {
  c.s = await startTestServer({ distDir: dist });
  c.token = (await c.s.register()).token;
  c.other = (await c.s.register()).token;
});
test.after(async (c) => {
  await c.s.close();
  rmSync(dist, { recursive: true, force: true });
});

const nosniff = (res: LightMyRequestResponse, what: string) =>
  assert.is(res.headers['x-content-type-options'], 'nosniff', `${what} (HTTP ${res.statusCode}): nosniff`);
const noStore = (res: LightMyRequestResponse, what: string) =>
  assert.is(res.headers['cache-control'], 'no-store', `${what} (HTTP ${res.statusCode}): no-store`);

/** Every operation of the OpenAPI document, with a URL to call it by; logout last (it ends the token). */
async function operations(s: TestServer) {
  const doc = JSON.parse((await s.app.inject('/prod-api/openapi.json')).body) as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths)
    .flatMap(([route, methods]) => Object.entries(methods).map(([method, op]) => ({ route, method: method.toUpperCase(), op })))
    .map((o) => {
      let url = o.route;
      for (const p of o.op.parameters ?? []) if (p.in === 'path') url = url.replace(`{${p.name}}`, String(p.schema.example ?? 1));
      return { ...o, url, name: `${o.method} ${o.route}` };
    })
    .sort((a, b) => Number(a.route.endsWith('/logout')) - Number(b.route.endsWith('/logout')));
}

test('every API operation answers nosniff and no-store, with and without a token, success or refusal, but the public ones', async ({ s, token }) => {
  const ops = await operations(s);
  assert.ok(ops.length > 50, `the document lists the operations (${ops.length})`);
  for (const { method, op, url, name } of ops) {
    for (const auth of op.security?.length ? [token, undefined] : [undefined]) {
      const res = await s.app.inject({
        method: method as 'GET',
        url,
        headers: auth ? { authorization: auth } : {},
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      const what = `${name}${auth ? ' with a token' : ''}`;
      nosniff(res, what);
      if (PUBLIC_OPERATIONS.has(name) && res.statusCode === 200) assert.match(String(res.headers['cache-control']), /^public/, what);
      else noStore(res, what);
    }
  }
});

test('no answer that depends on the session or the user is shareable: whatever a shared cache may keep is the same for a visitor and two users', async ({ s, token, other }) => {
  const shared: string[] = [];
  for (const { method, op, url, name } of await operations(s)) {
    if (name.endsWith('/logout')) continue;
    const ask = (authorization?: string, cookie?: string) =>
      s.app.inject({
        method: method as 'GET',
        url,
        headers: { 'accept-encoding': 'br', ...(authorization ? { authorization } : {}), ...(cookie ? { cookie } : {}) },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
    const answers = [await ask(token), await ask(other), await ask(undefined, 'XSRF-TOKEN=0123456789abcdef0123456789abcdef'), await ask()];
    const kept = answers.filter((a) => shareable(a.headers['cache-control']));
    if (!kept.length) continue;
    shared.push(name);
    assert.is(kept.length, answers.length, `${name}: shareable for some callers only`);
    assert.is(method, 'GET', `${name}: only a read is shared`);
    assert.not.ok(op.security?.length, `${name}: an operation behind a token is never shared`);
    for (const a of answers) {
      assert.is(a.statusCode, 200, `${name}: only a success is shared`);
      assert.is(a.headers['set-cookie'], undefined, `${name}: a shared answer sets no cookie`);
      assert.not.match(String(a.headers.vary ?? ''), /authorization|cookie|\*/i, `${name}: varies by nothing of the caller's`);
      assert.ok(a.rawPayload.equals(answers[0]!.rawPayload), `${name}: the same bytes for two users, a visitor and a visitor with a cookie`);
      assert.is(a.headers.etag, answers[0]!.headers.etag, `${name}: one validator for everyone`);
    }
  }
  assert.equal(shared.sort(), [...PUBLIC_OPERATIONS].sort(), 'the shared operations are exactly the public ones');
});

test('a shared answer has a strong ETag per encoding; If-None-Match gets a bodiless 304 until the answer changes', async ({ s }) => {
  const url = '/prod-api/h5/symbol/getHomeTickerList';
  const br = await s.app.inject({ url, headers: { 'accept-encoding': 'br' } });
  assert.is(br.statusCode, 200);
  assert.is(br.headers['cache-control'], 'public, max-age=0, s-maxage=1');
  const etag = String(br.headers.etag);
  assert.match(etag, /^"[\w-]{16}"$/, 'a strong validator');
  assert.match(String(br.headers.vary), /accept-encoding/);
  const plain = await s.app.inject({ url });
  assert.is.not(plain.headers.etag, etag, 'the plain form is another representation');
  for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
    const again = await s.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch } });
    assert.is(again.statusCode, 304, ifNoneMatch);
    assert.is(again.rawPayload.length, 0);
    assert.is(again.headers.etag, etag);
    assert.is(again.headers['cache-control'], br.headers['cache-control'], 'a 304 renews the cached copy for as long');
    assert.is(again.headers['content-length'], undefined);
  }
  assert.is((await s.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string } })).statusCode, 200, "another encoding's validator");
  // The next second's prices.
  s.clock.advance(1000);
  const next = await s.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
  assert.is(next.statusCode, 200, 'a changed list comes whole');
  assert.is.not(next.headers.etag, etag);
  const refused = await s.app.inject({ url: '/prod-api/common/getLogo?version=' + 'x'.repeat(40) });
  assert.is(refused.statusCode, 400);
  assert.is(refused.headers['cache-control'], 'no-store', 'a refusal is never shared');
  assert.is(refused.headers.etag, undefined);
});

test('API error answers: unknown path, bad JSON, missing token, broken XSRF cookie', async ({ s }) => {
  const cases = [
    { what: 'unknown API path', req: { url: '/prod-api/nope' } },
    { what: 'unknown API path by POST', req: { method: 'POST' as const, url: '/prod-api/nope', payload: {} } },
    { what: 'body that is not JSON', req: { method: 'POST' as const, url: '/prod-api/login', headers: { 'content-type': 'application/json' }, payload: '{' } },
    { what: 'no token', req: { url: '/prod-api/h5/user/getUserInfo', method: 'POST' as const, payload: {} } },
    { what: 'unknown token', req: { url: '/prod-api/h5/message/unread', headers: { authorization: 'Bearer nope' } } },
    { what: 'broken XSRF cookie', req: { method: 'POST' as const, url: '/prod-api/login', headers: { cookie: 'XSRF-TOKEN=%E0%A4%A' }, payload: {} } },
    { what: 'the OpenAPI document', req: { url: '/prod-api/openapi.json' } },
    { what: 'an API URL that does not decode', req: { url: '/prod-api/common/oss/file/%E0%A4%A' } },
  ];
  // Refusals travel as envelopes: the code is in the body.
  const codes = new Set<number>();
  for (const { what, req } of cases) {
    const res = await s.app.inject(req);
    codes.add(res.statusCode === 200 ? (res.json() as { code?: number }).code ?? 200 : res.statusCode);
    nosniff(res, what);
    noStore(res, what);
  }
  for (const code of [400, 401, 404]) assert.ok(codes.has(code), `a ${code} was among them (${[...codes]})`);
});

test('pages, assets and their errors are nosniff; the page that hands out a cookie is private', async ({ s }) => {
  const first = await s.app.inject({ url: '/trade' });
  assert.ok(first.headers['set-cookie'], 'the first visit gets its XSRF cookie');
  nosniff(first, 'first page');
  assert.is(first.headers['cache-control'], 'private, no-cache', 'the page with the visitor\'s cookie: no shared cache keeps it');
  const cookie = String(first.headers['set-cookie']).split(';')[0]!;
  const again = await s.app.inject({ url: '/trade', headers: { cookie } });
  assert.is(again.headers['set-cookie'], undefined);
  assert.is(again.headers['cache-control'], 'no-cache', 'the same page for everyone revalidates instead');
  nosniff(again, 'page');
  for (const [url, status] of [
    ['/assets/main-AB12CD34.js', 200],
    ['/sw.js', 200],
    ['/assets/nope.js', 404],
    ['/nope.png', 404],
    ['/uploads/nope.png', 404],
    ['/%E0%A4%A', 400],
  ] as const) {
    const res = await s.app.inject({ url, headers: { cookie } });
    assert.is(res.statusCode, status, url);
    nosniff(res, url);
  }
  const badMethod = await s.app.inject({ method: 'DELETE', url: '/assets/main-AB12CD34.js' });
  nosniff(badMethod, 'DELETE on an asset');
});

test.run();
