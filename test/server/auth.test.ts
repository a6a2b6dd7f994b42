import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { UserInfo } from '../../src/shared/contract.ts';
import { startTestServer, type TestServer } from './harness.ts';

const test = suite<{ s: TestServer }>('auth', {} as { s: TestServer });
test.before(async (c) => {
  c.s = await startTestServer();
});
test.after(async (c) => {
  await c.s.close();
});

const register = (s: TestServer, body: Record<string, string>) => s.call<string>('POST', '/h5/user/register', { body });

test('register refuses bad usernames with the message a user sees', async ({ s }) => {
  const cases: Array<[string, string, string]> = [
    ['', 'field.required', 'username cannot be empty'],
    ['abc12', 'username.invalid', 'Username must be 6 to 30 letters and digits combined, not starting with 0'],
    ['a1'.repeat(15) + 'x', 'username.invalid', 'Username must be 6 to 30 letters and digits combined, not starting with 0'],
    ['abcdefgh', 'username.invalid', 'Username must be 6 to 30 letters and digits combined, not starting with 0'],
    ['12345678', 'username.invalid', 'Username must be 6 to 30 letters and digits combined, not starting with 0'],
    ['0abc1234', 'username.invalid', 'Username must be 6 to 30 letters and digits combined, not starting with 0'],
    ['abc_1234', 'username.invalid', 'Username must be 6 to 30 letters and digits combined, not starting with 0'],
  ];
  for (const [username, key, msg] of cases) {
    const res = await register(s, { username, password: 'glass-river-58', confirmPassword: 'glass-river-58' });
    assert.is(res.code, 400, `code for ${JSON.stringify(username)}`);
    assert.is(res.key, key, `key for ${JSON.stringify(username)}`);
    assert.is(res.msg, msg, `msg for ${JSON.stringify(username)}`);
    assert.is(res.params?.field, 'username');
  }
});

test('register refuses a short password and a different confirmation', async ({ s }) => {
  let res = await register(s, { username: 'shortpw1', password: 'abc', confirmPassword: 'abc' });
  assert.equal([res.code, res.key, res.msg, res.params?.min], [400, 'password.tooShort', 'Password too short: at least 8 characters', 8]);
  res = await register(s, { username: 'mismatch1', password: 'abcd-river', confirmPassword: 'abce-river' });
  assert.equal([res.code, res.key, res.msg], [400, 'password.mismatch', 'Passwords inconsistent']);
  res = await register(s, { username: 'nopass12' });
  assert.equal([res.code, res.key, res.msg], [400, 'field.required', 'password cannot be empty']);
});

test('register accepts the plain fields in the query string, answers the token, refuses a taken name', async ({ s }) => {
  const res = await s.call<string>('POST', '/h5/user/register', {
    query: { username: 'Query1234' },
    body: { password: 'abcd-river', confirmPassword: 'abcd-river' },
  });
  assert.is(res.code, 200);
  assert.is(res.msg, 'Registration successful');
  assert.match(res.data, /^[A-Za-z0-9_-]{43}$/, 'data is the token');
  const again = await register(s, { username: 'query1234', password: 'abcd-river', confirmPassword: 'abcd-river' });
  assert.equal([again.code, again.key], [409, 'username.taken'], 'names are unique regardless of case');
});

test('invitation code: unknown refused, known links the inviter', async ({ s }) => {
  const bad = await register(s, { username: 'invited1', password: 'abcd-river', inviteCode: 'NOPE1234' });
  assert.equal([bad.code, bad.key, bad.msg], [400, 'invite.invalid', 'Invitation code does not exist']);
  const inviter = await s.register();
  const info = await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: inviter.token });
  const ok = await register(s, { username: 'invited2', password: 'abcd-river', inviteCode: info.data.inviteCode });
  assert.is(ok.code, 200);
});

