/** One phone number, one form (E.164): the same limits, codes and stored number however it is typed. */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { checkPhone } from '../../server/auth/rules.ts';
import { startTestServer, type TestServer } from './harness.ts';

const forms = suite('phone forms');

forms('every way of typing one number gives the same E.164 form', () => {
  const cases: Array<[string, string | undefined]> = [
    ['+15551234567', undefined],
    ['15551234567', undefined],
    ['0015551234567', undefined],
    ['5551234567', '1'],
    ['5551234567', '+1'],
    ['5551234567', '001'],
    ['555-123 4567', ' 1'],
    ['(555) 123.4567', '1'],
    ['+15551234567', '44'],
  ];
  for (const [phone, area] of cases) assert.is(checkPhone(phone, area), '+15551234567', `${phone} / ${area}`);
  assert.is(checkPhone('07911123456', '44'), '+447911123456', 'the national leading 0 is dropped');
  assert.is(checkPhone('0612345678', '39'), '+390612345678', 'Italy keeps it');
  assert.is(checkPhone('11987654321', '55'), '+5511987654321');
});

forms('numbers that cannot be E.164 are refused with phone.invalid', () => {
  const cases: Array<[string, string | undefined]> = [
    ['12345', undefined],
    ['1234567890123456', undefined],
    ['+0555123456', undefined],
    ['5551234567', '0'],
    ['5551234567', '1234'],
    ['5551234567', 'x1'],
    ['555123456a', '1'],
    ['++15551234567', undefined],
  ];
  for (const [phone, area] of cases) {
    try {
      checkPhone(phone, area);
      assert.unreachable(`${phone} / ${area} was accepted`);
    } catch (e) {
      assert.is((e as { key?: string }).key, 'phone.invalid', `${phone} / ${area}`);
    }
  }
});

forms.run();

const api = suite<{ s: TestServer }>('phone limits', {} as never);
api.before(async (c) => {
  c.s = await startTestServer();
});
api.after(async (c) => {
  await c.s.close();
});

api('a number gets one code per 60 s however it is written', async ({ s }) => {
  const sms = (query: Record<string, string>, ip: string) => s.call('GET', '/common/sms', { query, ip });
  assert.is((await sms({ phone: '+15551234567' }, '10.11.0.1')).code, 200);
  const variants: Array<Record<string, string>> = [
    { phone: '15551234567' },
    { phone: '5551234567', area: '001' },
    { phone: '5551234567', area: '+1' },
    { phone: '0015551234567' },
  ];
  for (const [i, query] of variants.entries()) {
    const res = await sms(query, `10.11.0.${i + 2}`);
    assert.equal([res.code, res.key], [429, 'rate.limited'], JSON.stringify(query));
  }
  assert.equal(
    s.codes.filter((c) => c.channel === 'sms').map((c) => c.target),
    ['+15551234567'],
    'one code sent, to the E.164 number',
  );
});

api('the number is stored in E.164 and a reset by SMS finds it in another form', async ({ s }) => {
  const { token } = await s.register();
  s.clock.advance(61_000);
  await s.call('GET', '/common/sms', { query: { phone: '5557654321', area: '001' }, ip: '10.11.1.1' });
  const set = await s.call('POST', '/h5/user/setPhone', { token, body: { phone: '5557654321', area: '001', code: s.codes.at(-1)!.code } });
  assert.is(set.code, 200, set.msg);
  const info = await s.call<{ phone: string }>('POST', '/h5/user/getUserInfo', { token });
  assert.is(info.data.phone, '+15557654321');
  s.clock.advance(61_000);
  await s.call('GET', '/common/sms', { query: { phone: '15557654321' }, ip: '10.11.1.2' });
  const reset = await s.call('POST', '/h5/user/forget', {
    body: { type: 'sms', phone: '+1 555 765 4321', code: s.codes.at(-1)!.code, password: 'fresh123' },
    ip: '10.11.1.3',
  });
  assert.equal([reset.code, reset.msg], [200, 'Password reset complete']);
});

api.run();
