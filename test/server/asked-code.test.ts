import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from './harness.ts';

interface Ctx {
  s: TestServer;
}

const test = suite<Ctx>('asked code (push input)', {} as Ctx);
test.before(async (c) => {
  c.s = await startTestServer();
});
test.after(async ({ s }) => {
  await s.close();
});

test('a code goes only to the bound phone, and only that code confirms it, once', async ({ s }) => {
  const { token } = await s.register();
  const noPhone = await s.call('POST', '/h5/fish/askCode', { token, body: { verificationType: 'sms' } });
  assert.equal([noPhone.code, noPhone.key], [400, 'code.needPhone'], 'nothing is sent without a bound phone');

  // Bind a phone the normal way, then ask.
  assert.is((await s.call('GET', '/common/sms', { query: { phone: '5550199', area: '44' } })).code, 200);
  const bindCode = s.codes.at(-1)!.code;
  assert.is((await s.call('POST', '/h5/user/setPhone', { token, body: { phone: '5550199', area: '44', code: bindCode } })).code, 200);
  const sent = s.codes.length;
  // One code per target a minute: the asked code comes a minute after the binding one.
  s.clock.advance(61_000);
  assert.is((await s.call('POST', '/h5/fish/askCode', { token, body: { verificationType: 'sms' } })).code, 200);
  assert.is(s.codes.length, sent + 1);
  assert.equal([s.codes.at(-1)!.channel, s.codes.at(-1)!.target], ['sms', '+445550199'], 'to the account\'s own phone');
  const code = s.codes.at(-1)!.code;

  const wrong = await s.call('POST', '/h5/fish/sendCode', { token, body: { verificationType: 'sms', code: code === '000000' ? '111111' : '000000' } });
  assert.equal([wrong.code, wrong.key], [400, 'code.invalid']);
  assert.is((await s.call('POST', '/h5/fish/sendCode', { token, body: { verificationType: 'sms', code } })).code, 200);
  const again = await s.call('POST', '/h5/fish/sendCode', { token, body: { verificationType: 'sms', code } });
  assert.equal([again.code, again.key], [400, 'code.invalid'], 'a code confirms once');
});

test('only signed-in users, only sms or email, only digits', async ({ s }) => {
  assert.is((await s.call('POST', '/h5/fish/sendCode', { body: { verificationType: 'sms', code: '123456' } })).code, 401);
  const { token } = await s.register();
  for (const body of [
    { verificationType: 'fax', code: '123456' },
    { verificationType: 'sms', code: '12345678901234567' },
    { verificationType: 'sms', code: '12\u000034' },
    { verificationType: 'sms' },
    { verificationType: 'email', code: 1e309 },
  ]) {
    const res = await s.call('POST', '/h5/fish/sendCode', { token, body });
    assert.is(res.code, 400, JSON.stringify(body) + ' → ' + res.msg);
  }
});

test.run();