test('register → login → getUserInfo → changePwd → the old token answers 401', async ({ s }) => {
  const { username, token: first } = await s.register('journey01', 'glass-river-58');
  const token = await s.login(username, 'glass-river-58');
  const info = await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: `Bearer ${token}` });
  assert.is(info.code, 200);
  assert.is(info.data.username, 'journey01');
  assert.is(info.data.balance, '0.00000000');
  assert.is(info.data.hasFundPassword, false);
  assert.not.ok('isOrder' in info.data, 'no mask flag until the operator sets one');

  const wrongOld = await s.call('POST', '/h5/user/changePwd', { token, body: { oldPassword: 'nope', newPassword: 'newpass1' } });
  assert.equal([wrongOld.code, wrongOld.key], [400, 'password.wrong']);
  const changed = await s.call('POST', '/h5/user/changePwd', {
    token,
    body: { oldPassword: 'glass-river-58', newPassword: 'newpass1', confirmPassword: 'newpass1' },
  });
  assert.is(changed.code, 200);
  for (const old of [first, token]) {
    const res = await s.call('POST', '/h5/user/getUserInfo', { token: old });
    assert.equal([res.code, res.key, res.msg], [401, 'auth.expired', 'Login status expired, please log in again'], 'every session revoked');
  }
  const bad = await s.call('POST', '/login', { body: { username, password: 'glass-river-58' }, ip: '10.1.1.1' });
  assert.equal([bad.code, bad.key, bad.msg], [400, 'auth.badCredentials', 'Incorrect username or password']);
  assert.ok(await s.login(username, 'newpass1'), 'the new password works');
});

test('login strips the configured prefix and the demo account works', async ({ s }) => {
  const token = await s.login('3_demo01', 'demo1234');
  const info = await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token });
  assert.is(info.data.username, 'demo01');
  assert.is(info.data.balance, '10000.00000000');
  assert.is(info.data.hasFundPassword, true);
});

test('a missing, unknown or expired token answers 401', async ({ s }) => {
  assert.is((await s.call('POST', '/h5/user/getUserInfo')).code, 401);
  assert.is((await s.call('POST', '/h5/user/getUserInfo', { token: 'Bearer nope' })).code, 401);
  const { token } = await s.register();
  s.clock.advance(7 * 24 * 3600 * 1000 + 1000);
  const res = await s.call('POST', '/h5/user/getUserInfo', { token });
  assert.equal([res.code, res.key], [401, 'auth.expired'], 'sessions last 7 days');
});

test('fund password: set without old, change needs the right old one', async ({ s }) => {
  const { token } = await s.register();
  const short = await s.call('POST', '/h5/user/changeWalletPwd', { token, body: { newPassword: '123' } });
  assert.equal([short.code, short.key], [400, 'fundPassword.tooShort']);
  assert.is((await s.call('POST', '/h5/user/changeWalletPwd', { token, body: { newPassword: '654321' } })).code, 200);
  const noOld = await s.call('POST', '/h5/user/changeWalletPwd', { token, body: { newPassword: '975310' } });
  assert.equal([noOld.code, noOld.key, noOld.params?.field], [400, 'field.required', 'oldPassword']);
  const wrong = await s.call('POST', '/h5/user/changeWalletPwd', { token, body: { oldPassword: '000000', newPassword: '975310' } });
  assert.equal([wrong.code, wrong.key, wrong.params?.field, wrong.params?.left], [400, 'fundPassword.incorrect', 'oldPassword', 4]);
  const ok = await s.call('POST', '/h5/user/changeWalletPwd', { token, body: { oldPassword: '654321', newPassword: '975310' } });
  assert.is(ok.code, 200);
  const info = await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token });
  assert.is(info.data.hasFundPassword, true);
});

