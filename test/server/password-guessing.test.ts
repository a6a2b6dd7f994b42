/**
 * No side door to guess a password: the fund password's count and lock hold against parallel
 * tries and are shared by withdrawals and fund-password changes; changing the login password
 * counts wrong old passwords like the login; new passwords are long and uncommon; secrets in the
 * query string are refused. Answers are read from the envelope whatever the HTTP status.
 */
import { eq } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope } from '../../src/shared/contract.ts';
import { users, withdrawals } from '../../server/db/schema/index.ts';
import { getWallet } from '../../server/ledger/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { FUND_PASSWORD, bindBank, member, type Member } from './money-fixtures.ts';

const test = suite<{ s: TestServer }>('password guessing', {} as { s: TestServer });
test.before(async (c) => {
  c.s = await startTestServer();
});
test.after(async (c) => {
  await c.s.close();
});

/** POST to the API; the envelope whatever HTTP status carries it. */
async function post<T = unknown>(s: TestServer, path: string, options: { token?: string; body?: object; query?: Record<string, string>; ip?: string } = {}): Promise<Envelope<T>> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/prod-api' + path,
    query: options.query,
    headers: options.token ? { authorization: options.token } : {},
    remoteAddress: options.ip ?? '127.0.0.1',
    payload: options.body ?? {},
  });
  return res.json() as Envelope<T>;
}

/** A try the server checked says how many were left (0 once locked), or succeeded. */
const checked = (answers: Envelope<unknown>[]) => answers.filter((a) => a.code === 200 || a.params?.left !== undefined).length;

async function funded(s: TestServer): Promise<{ m: Member; card: number }> {
  const m = await member(s, '1000');
  const card = await bindBank(s, m, String(4000000000000000 + m.userId * 7));
  return { m, card: card.id };
}

const submit = (s: TestServer, m: Member, card: number, fundPassword: string) =>
  post(s, '/h5/expenses/submitExpenses', { token: m.token, body: { methodId: card, amount: '50', fundPassword } });

const changeFund = (s: TestServer, m: Member, oldPassword: string, newPassword = '730518') =>
  post(s, '/h5/user/changeWalletPwd', { token: m.token, body: { oldPassword, newPassword, confirmPassword: newPassword } });

test('40 wrong fund passwords and the right one (11th) in parallel: at most 5 are checked, the right one withdraws nothing', async ({ s }) => {
  const { m, card } = await funded(s);
  const guesses = Array.from({ length: 41 }, (_, i) => (i === 10 ? FUND_PASSWORD : `wrong${100 + i}`));
  const answers = await Promise.all(guesses.map((g) => submit(s, m, card, g)));
  assert.ok(checked(answers) <= 5, `${checked(answers)} tries checked: ${JSON.stringify(answers.map((a) => [a.key, a.params?.left]))}`);
  const right = answers[10]!;
  assert.ok(right.key === 'fundPassword.locked' || right.key === 'rate.limited', `the right one came after 5 tries: ${right.key}`);
  for (const a of answers) assert.ok(['fundPassword.locked', 'fundPassword.incorrect', 'rate.limited'].includes(a.key!), `answer ${a.key}`);
  assert.is((await s.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, m.userId))).length, 0, 'no withdrawal');
  assert.equal(await getWallet(s.ctx.db, m.userId), { balance: '1000.00000000', frozen: '0.00000000' });
  const later = await submit(s, m, card, FUND_PASSWORD);
  assert.equal([later.code, later.key, later.params?.minutes], [403, 'fundPassword.locked', 15], 'still locked for 15 minutes');
  s.clock.advance(15 * 60_000);
  const open = await submit(s, m, card, FUND_PASSWORD);
  assert.is(open.code, 200, 'the lock ends after 15 minutes');
});

test('a right fund password takes back only its own try: wrong ones still count toward the lock', async ({ s }) => {
  const { m, card } = await funded(s);
  for (let left = 4; left >= 3; left--) assert.is((await submit(s, m, card, 'nope-nope')).params?.left, left);
  assert.is((await submit(s, m, card, FUND_PASSWORD)).code, 200);
  assert.is((await submit(s, m, card, 'nope-nope')).params?.left, 2, 'the right one in between did not wipe the count');
  s.clock.advance(24 * 3600_000);
  assert.is((await submit(s, m, card, 'nope-nope')).params?.left, 4, 'tries are forgotten a day after the first of them');
});

