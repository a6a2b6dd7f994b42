/**
 * The authenticator as a second factor (docs/rules.md#second-factor): set-up with a first code and
 * ten recovery codes, the code asked at sign-in on a new device and before every action that would
 * let an intruder take the money, each code taken once. The routes that must ask are found from the
 * route table (every one that checks the fund password or binds a payout method, and the login),
 * and each one that asks is proven to refuse without a code.
 */
import { eq } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope, RecoveryCodes, SecurityState, TotpSetup } from '../../src/shared/contract.ts';
import { routesCheckingSecrets } from '../../server/auth/guesses.ts';
import { routesNeedingToken } from '../../server/auth/route-auth.ts';
import { routesAskingFactor } from '../../server/auth/second-factor/check.ts';
import { totpCode } from '../../server/auth/second-factor/totp.ts';
import { NO_PASSWORD } from '../../server/auth/sso/sign-on.ts';
import { users } from '../../server/db/schema/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { FUND_PASSWORD, TRC20, bindBank, info, member, type Member } from './money-fixtures.ts';

const test = suite<{ s: TestServer }>('second factor', {} as { s: TestServer });
test.before(async (c) => {
  c.s = await startTestServer();
});
test.after(async (c) => {
  await c.s.close();
});

let ips = 0;
const freshIp = () => `10.61.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

/** Turns the authenticator on for `m`; answers its secret and recovery codes. */
async function turnOn(s: TestServer, m: { token: string }): Promise<{ secret: string; recovery: string[] }> {
  const setup = await s.call<TotpSetup>('POST', '/h5/security/totp/setup', { token: m.token });
  assert.is(setup.code, 200, setup.msg);
  const on = await s.call<RecoveryCodes>('POST', '/h5/security/totp/confirm', { token: m.token, body: { otp: totpCode(setup.data.secret, s.clock.now()) } });
  assert.is(on.code, 200, on.msg);
  return { secret: setup.data.secret, recovery: on.data.recoveryCodes };
}

/** The next 30-second step's code: each code is taken once. */
const nextCode = (s: TestServer, secret: string) => {
  s.clock.advance(30_000);
  return totpCode(secret, s.clock.now());
};

async function login(s: TestServer, body: Record<string, string>, cookie?: string) {
  const res = await s.app.inject({ method: 'POST', url: '/prod-api/login', payload: body, remoteAddress: freshIp(), headers: cookie ? { cookie } : {} });
  const device = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('device='))?.split(';')[0];
  return { env: res.json() as Envelope<string>, device };
}

test('set-up shows a QR code of an otpauth link, and only a right first code turns it on with ten recovery codes', async ({ s }) => {
  const user = await s.register();
  const setup = await s.call<TotpSetup>('POST', '/h5/security/totp/setup', { token: user.token });
  assert.match(setup.data.uri, new RegExp(`^otpauth://totp/[^?]*${user.username}\\?.*secret=${setup.data.secret}`), 'the link names the account and holds the secret');
  assert.match(setup.data.qr, /^<svg[\s\S]*<\/svg>$/, 'the QR code is an SVG');
  const wrong = await s.call('POST', '/h5/security/totp/confirm', { token: user.token, body: { otp: '000000' === totpCode(setup.data.secret, s.clock.now()) ? '111111' : '000000' } });
  assert.equal([wrong.code, wrong.key, wrong.params?.left], [400, 'factor.wrong', 4]);
  assert.equal((await s.call<SecurityState>('GET', '/h5/security', { token: user.token })).data, { totp: false, recoveryLeft: 0 }, 'still off');
  const on = await s.call<RecoveryCodes>('POST', '/h5/security/totp/confirm', { token: user.token, body: { otp: totpCode(setup.data.secret, s.clock.now()) } });
  assert.is(on.code, 200);
  assert.is(on.data.recoveryCodes.length, 10);
  assert.is(new Set(on.data.recoveryCodes).size, 10, 'each code differs');
  assert.equal((await s.call<SecurityState>('GET', '/h5/security', { token: user.token })).data, { totp: true, recoveryLeft: 10 });
  const again = await s.call('POST', '/h5/security/totp/setup', { token: user.token });
  assert.equal([again.code, again.key], [409, 'factor.alreadyOn'], 'a second set-up cannot replace the secret');
});

test('signing in on a new device asks the code; a known device does not; a code works once', async ({ s }) => {
  const user = await s.register();
  const { secret } = await turnOn(s, user);
  const creds = { username: user.username, password: user.password };
  const bare = await login(s, creds);
  assert.equal([bare.env.code, bare.env.key], [403, 'factor.required'], 'a new device is asked the code');
  assert.is(bare.device, undefined, 'and is not remembered');
  const wrongPassword = await login(s, { ...creds, password: 'not-the-password' });
  assert.is(wrongPassword.env.key, 'auth.badCredentials', 'the code is asked only after the right password');
  const code = nextCode(s, secret);
  const wrong = await login(s, { ...creds, otp: code === '123456' ? '654321' : '123456' });
  assert.equal([wrong.env.code, wrong.env.key], [400, 'factor.wrong']);
  const right = await login(s, { ...creds, otp: code });
  assert.is(right.env.code, 200, right.env.msg);
  assert.ok(right.device, 'the device gets its id');
  const replay = await login(s, { ...creds, otp: code });
  assert.is(replay.env.key, 'factor.wrong', 'the same code again is refused');
  const known = await login(s, creds, right.device);
  assert.is(known.env.code, 200, 'the device it signed in on is not asked again');
});

