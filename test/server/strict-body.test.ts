/**
 * A JSON body is taken as sent: no undeclared field is dropped, no value coerced to another type,
 * and a body of another type is refused as such (415), as the OpenAPI document says.
 */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { startOperator, startTestServer, type TestServer } from './harness.ts';

const test = suite<{ s: TestServer; token: string }>('strict JSON bodies', {} as never);
test.before(async (c) => {
  c.s = await startTestServer();
  c.token = (await c.s.register()).token;
});
test.after(async (c) => {
  await c.s.close();
});

test('{"all":1} on message/read is refused, {"all":true} marks everything read', async ({ s, token }) => {
  const coerced = await s.call('POST', '/h5/message/read', { token, body: { all: 1 } });
  assert.equal([coerced.code, coerced.key, coerced.params], [400, 'field.invalid', { field: 'all' }]);
  assert.is(coerced.msg, 'all must be a JSON boolean');
  const real = await s.call<{ unread: number }>('POST', '/h5/message/read', { token, body: { all: true } });
  assert.equal([real.code, real.data.unread], [200, 0]);
});

test('a string where a number is declared, and a number where a string is, are refused', async ({ s, token }) => {
  const id = await s.call('POST', '/h5/expenses/delcob', { token, body: { id: '5' } });
  assert.equal([id.code, id.key, id.params], [400, 'field.invalid', { field: 'id' }]);
  const login = await s.call('POST', '/login', { body: { username: 'demo01', password: 12345678 } });
  assert.equal([login.code, login.key, login.params], [400, 'field.invalid', { field: 'password' }]);
});

test('an undeclared body field is refused by name instead of being dropped', async ({ s }) => {
  const res = await s.call('POST', '/login', { body: { username: 'demo01', password: 'demo1234', isAdmin: true } });
  assert.equal([res.code, res.key, res.params, res.msg], [400, 'field.invalid', { field: 'isAdmin' }, 'isAdmin is not a field of this request']);
  const ok = await s.call('POST', '/login', { body: { username: 'demo01', password: 'demo1234' }, ip: '10.66.0.1' });
  assert.is(ok.code, 200);
});

test('a body that is not JSON answers 415 http.unsupportedMediaType on every operation that takes one, the operator\'s and the console\'s too', async ({ s, token }) => {
  const doc = (await s.app.inject('/prod-api/openapi.json')).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> };
  const operator = await startOperator(s.ctx);
  try {
    const posts = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => m === 'post' || m === 'put').map((m) => [m.toUpperCase(), path] as const));
    assert.ok(posts.length > 20, `${posts.length} operations`);
    const refusals = [
      ...posts.map(([method, path]) => ({ app: s.app, method, url: path.replace(/\{\w+\}/g, '1'), headers: { authorization: token } as Record<string, string> })),
      { app: operator.app, method: 'POST', url: '/admin/balance', headers: { 'x-operator-key': operator.key } },
      { app: operator.app, method: 'POST', url: '/console/api/sign-in', headers: { 'x-console': '1' } },
    ];
    for (const { app, method, url, headers } of refusals) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        const res = await app.inject({ method: method as 'POST', url, headers: { ...headers, 'content-type': type }, payload: '{"username":"demo01","password":"demo1234"}', remoteAddress: '10.67.0.1' });
        const body = res.json();
        assert.equal([res.statusCode, body.code, body.key], [415, 415, 'http.unsupportedMediaType'], `${method} ${url} as ${type}: ${res.body}`);
      }
    }
  } finally {
    await operator.close();
  }
});

test.run();
