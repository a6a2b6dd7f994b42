import { suite } from 'uvu';
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

test('login: 10 per 2 minutes per username across IPs', async ({ s }) => {
  for (let i = 0; i < 10; i++) {
    await s.call('POST', '/login', { body: { username: 'demo01', password: 'wrong' }, ip: `10.6.0.${i + 1}` });
  }
  const res = await s.call('POST', '/login', { body: { username: '3_demo01', password: 'demo1234' }, ip: '10.6.1.1' });
  assert.equal([res.code, res.key], [429, 'rate.limited'], 'even the right password waits, prefix or not');
  s.clock.advance(120_000);
  assert.is((await s.call('POST', '/login', { body: { username: 'demo01', password: 'demo1234' }, ip: '10.6.1.1' })).code, 200);
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