test('changeWalletPwd shares the withdrawal count and lock, also in parallel', async ({ s }) => {
  const { m, card } = await funded(s);
  for (let i = 0; i < 3; i++) assert.is((await submit(s, m, card, 'nope-nope')).key, 'fundPassword.incorrect');
  const wrong = await changeFund(s, m, '000000');
  assert.equal([wrong.code, wrong.key, wrong.params?.left, wrong.params?.field], [400, 'fundPassword.incorrect', 1, 'oldPassword']);
  const fifth = await changeFund(s, m, '000001');
  assert.equal([fifth.code, fifth.key], [403, 'fundPassword.locked'], 'the 5th wrong try, whichever route, locks');
  const right = await changeFund(s, m, FUND_PASSWORD);
  assert.equal([right.code, right.key], [403, 'fundPassword.locked'], 'the right old password does not change it while locked');
  assert.is((await submit(s, m, card, FUND_PASSWORD)).key, 'fundPassword.locked', 'withdrawals are locked too');

  const other = await funded(s);
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => changeFund(s, other.m, `bad${1000 + i}`)));
  assert.ok(checked(answers) <= 5, `${checked(answers)} tries checked`);
  assert.is((await changeFund(s, other.m, FUND_PASSWORD)).key, 'fundPassword.locked');
  assert.is((await submit(s, other.m, other.card, FUND_PASSWORD)).key, 'fundPassword.locked');
});

test('a fund-password change keeps every session of the user', async ({ s }) => {
  const { m } = await funded(s);
  const laptop = await s.login(m.username, 'glass-river-58');
  const changed = await changeFund(s, m, FUND_PASSWORD, '730518');
  assert.is(changed.code, 200, changed.msg);
  for (const token of [m.token, laptop]) assert.is((await post(s, '/h5/user/getUserInfo', { token })).code, 200, 'still signed in');
});

test('changePwd: 20 wrong old passwords in parallel, then the right one is refused while locked', async ({ s }) => {
  const user = await s.register();
  const other = await s.login(user.username, user.password);
  const change = (oldPassword: string, ip = '10.40.0.1') =>
    post(s, '/h5/user/changePwd', { token: user.token, ip, body: { oldPassword, newPassword: 'lamp-stone-27', confirmPassword: 'lamp-stone-27' } });
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`guess${i}`, `10.40.1.${i + 1}`)));
  const judged = answers.filter((a) => a.key === 'password.wrong').length;
  assert.ok(judged <= 5, `${judged} old passwords checked`);
  assert.ok(answers.every((a) => a.key === 'password.wrong' || a.key === 'rate.limited'), JSON.stringify(answers.map((a) => a.key)));
  const right = await change(user.password, '10.40.2.1');
  assert.equal([right.code, right.key], [429, 'rate.limited'], 'from a fresh address too');
  assert.is((await post(s, '/h5/user/getUserInfo', { token: other })).code, 200, 'no session was ended');
  assert.is(await s.login(user.username, user.password).then(Boolean), true, 'the password is unchanged');
  s.clock.advance(15 * 60_000);
  const after = await change(user.password);
  assert.is(after.code, 200, `after the window: ${after.msg}`);
});

test('a right old password does not count toward the changePwd lock', async ({ s }) => {
  let user = await s.register();
  for (let i = 0; i < 6; i++) {
    const next = i % 2 ? 'lamp-stone-27' : 'glass-river-58';
    const res = await post(s, '/h5/user/changePwd', { token: user.token, body: { oldPassword: user.password, newPassword: next, confirmPassword: next } });
    assert.is(res.code, 200, `change ${i + 1}: ${res.msg}`);
    user = { ...user, password: next, token: await s.login(user.username, next) };
  }
});

const setPassword = {
  register: (s: TestServer, password: string) =>
    post(s, '/h5/user/register', { body: { username: `np${Date.now() % 1e6}x${Math.floor(Math.random() * 1e6)}`, password, confirmPassword: password } }),
  changePwd: async (s: TestServer, password: string) => {
    const user = await s.register();
    return post(s, '/h5/user/changePwd', { token: user.token, body: { oldPassword: user.password, newPassword: password, confirmPassword: password } });
  },
};

