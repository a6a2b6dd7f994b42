/**
 * A query string is taken as sent: a field the operation does not declare is refused by name, as an
 * undeclared body field is, instead of being dropped (a misspelt `pagesize` would otherwise answer
 * the default page as if it had been read).
 */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from './harness.ts';

const test = suite<{ s: TestServer; token: string }>('strict query strings', {} as never);
test.before(async (c) => {
  c.s = await startTestServer();
  c.token = (await c.s.register()).token;
});
test.after(async (c) => {
  await c.s.close();
});

test('a misspelt query field is refused by name instead of being dropped', async ({ s, token }) => {
  const res = await s.call('GET', '/h5/user/walletBill', { token, query: { pageNum: '1', pagesize: '5' } });
  assert.equal([res.code, res.key, res.params, res.msg], [400, 'field.invalid', { field: 'pagesize' }, 'pagesize is not a field of this request']);
  const ok = await s.call('GET', '/h5/user/walletBill', { token, query: { pageNum: '1', pageSize: '5' } });
  assert.is(ok.code, 200);
});

test('an operation that declares no query refuses any query field', async ({ s, token }) => {
  const res = await s.call('POST', '/h5/user/getUserInfo', { token, query: { userId: '1' } });
  assert.equal([res.code, res.key, res.params], [400, 'field.invalid', { field: 'userId' }]);
  const tickers = await s.call('GET', '/h5/symbol/getHomeTickerList', { query: { t: '1' } });
  assert.equal([tickers.code, tickers.key], [400, 'field.invalid']);
});

test('names of Object’s own members are not taken for declared fields, in the query or the body', async ({ s, token }) => {
  for (const field of ['constructor', 'toString', 'hasOwnProperty']) {
    const query = await s.call('GET', '/h5/user/walletBill', { token, query: { [field]: '1' } });
    assert.equal([query.code, query.params], [400, { field }], `query ${field}`);
    const body = await s.call('POST', '/login', { body: { username: 'demo01', password: 'demo1234', [field]: 1 } });
    assert.equal([body.code, body.params], [400, { field }], `body ${field}`);
  }
});

test('declared query fields, the language and defaults still work; an unknown path still answers 404', async ({ s, token }) => {
  const notices = await s.call('GET', '/h5/symbol/getNoticeList', { query: { lang: 'de' } });
  assert.is(notices.code, 200);
  const orders = await s.call('GET', '/h5/order/myOrderList', { token, query: { tab: 'all' } });
  assert.is(orders.code, 200);
  const missing = await s.call('GET', '/h5/no/such/path', { query: { x: '1' } });
  assert.equal([missing.code, missing.key], [404, 'http.notFound']);
});

test.run();
