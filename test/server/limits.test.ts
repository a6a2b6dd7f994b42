import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from './harness.ts';

const test = suite<{ s: TestServer }>('rate limits', {} as { s: TestServer });
test.before(async (c) => {
  c.s = await startTestServer();
});
test.after(async (c) => {
  await c.s.close();
});

test('login: 10 per 2 minutes per IP, then 429 with the wait, then recovers', async ({ s }) => {
  const attempt = (username: string) => s.call('POST', '/login', { body: { username, password: 'wrong' }, ip: '10.5.0.1' });
  for (let i = 0; i < 10; i++) assert.is((await attempt(`someone${i}a`)).code, 400, `attempt ${i + 1} is judged`);
  const limited = await attempt('someone99a');
  assert.equal([limited.code, limited.key], [429, 'rate.limited']);
  assert.is(limited.params?.seconds, 120);
  assert.is(limited.msg, 'Too many attempts, please try again in 120 seconds');
  s.clock.advance(60_000);
  assert.is((await attempt('someone99a')).params?.seconds, 60, 'the wait counts down');
  s.clock.advance(60_001);
  assert.is((await attempt('someone99a')).code, 400, 'recovers after the window');
});

const login = (s: TestServer, ip: string, username: string, password: string) => s.call<string>('POST', '/login', { body: { username, password }, ip });

test('login: wrong passwords from other addresses do not lock the owner out', async ({ s }) => {
  for (let i = 0; i < 10; i++) assert.is((await login(s, '10.6.0.1', 'demo01', 'wrong')).code, i < 5 ? 400 : 429);
  for (let i = 0; i < 20; i++) await login(s, `10.6.1.${i + 1}`, 'demo01', 'wrong');
  const owner = await login(s, '10.6.2.1', '3_demo01', 'demo1234');
  assert.is(owner.code, 200, 'the right password from an address with no failures gets in, prefix or not');
  assert.is((await login(s, '10.6.2.2', 'demo01', 'demo1234')).code, 200);
  s.clock.advance(120_000);
});

test('login: 5 failures per address and account, then that address waits for that account only', async ({ s }) => {
  const ip = '10.6.3.1';
  for (let i = 0; i < 5; i++) assert.is((await login(s, ip, 'demo01', 'wrong')).code, 400, `failure ${i + 1} is judged`);
  const held = await login(s, ip, 'demo01', 'demo1234');
  assert.equal([held.code, held.key, held.params?.seconds], [429, 'rate.limited', 120], 'even the right password waits on that address');
  assert.is((await login(s, ip, 'someone1a', 'wrong')).code, 400, 'other accounts from that address are still judged');
  assert.is((await login(s, '10.6.3.2', 'demo01', 'demo1234')).code, 200, 'the account from another address is not held');
  s.clock.advance(120_000);
  assert.is((await login(s, ip, 'demo01', 'demo1234')).code, 200, 'recovers after the window');
});

test('login: an account attacked from many addresses holds back only the addresses that already failed', async ({ s }) => {
  for (let i = 0; i < 10; i++) assert.is((await login(s, `10.6.4.${i + 1}`, 'demo01', 'wrong')).code, 400);
  const again = await login(s, '10.6.4.1', 'demo01', 'demo1234');
  assert.equal([again.code, again.key], [429, 'rate.limited'], 'an address that failed waits while the account is attacked');
  assert.is((await login(s, '10.6.4.99', 'demo01', 'wrong')).code, 400, 'a new address gets one judged try');
  assert.is((await login(s, '10.6.4.99', 'demo01', 'wrong')).code, 429, 'and then waits too');
  assert.is((await login(s, '10.6.5.1', 'demo01', 'demo1234')).code, 200, 'the owner from a clean address gets in');
  s.clock.advance(120_000);
  assert.is((await login(s, '10.6.4.1', 'demo01', 'demo1234')).code, 200, 'recovers after the window');
});

test('login: right passwords are not failures', async ({ s }) => {
  for (let i = 0; i < 15; i++) assert.is((await login(s, '10.6.6.1', 'demo01', 'demo1234')).code, 200, `login ${i + 1}`);
});

test('login: parallel guesses cannot outrun the count', async ({ s }) => {
  const answers = await Promise.all(Array.from({ length: 12 }, () => login(s, '10.6.7.1', 'demo01', 'wrong')));
  assert.is(answers.filter((a) => a.code === 400).length, 5, 'five judged, the rest refused before any password check');
  s.clock.advance(120_000);
});

test('codes: one per 60 s per target', async ({ s }) => {
  const send = () => s.call('GET', '/common/email', { query: { email: 'wait@example.com' }, ip: '10.7.0.1' });
  assert.is((await send()).code, 200);
  const again = await send();
  assert.equal([again.code, again.key, again.params?.seconds], [429, 'rate.limited', 60]);
  assert.is(s.codes.filter((c) => c.target === 'wait@example.com').length, 1, 'nothing sent while limited');
  s.clock.advance(60_000);
  assert.is((await send()).code, 200);
});

test('codes: 10 per hour per IP', async ({ s }) => {
  for (let i = 0; i < 10; i++) {
    assert.is((await s.call('GET', '/common/sms', { query: { phone: `5550000${i}` }, ip: '10.8.0.1' })).code, 200);
  }
  const res = await s.call('GET', '/common/sms', { query: { phone: '55500099' }, ip: '10.8.0.1' });
  assert.equal([res.code, res.key, res.params?.seconds], [429, 'rate.limited', 3600]);
  assert.is((await s.call('GET', '/common/sms', { query: { phone: '55500099' }, ip: '10.8.0.2' })).code, 200, 'other IPs unaffected');
  s.clock.advance(3_600_000);
  assert.is((await s.call('GET', '/common/sms', { query: { phone: '55500098' }, ip: '10.8.0.1' })).code, 200, 'recovers');
});

test.run();
