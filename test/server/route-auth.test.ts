/**
 * Login comes before input on every route that needs a token, and the OpenAPI document says which
 * routes those are. The list comes from the app's own route table (`config.auth`), and every
 * published operation is also probed, so a route added later is checked without editing this file.
 */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { routesNeedingToken } from '../../server/auth/route-auth.ts';
import { startTestServer, type TestServer } from './harness.ts';

interface Doc {
  paths: Record<string, Record<string, { security?: unknown }>>;
}

const test = suite<{ s: TestServer; doc: Doc }>('routes needing a token', {} as never);
test.before(async (c) => {
  c.s = await startTestServer();
  c.doc = (await c.s.app.inject('/prod-api/openapi.json')).json() as Doc;
});
test.after(async (c) => {
  await c.s.close();
});

/** `/prod-api/a/:id` → `/prod-api/a/{id}` (the document's form) and `/prod-api/a/x` (callable). */
const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const callable = (url: string) => url.replace(/[:{](\w+)\}?/g, 'x');

const routes = (s: TestServer) => routesNeedingToken(s.app).filter((r) => r.method !== 'HEAD');

test('the route table marks the account, order, candle and upload routes', ({ s }) => {
  const urls = routes(s).map((r) => r.url);
  for (const path of ['getUserInfo', 'changePwd', 'changeWalletPwd', 'setPhone', 'vipInformation', 'changeAvatar', 'walletBill']) {
    assert.ok(urls.includes(`/prod-api/h5/user/${path}`), path);
  }
  for (const url of ['/prod-api/h5/symbol/getHistoryKline', '/prod-api/h5/order/saveContactOrder', '/prod-api/h5/order/myOrderList', '/prod-api/common/oss/upload']) {
    assert.ok(urls.includes(url), url);
  }
});

test('every route needing a token answers 401 without one (or with a wrong one), whatever its input', async ({ s }) => {
  const bad = '?size=1e309&pageNum=-1&playId=2147483648&symbol=%00&phone=';
  for (const { method, url } of routes(s)) {
    for (const authorization of [undefined, 'Bearer not-a-token']) {
      const res = await s.app.inject({
        method: method as 'GET' | 'POST',
        url: callable(url) + bad,
        headers: { ...(authorization ? { authorization } : {}), ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
        ...(method === 'GET' ? {} : { payload: '{"oldPassword":' }),
      });
      const body = res.json();
      assert.equal([res.statusCode, body.code, body.key], [401, 401, 'auth.expired'], `${method} ${url} ${authorization ?? 'without a token'}: ${body.msg}`);
    }
  }
});

test('every route needing a token says so in the OpenAPI document', ({ s, doc }) => {
  for (const { method, url } of routes(s)) {
    const op = doc.paths[docPath(url)]?.[method.toLowerCase()];
    assert.ok(op, `${method} ${url} is documented`);
    assert.equal(op.security, [{ token: [] }], `${method} ${url} declares the token`);
  }
});

test('a published operation that answers 401 without a token is one the route table marks', async ({ s, doc }) => {
  const marked = new Set(routes(s).map((r) => `${r.method} ${docPath(r.url)}`));
  let refused = 0;
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      const res = await s.app.inject({ method: upper as 'GET' | 'POST', url: callable(path), remoteAddress: '10.77.0.1' });
      if (res.json().code !== 401) continue;
      refused++;
      assert.ok(marked.has(`${upper} ${path}`), `${upper} ${path} asks for a token without declaring config.auth`);
      assert.equal(op.security, [{ token: [] }], `${upper} ${path} declares the token`);
    }
  }
  assert.is(refused, marked.size, 'every marked route was found by probing too');
});

test.run();
