/**
 * What every answer tells the browser and the caches between: `nosniff` on all of them (pages,
 * assets, API answers, errors), `no-store` on every API answer, and `private` on the page when it
 * carries the visitor's own cookie (no shared cache keeps it; the browser's back/forward cache may). Walks every operation of the OpenAPI document, so later routes count.
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
/** API answers meant for everyone, cached by the browser: a default avatar is the same picture for all. */
const PUBLIC_OPERATIONS = new Set(['GET /prod-api/common/avatar/{n}']);

const dist = mkdtempSync(path.join(tmpdir(), 'tl-headers-'));
for (const [name, text] of Object.entries({
  'index.html': '<!doctype html><html><head><script>1</script></head><body></body></html>',
  'assets/main-AB12CD34.js': 'console.log(1)',
  'sw.js': 'self.x=1',
})) {
  mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
  writeFileSync(path.join(dist, name), text);
}

const test = suite<{ s: TestServer; token: string }>('answer headers', {} as never);
test.before(async (c) => {
  c.s = await startTestServer({ distDir: dist });
  c.token = (await c.s.register()).token;
});
test.after(async (c) => {
  await c.s.close();
  rmSync(dist, { recursive: true, force: true });
});

const nosniff = (res: LightMyRequestResponse, what: string) =>
  assert.is(res.headers['x-content-type-options'], 'nosniff', `${what} (HTTP ${res.statusCode}): nosniff`);
const noStore = (res: LightMyRequestResponse, what: string) =>
  assert.is(res.headers['cache-control'], 'no-store', `${what} (HTTP ${res.statusCode}): no-store`);

test('every API operation answers nosniff and no-store, with and without a token, success or refusal', async ({ s, token }) => {
  const doc = JSON.parse((await s.app.inject('/prod-api/openapi.json')).body) as { paths: Record<string, Record<string, Operation>> };
  // Logging out ends the token the other calls use: last.
  const ops = Object.entries(doc.paths)
    .flatMap(([route, methods]) => Object.entries(methods).map(([method, op]) => ({ route, method: method.toUpperCase(), op })))
    .sort((a, b) => Number(a.route.endsWith('/logout')) - Number(b.route.endsWith('/logout')));
  assert.ok(ops.length > 50, `the document lists the operations (${ops.length})`);
  for (const { route, method, op } of ops) {
    let url = route;
    for (const p of op.parameters ?? []) if (p.in === 'path') url = url.replace(`{${p.name}}`, String(p.schema.example ?? 1));
    const name = `${method} ${route}`;
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