test('new login passwords: at least 8 characters and not one of the 10,000 most common, whatever the case', async ({ s }) => {
  for (const [route, set] of Object.entries(setPassword)) {
    const short = await set(s, 'Ab3$xyz');
    assert.equal([short.code, short.key, short.params?.min], [400, 'password.tooShort', 8], `${route}: 7 characters`);
    for (const common of ['password1', 'PassWord1', 'qwerty123', '12345678', 'iloveyou']) {
      const res = await set(s, common);
      assert.equal([res.code, res.key, res.msg], [400, 'password.common', 'This password is one of the most common ones, choose another'], `${route}: ${common}`);
    }
    assert.is((await set(s, 'glass-river-58')).code, 200, `${route}: an uncommon one of 8 or more`);
  }
});

test('forgot-password reset refuses a common new password; an old weak password still logs in', async ({ s }) => {
  const { username, token } = await s.register();
  await s.call('GET', '/common/sms', { query: { phone: '+15557654399' }, ip: '10.41.0.1' });
  assert.is((await post(s, '/h5/user/setPhone', { token, body: { phone: '+15557654399', code: s.codes.at(-1)!.code } })).code, 200);
  s.clock.advance(61_000);
  await s.call('GET', '/common/sms', { query: { phone: '+15557654399' }, ip: '10.41.0.2' });
  const reset = await post(s, '/h5/user/forget', { body: { type: 'sms', phone: '+15557654399', code: s.codes.at(-1)!.code, password: 'football1' } });
  assert.equal([reset.code, reset.key], [400, 'password.common']);

  const { hashPassword } = await import('../../server/auth/password.ts');
  await s.ctx.db.update(users).set({ passwordHash: await hashPassword('abcd') }).where(eq(users.username, username));
  assert.ok(await s.login(username, 'abcd'), 'a password set before the rule keeps working until changed');
});

test('fund passwords: 6 characters are enough, a common one is refused', async ({ s }) => {
  const { token } = await s.register();
  const common = await post(s, '/h5/user/changeWalletPwd', { token, body: { newPassword: '123456', confirmPassword: '123456' } });
  assert.equal([common.code, common.key, common.params?.field], [400, 'password.common', 'newPassword']);
  assert.is((await post(s, '/h5/user/changeWalletPwd', { token, body: { newPassword: '730518', confirmPassword: '730518' } })).code, 200);
});

test('a secret in the query string is refused on every route, before anything happens', async ({ s }) => {
  const reg = await post(s, '/h5/user/register', { query: { username: 'queryuser1', password: 'Secret123x', confirmPassword: 'Secret123x' } });
  assert.equal([reg.code, reg.key, reg.params?.field], [400, 'field.secretInQuery', 'password']);
  assert.is((await s.ctx.db.select().from(users).where(eq(users.username, 'queryuser1'))).length, 0, 'no account was made');
  const both = await post(s, '/h5/user/register', { query: { username: 'queryuser1', password: 'x' }, body: { password: 'Secret123x', confirmPassword: 'Secret123x' } });
  assert.is(both.key, 'field.secretInQuery', 'also when the body has it too');
  const login = await post(s, '/login', { query: { password: 'demo1234' }, body: { username: 'demo01', password: 'demo1234' } });
  assert.is(login.key, 'field.secretInQuery');
  const { m, card } = await funded(s);
  const fund = await post(s, '/h5/expenses/submitExpenses', { token: m.token, query: { fundPassword: FUND_PASSWORD }, body: { methodId: card, amount: '50', fundPassword: FUND_PASSWORD } });
  assert.equal([fund.key, fund.params?.field], ['field.secretInQuery', 'fundPassword']);
  for (const name of ['code', 'smsCode', 'oldPassword', 'newPwd', 'token', 'access_token']) {
    const res = await s.app.inject({ method: 'GET', url: `/prod-api/common/config/list?${name}=x` });
    assert.is((res.json() as Envelope<unknown>).key, 'field.secretInQuery', name);
  }
  const plain = await s.app.inject({ method: 'GET', url: '/prod-api/h5/symbol/getNoticeList?lang=de' });
  assert.is((plain.json() as Envelope<unknown>).code, 200, 'other parameters are fine');
  const unknown = await s.app.inject({ method: 'GET', url: '/prod-api/common/config/list?inviteCode=AB12' });
  assert.equal([(unknown.json() as Envelope<unknown>).key, (unknown.json() as Envelope<unknown>).params], ['field.invalid', { field: 'inviteCode' }], 'an undeclared one is refused as such, not as a secret');
});

test.run();
