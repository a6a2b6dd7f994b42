/** A JSON body is taken as sent: no undeclared field is dropped, no value coerced to another type. */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from './harness.ts';

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

test.run();
