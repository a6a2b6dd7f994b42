/** The operator API refuses bad numbers and NUL characters as the public API does, with a 400 envelope. */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { DEMO_USERNAME } from '../../server/seed/content.ts';
import { startOperator, startTestServer, type TestOperator, type TestServer } from './harness.ts';

const test = suite<{ s: TestServer; admin: TestOperator }>('admin input', {} as never);

test.before(async (c) => {
  c.s = await startTestServer();
  c.admin = await startOperator(c.s.ctx);
});

test.after(async (c) => {
  await c.admin.close();
  await c.s.close();
});

const send = (admin: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => admin.call(method, url, body);

const LIMITS = ['1e309', 'Infinity', '-Infinity', 'NaN', '-1', '0', '2147483648'];

for (const list of ['/deposits', '/withdrawals', '/users']) {
  test(`${list}?limit= anything but a bounded whole number: 400 field.invalid naming limit`, async (c) => {
    for (const limit of LIMITS) {
      const res = await send(c.admin, 'GET', `${list}?limit=${encodeURIComponent(limit)}`);
      assert.equal([res.code, res.key, res.params?.field], [400, 'field.invalid', 'limit'], `limit=${limit}: ${res.msg}`);
    }
    const fine = await send(c.admin, 'GET', `${list}?limit=5`);
    assert.is(fine.code, 200, 'a bounded limit still lists');
  });
}

test('a NUL character in a search, a title, a notice, a reason or a config value: 400 field.nul naming the field', async (c) => {
  const cases: Array<[string, 'GET' | 'POST' | 'PUT', string, object | undefined, string]> = [
    ['users search', 'GET', '/users?search=de%00mo', undefined, 'search'],
    ['message title', 'POST', '/message', { username: DEMO_USERNAME, title: 'Hi\u0000there', content: 'text' }, 'title'],
    ['message content', 'POST', '/message', { username: DEMO_USERNAME, content: 'a\u0000b' }, 'content'],
    ['notice title', 'POST', '/notice', { title: 'x\u0000', content: 'text' }, 'title'],
    ['notice content', 'POST', '/notice', { title: 'Notice', content: '\u0000' }, 'content'],
    ['balance reason', 'POST', '/balance', { username: DEMO_USERNAME, amount: '+1', reason: 'goodwill\u0000' }, 'reason'],
    ['config value', 'PUT', '/config', { key: 'theme', value: 'long\u0000' }, 'value'],
  ];
  for (const [label, method, url, body, field] of cases) {
    const res = await send(c.admin, method, url, body);
    assert.equal([res.code, res.key, res.params?.field], [400, 'field.nul', field], `${label}: ${res.msg}`);
  }
  const [config] = (await send(c.admin, 'GET', '/config?key=theme')).data as Array<{ value: string }>;
  assert.is(config!.value, 'long', 'the refused value was not stored');
});

test('a refused request still needs the operator key first', async (c) => {
  const res = await c.admin.app.inject({ method: 'GET', url: '/admin/users?limit=1e309' });
  assert.is(res.json().key, 'operator.key', 'no key: the key is what is wrong, not the input');
});

test('the key guards /admin alone: its unknown addresses ask for it, an address outside it is simply not found', async (c) => {
  const unknownAdmin = await c.admin.app.inject({ method: 'GET', url: '/admin/no-such-call' });
  assert.equal([unknownAdmin.statusCode, unknownAdmin.json().key], [403, 'operator.key'], 'without the key, /admin tells nothing of its routes');
  const withKey = await c.admin.app.inject({ method: 'GET', url: '/admin/no-such-call', headers: { 'x-operator-key': c.admin.key } });
  assert.equal([withKey.statusCode, withKey.json().key], [404, 'http.notFound'], 'with the key, an unknown call is not found');
  for (const url of ['/no-such-page', '/administrator', '/metrics']) {
    const res = await c.admin.app.inject({ method: 'GET', url });
    assert.equal([res.statusCode, res.json().key], [404, 'http.notFound'], `${url}: no key is asked outside the admin API`);
  }
});

test.run();