test('set phone with an SMS code, then reset the password by SMS', async ({ s }) => {
  const { username, token } = await s.register();
  assert.is((await s.call('GET', '/common/sms', { query: { phone: '11987654321', area: '55' } })).code, 200);
  const sent = s.codes.at(-1)!;
  assert.equal([sent.channel, sent.target], ['sms', '+5511987654321']);
  const wrong = await s.call('POST', '/h5/user/setPhone', { token, body: { phone: '11987654321', area: '55', code: '000000' === sent.code ? '111111' : '000000' } });
  assert.equal([wrong.code, wrong.key, wrong.msg], [400, 'code.invalid', 'Verification code error']);
  assert.is((await s.call('POST', '/h5/user/setPhone', { token, body: { phone: '11987654321', area: '55', code: sent.code } })).code, 200);
  const reused = await s.call('POST', '/h5/user/setPhone', { token, body: { phone: '11987654321', area: '55', code: sent.code } });
  assert.is(reused.key, 'code.invalid', 'a code works once');

  s.clock.advance(61_000);
  await s.call('GET', '/common/sms', { query: { phone: '11987654321', area: '55' } });
  const reset = await s.call('POST', '/h5/user/forget', {
    body: { type: 'sms', phone: '11987654321', area: '55', code: s.codes.at(-1)!.code, password: 'fresh123', confirmPassword: 'fresh123' },
  });
  assert.equal([reset.code, reset.msg], [200, 'Password reset complete']);
  assert.is((await s.call('POST', '/h5/user/getUserInfo', { token })).code, 401, 'reset revokes sessions');
  assert.ok(await s.login(username, 'fresh123'));
});

test('e-mail codes check the address format', async ({ s }) => {
  for (const email of ['plain', 'a@b', 'a@b.c', 'a b@c.com']) {
    const res = await s.call('GET', '/common/email', { query: { email } });
    assert.equal([res.code, res.key, res.msg], [400, 'email.invalid', 'Please enter a valid e-mail format'], email);
  }
  assert.is((await s.call('GET', '/common/email', { query: { email: 'Someone@Example.com' } })).code, 200);
  assert.is(s.codes.at(-1)!.target, 'someone@example.com');
});

test('captcha is required for register and login when configured', async ({ s }) => {
  await s.call('GET', '/captchaImage');
  const { config } = await import('../../server/db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  await s.ctx.db.update(config).set({ value: '1' }).where(eq(config.key, 'captchaOn'));
  try {
    const missing = await register(s, { username: 'captcha01', password: 'abcd-river' });
    assert.equal([missing.code, missing.key, missing.params?.field], [400, 'field.required', 'code']);
    const img = await s.call<{ img: string; uuid: string }>('GET', '/captchaImage');
    assert.match(img.data.img, /^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(img.data.img.split(',')[1]!, 'base64').toString();
    assert.ok(svg.includes('<path') && svg.includes('<circle'), 'the image carries noise');
    const wrong = await register(s, { username: 'captcha01', password: 'abcd-river', uuid: img.data.uuid, code: 'zzzz' });
    assert.equal([wrong.code, wrong.key, wrong.msg], [400, 'captcha.invalid', 'Verification code error']);
    const { captchas } = await import('../../server/db/schema/index.ts');
    const fresh = await s.call<{ uuid: string }>('GET', '/captchaImage');
    const [row] = await s.ctx.db.select().from(captchas).where(eq(captchas.uuid, fresh.data.uuid));
    const ok = await register(s, { username: 'captcha01', password: 'abcd-river', uuid: fresh.data.uuid, code: row!.code.toLowerCase() });
    assert.is(ok.code, 200, 'right answer, any case');
    const login = await s.call('POST', '/login', { body: { username: 'captcha01', password: 'abcd-river' }, ip: '10.2.2.2' });
    assert.equal([login.code, login.params?.field], [400, 'code'], 'login asks for it too');
  } finally {
    await s.ctx.db.update(config).set({ value: '0' }).where(eq(config.key, 'captchaOn'));
  }
});

test('avatar: defaults listed and served as images, change accepts only same-site paths', async ({ s }) => {
  const list = await s.call<string[]>('GET', '/h5/user/defaultAvatar');
  assert.ok(list.data.length >= 4);
  const img = await s.app.inject({ url: list.data[0]! });
  assert.is(img.headers['content-type'], 'image/svg+xml');
  const { token } = await s.register();
  const bad = await s.call('POST', '/h5/user/changeAvatar', { token, body: { avatar: 'https://evil.example/x.png' } });
  assert.equal([bad.code, bad.key, bad.params?.field], [400, 'field.invalid', 'avatar']);
  assert.is((await s.call('POST', '/h5/user/changeAvatar', { token, body: { avatar: list.data[1] } })).code, 200);
  const info = await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token });
  assert.is(info.data.avatar, list.data[1]);
});

test.run();
