/** Inputs that once reached an unhandled error (code 500): each gets a 400 with its own key. */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from './harness.ts';

const test = suite<{ s: TestServer; token: string }>('bad input', {} as never);
test.before(async (c) => {
  c.s = await startTestServer();
  c.token = (await c.s.register()).token;
});
test.after(async (c) => {
  await c.s.close();
});

test('ids beyond 32 bits and pages beyond any list: field.invalid naming the field', async ({ s, token }) => {
  const cases: Array<['GET' | 'POST', string, Record<string, string>, string, string]> = [
    ['POST', '/h5/order/saveContactOrder', { symbol: 'btc', playId: '2147483648', direction: 'up', amount: '10' }, 'playId', 'playId must be a play id'],
    ['POST', '/h5/order/saveContactOrder', { symbol: 'btc', playId: '1e20', direction: 'up', amount: '10' }, 'playId', 'playId must be a play id'],
    ['GET', '/h5/user/walletBill', { pageNum: '1e20' }, 'pageNum', 'pageNum must be a whole number from 1 to 100000'],
    ['GET', '/h5/user/walletBill', { pageSize: 'Infinity' }, 'pageSize', 'pageSize must be a whole number from 1 to 100'],
    ['GET', '/h5/order/myOrderList', { pageNum: 'Infinity' }, 'pageNum', 'pageNum must be a whole number from 1 to 100000'],
    ['GET', '/h5/symbol/getHistoryKline', { symbol: 'btc', size: '1e309' }, 'size', 'size must be a whole number from 1 to 500'],
    ['GET', '/h5/symbol/getHistoryKline', { symbol: 'btc', since: '-Infinity' }, 'since', 'since must be a time in epoch milliseconds from 2000 to 9999'],
  ];
  for (const [method, path, query, field, msg] of cases) {
    const res = await s.call(method, path, { query, token });
    assert.equal([res.code, res.key, res.params, res.msg], [400, 'field.invalid', { field }, msg], `${path} ${JSON.stringify(query)}`);
  }
});

test('a NUL character in any text: field.nul, in the query, a JSON body or a nested value', async ({ s, token }) => {
  const cases: Array<['GET' | 'POST', string, { query?: Record<string, string>; body?: unknown }, string]> = [
    ['GET', '/common/email', { query: { email: 'a\u0000b@x.io' } }, 'email'],
    ['GET', '/h5/user/walletBill', { query: { bizType: 'a\u0000b' } }, 'bizType'],
    ['POST', '/h5/user/changeAvatar', { body: { avatar: '/a\u0000b' } }, 'avatar'],
    ['POST', '/login', { body: { username: 'demo01', password: 'demo\u00001234' } }, 'password'],
    ['POST', '/login', { body: { username: 'demo01', password: 'x', extra: { list: ['ok', 'b\u0000'] } } }, 'extra.list.1'],
  ];
  for (const [method, path, input, field] of cases) {
    const res = await s.call(method, path, { ...input, token });
    assert.equal([res.code, res.key, res.params], [400, 'field.nul', { field }], `${path} ${field}`);
    assert.is(res.msg, `${field} must not contain a NUL character`);
  }
});

test('a malformed XSRF-TOKEN cookie: 400 auth.badCookie on an unsafe call, safe calls still answer', async ({ s }) => {
  const cookie = 'XSRF-TOKEN=%E0%A4%A';
  const post = await s.app.inject({ method: 'POST', url: '/prod-api/login', payload: { username: 'demo01', password: 'demo1234' }, headers: { cookie } });
  assert.equal([post.statusCode, post.json().code, post.json().key], [400, 400, 'auth.badCookie']);
  const get = await s.app.inject({ url: '/prod-api/common/config/list', headers: { cookie } });
  assert.is(get.json().code, 200);
});

test('a path the router refuses (parameter too long, broken percent-encoding): a 400 envelope, not the path echoed', async ({ s }) => {
  for (const url of [`/prod-api/common/oss/file/${'a'.repeat(200)}`, '/prod-api/common/avatar/%E0%A4%A']) {
    const res = await s.app.inject({ url });
    assert.is(res.statusCode, 400, url);
    assert.equal(res.json(), { code: 400, msg: 'Invalid request address', key: 'http.badRequest', data: null }, url);
  }
  const file = await s.app.inject({ url: `/uploads/${'a'.repeat(200)}` });
  assert.equal([file.statusCode, file.body], [400, 'Bad Request'], 'outside the API: plain text');
});

test.run();