test('a recovery code stands in for a code once', async ({ s }) => {
  const user = await s.register();
  const { recovery } = await turnOn(s, user);
  const creds = { username: user.username, password: user.password };
  const typed = recovery[3]!.toUpperCase().replace('-', ' ');
  const first = await login(s, { ...creds, otp: typed });
  assert.is(first.env.code, 200, 'case and separators do not matter');
  const second = await login(s, { ...creds, otp: recovery[3]! });
  assert.is(second.env.key, 'factor.wrong', 'a used recovery code is refused');
  assert.is((await s.call<SecurityState>('GET', '/h5/security', { token: user.token })).data.recoveryLeft, 9);
});

test('a withdrawal, a fund-password change and binding a method ask the code, and nothing happens without it', async ({ s }) => {
  const m = await member(s, '1000');
  const card = await bindBank(s, m, '4111111111111111');
  const { secret } = await turnOn(s, m);
  const submit = (otp?: string) => s.call('POST', '/h5/expenses/submitExpenses', { token: m.token, body: { methodId: card.id, amount: '50', fundPassword: FUND_PASSWORD, ...(otp ? { otp } : {}) } });
  const asked = await submit();
  assert.equal([asked.code, asked.key], [403, 'factor.required']);
  assert.is((await info(s, m)).balance, '1000.00000000', 'nothing is frozen');
  assert.is((await submit(nextCode(s, secret))).code, 200, 'with the code it goes through');
  const bind = (otp?: string) => s.call('POST', '/h5/expenses/bindCoinAddress', { token: m.token, body: { coin: 'USDT', network: 'TRC20', address: TRC20, ...(otp ? { otp } : {}) } });
  assert.is((await bind()).key, 'factor.required');
  assert.is((await s.call<unknown[]>('GET', '/h5/expenses/getMyCoinAddressList', { token: m.token })).data.length, 0, 'nothing bound');
  assert.is((await bind(nextCode(s, secret))).code, 200);
  const change = (otp?: string) => s.call('POST', '/h5/user/changeWalletPwd', { token: m.token, body: { oldPassword: FUND_PASSWORD, newPassword: '730518', confirmPassword: '730518', ...(otp ? { otp } : {}) } });
  assert.is((await change()).key, 'factor.required');
  assert.is((await change(nextCode(s, secret))).code, 200);
});

test('turning it off asks a code; then nothing asks any more', async ({ s }) => {
  const m = await member(s, '100');
  const { secret } = await turnOn(s, m);
  const off = (otp: string) => s.call<SecurityState>('POST', '/h5/security/totp/off', { token: m.token, body: { otp } });
  assert.is((await off('')).key, 'factor.required');
  assert.is((await off(nextCode(s, secret))).code, 200);
  const signIn = await login(s, { username: m.username, password: 'glass-river-58' });
  assert.is(signIn.env.code, 200, 'a new device signs in with the password alone');
});

test('a partner-signed user, who has no login password, can turn it on for withdrawals', async ({ s }) => {
  // A partner's user is an account without a usable password: set-up needs only the session.
  const m: Member = await member(s, '500');
  const card = await bindBank(s, m, '4222222222222222');
  await s.ctx.db.update(users).set({ passwordHash: NO_PASSWORD }).where(eq(users.id, m.userId));
  const { secret } = await turnOn(s, m);
  const asked = await s.call('POST', '/h5/expenses/submitExpenses', { token: m.token, body: { methodId: card.id, amount: '20', fundPassword: FUND_PASSWORD } });
  assert.is(asked.key, 'factor.required');
  assert.is((await s.call('POST', '/h5/expenses/submitExpenses', { token: m.token, body: { methodId: card.id, amount: '20', fundPassword: FUND_PASSWORD, otp: nextCode(s, secret) } })).code, 200);
});

test('every route that checks the fund password or binds a payout method asks the second factor, found from the route table', async ({ s }) => {
  const asking = new Set(routesAskingFactor(s.app).map((r) => `${r.method} ${r.url}`));
  const fund = routesCheckingSecrets(s.app).filter((r) => r.guesses.includes('fundPassword')).map((r) => `${r.method} ${r.url}`);
  assert.ok(fund.length >= 3, 'the withdrawal routes and the fund-password change are found');
  // Binding a phone or an e-mail is not a payout method.
  const binds = routesNeedingToken(s.app)
    .filter((r) => r.method === 'POST' && /bind(?!Phone|Email)/i.test(r.url))
    .map((r) => `${r.method} ${r.url}`);
  assert.ok(binds.length >= 3, `the bind routes are found: ${binds.join(', ')}`);
  for (const route of [...fund, ...binds, 'POST /prod-api/login']) assert.ok(asking.has(route), `${route} asks the second factor`);
  for (const r of routesAskingFactor(s.app)) assert.ok(routesCheckingSecrets(s.app).some((g) => g.url === r.url && g.method === r.method && g.guesses.includes('secondFactor')), `${r.url} counts its codes in the guess limiter`);
});

test.run();
