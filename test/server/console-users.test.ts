/**
 * The console's Users pages: finding a user, their page, and the operator's actions on them, each
 * through the command line's own functions and on record under the operator's name.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope, UserInfo, UserMessageList } from '../../src/shared/contract.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import type { PushEvent } from '../../server/bus/types.ts';
import { auditLog, operators, signIns, users, walletBills } from '../../server/db/schema/index.ts';
import { addOperator } from '../../server/operator/console/accounts.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import type { AdminUser, ConsoleUser, ContentList, QueuedWithdrawal, Setting } from '../../src/shared/contract/console.ts';
import { recordSignIn, SIGN_INS_KEPT } from '../../server/auth/sign-ins.ts';
import { MEANINGS } from '../../src/console/pages/setting-meanings.ts';
import { bindBank, member, withdraw } from './money-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

const PASSWORD = 'a long operator password';
let s: TestServer;
let admin: FastifyInstance;
let ana: string;
let ips = 0;

async function consoleCall<T>(method: 'GET' | 'POST', url: string, body?: object, cookie: string = ana): Promise<{ status: number; body: Envelope<T> }> {
  const res = await admin.inject({
    method,
    url: `/console/api${url}`,
    remoteAddress: `10.8.0.${++ips}`,
    headers: { ...(method === 'POST' ? { 'x-console': '1' } : {}), ...(cookie ? { cookie } : {}) },
    ...(method === 'POST' ? { payload: body ?? {} } : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

test.before(async () => {
  s = await startTestServer();
  admin = await buildAdminApp(s.ctx, { key: 'test-operator-key', consoleDir: '/nonexistent' });
  await addOperator(s.ctx, 'ana', PASSWORD, ['admin']);
  const [row] = await s.ctx.db.select().from(operators).where(eq(operators.name, 'ana'));
  s.clock.advance(30_000);
  const res = await admin.inject({
    method: 'POST',
    url: '/console/api/sign-in',
    headers: { 'x-console': '1' },
    payload: { name: 'ana', password: PASSWORD, code: codeAt(row!.totpSecret, stepAt(s.clock.now())) },
  });
  ana = String(res.headers['set-cookie']).split(';')[0]!;
});

test.after(async () => {
  await admin.close();
  await s.close();
});

const rowsFor = (userId: number, kind: string) => s.ctx.db.select().from(auditLog).where(and(eq(auditLog.userId, userId), eq(auditLog.kind, kind)));

test('a user is found by name, phone, e-mail or id; their page shows money, history, methods, messages and devices', async () => {
  const m = await member(s, '300');
  await s.ctx.db.update(users).set({ phone: `+5511${900000000 + m.userId}`, email: `u${m.userId}@example.com` }).where(eq(users.id, m.userId));
  const card = await bindBank(s, m, String(4400000000000000 + m.userId * 7));
  await withdraw(s, m, { methodId: card.id, amount: '50' });
  for (const q of [m.username, `${900000000 + m.userId}`, `u${m.userId}@EXAMPLE`, String(m.userId)]) {
    const found = (await consoleCall<AdminUser[]>('GET', `/users?q=${encodeURIComponent(q)}`)).body.data;
    assert.ok(found.some((u) => u.id === m.userId), `found by ${q}`);
  }
  assert.equal((await consoleCall<AdminUser[]>('GET', '/users?q=%25')).body.data.filter((u) => u.id === m.userId), [], 'a % is a character, not a wildcard');
  const page = (await consoleCall<ConsoleUser>('GET', `/users/${m.userId}`)).body.data;
  assert.is(page.username, m.username);
  assert.is(page.email, `u${m.userId}@example.com`);
  assert.ok(Number(page.frozen) > 0 && Number(page.balance) < 300, 'the withdrawal holds its amount');
  assert.equal(page.bills.map((b) => b.bizType), ['withdraw_freeze', 'recharge']);
  assert.is(page.withdrawals.length, 1);
  assert.equal(page.methods.map((x) => x.account), [String(4400000000000000 + m.userId * 7)], 'unmasked for the operator');
  assert.ok(page.sessions.length >= 1, 'the signed-in device');
  assert.is((await consoleCall('GET', '/users/2147483647')).status, 404);
  assert.is((await consoleCall('GET', '/users/0')).status, 400);
});

test('each sign-in is recorded with the address the server sees, a short browser name and how; the newest are kept; only the console shows them', async () => {
  const m = await member(s, '100');
  const phone = 'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36';
  // No trusted proxy here: a forwarded address is the client's own claim and is not recorded.
  const login = await s.call<string>('POST', '/login', { body: { username: m.username, password: 'glass-river-58' }, ip: '203.0.113.7', headers: { 'user-agent': phone, 'x-forwarded-for': '198.51.100.9' } });
  assert.is(login.code, 200, login.msg);
  const page = (await consoleCall<ConsoleUser>('GET', `/users/${m.userId}`)).body.data;
  assert.equal(
    page.logins.map((l) => [l.ip, l.agent, l.how]),
    [['203.0.113.7', 'Chrome 120 · Android 13', 'password'], [page.logins[1]!.ip, 'lightMyRequest', 'register']],
    'newest first: the login, then the sign-up (an unknown browser name kept as sent)',
  );
  assert.is(page.logins[0]!.at, s.clock.now());

  const card = await bindBank(s, m, String(4500000000000000 + m.userId * 7));
  const placed = await withdraw(s, m, { methodId: card.id, amount: '20' });
  const queued = (await consoleCall<QueuedWithdrawal[]>('GET', '/withdrawals')).body.data.find((w) => w.orderNo === placed.data.orderNo)!;
  assert.is(queued.logins[0]!.ip, '203.0.113.7', 'the withdrawal shows where its user signed in');

  for (let i = 0; i < SIGN_INS_KEPT; i++) {
    s.clock.advance(1000);
    await s.ctx.db.transaction((tx) => recordSignIn(s.ctx, tx, m.userId, { ip: `192.0.2.${i}`, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1', how: 'partner', deviceId: 'the-same-iphone' }));
  }
  const kept = await s.ctx.db.select().from(signIns).where(eq(signIns.userId, m.userId));
  assert.is(kept.length, SIGN_INS_KEPT, 'older ones pruned as new ones come');
  assert.not.ok(kept.some((r) => r.ip === '203.0.113.7'), 'the oldest went first');
  const after = (await consoleCall<ConsoleUser>('GET', `/users/${m.userId}`)).body.data.logins;
  assert.equal([after.length, after[0]!.ip, after[0]!.agent], [SIGN_INS_KEPT, `192.0.2.${SIGN_INS_KEPT - 1}`, 'Safari 17 · iOS 17']);
  const queuedNow = (await consoleCall<QueuedWithdrawal[]>('GET', '/withdrawals')).body.data.find((w) => w.orderNo === placed.data.orderNo)!;
  assert.is(queuedNow.logins.length, 5, 'a withdrawal shows the newest few');

  // The address is personal data: the user's own answers and the operator-key API do not carry it.
  const own = await s.call('POST', '/h5/user/getUserInfo', { token: login.data });
  assert.not.match(JSON.stringify(own), '192.0.2.');
  const viaKey = await admin.inject({ method: 'GET', url: `/admin/users?search=${m.username}`, headers: { 'x-operator-key': 'test-operator-key' } });
  assert.is(viaKey.statusCode, 200, viaKey.body);
  assert.match(viaKey.body, m.username);
  assert.not.match(viaKey.body, '192.0.2.');
});

test('a balance adjustment goes through the ledger with its reason, on record under the operator\'s name', async () => {
  const m = await member(s, '100');
  for (const amount of ['NaN', 'Infinity', '1e5', '0', '+0.000000001', '12abc']) {
    const bad = await consoleCall('POST', `/users/${m.userId}/balance`, { amount, reason: 'test' });
    assert.is(bad.status, 400, amount);
  }
  assert.is((await consoleCall('POST', `/users/${m.userId}/balance`, { amount: '+10', reason: '\u0000' })).status, 400, 'a NUL character');
  const res = await consoleCall<{ balance: string }>('POST', `/users/${m.userId}/balance`, { amount: '-40.5', reason: 'Bonus taken back' });
  assert.is(res.status, 200, res.body.msg);
  assert.is(res.body.data.balance, '59.50000000');
  const [bill] = await s.ctx.db.select().from(walletBills).where(and(eq(walletBills.userId, m.userId), eq(walletBills.bizType, 'adjust')));
  assert.equal([bill!.amount, bill!.remark], ['-40.50000000', 'Bonus taken back']);
  const tooMuch = await consoleCall('POST', `/users/${m.userId}/balance`, { amount: '-60', reason: 'Too much' });
  assert.is(tooMuch.body.key, 'balance.insufficient');
  const rows = await rowsFor(m.userId, 'user.balance');
  assert.is(rows.length, 1, 'the refused one left no row');
  assert.equal([rows[0]!.operatorName, (rows[0]!.before as { balance: string }).balance, (rows[0]!.after as { balance: string }).balance], ['ana', '100.00000000', '59.50000000']);
});

test('a message, the mask, a code asked for and ended sessions reach the user, each on record', async () => {
  const m = await member(s);
  const pushes: PushEvent[] = [];
  const stop = s.ctx.bus!.subscribe((e) => e.userId === m.userId && pushes.push(e));
  try {
    assert.is((await consoleCall('POST', `/users/${m.userId}/message`, { content: 'Your documents are approved' })).status, 200);
    const inbox = (await s.call<UserMessageList>('GET', '/h5/message/userMessage', { token: m.token, query: { pageNum: '1', pageSize: '5' } })).data.rows;
    assert.ok(inbox.some((x) => x.content === 'Your documents are approved'));
    assert.is((await consoleCall('POST', `/users/${m.userId}/message`, { content: '' })).status, 400);

    await consoleCall('POST', `/users/${m.userId}/mask`, { on: true });
    assert.is((await consoleCall<ConsoleUser>('GET', `/users/${m.userId}`)).body.data.masked, true);
    await consoleCall('POST', `/users/${m.userId}/ask-code`, { verificationType: 'sms' });
    assert.equal(
      pushes.map((p) => p.code),
      ['mes', 'is_order', 'input'],
    );

    assert.is((await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: m.token })).code, 200);
    const ended = await consoleCall<{ ended: number }>('POST', `/users/${m.userId}/sessions/end`, {});
    assert.is(ended.body.data.ended, 1);
    assert.is((await s.call('POST', '/h5/user/getUserInfo', { token: m.token })).code, 401, 'signed out at once');
    assert.equal((await consoleCall<ConsoleUser>('GET', `/users/${m.userId}`)).body.data.sessions, []);

    for (const kind of ['user.message', 'user.mask', 'user.askCode', 'user.endSessions']) {
      const rows = await rowsFor(m.userId, kind);
      assert.is(rows.length, 1, kind);
      assert.is(rows[0]!.operatorName, 'ana');
    }
  } finally {
    stop();
  }
});

test('content: each text in the 24 languages, missing ones absent; a translation written in the console reaches the app, on record', async () => {
  const notice = (await admin.inject({ method: 'POST', url: '/admin/notice', headers: { 'x-operator-key': 'test-operator-key' }, payload: { title: 'Maintenance', content: 'Tonight' } })).json() as Envelope<{ id: number }>;
  const list = (await consoleCall<ContentList>('GET', '/content')).body.data;
  assert.is(list.languages.length, 24);
  const item = list.items.find((i) => i.kind === 'notice' && i.id === notice.data.id)!;
  assert.equal(Object.keys(item.texts), ['en'], 'only the original: every other language is missing');
  assert.ok(list.items.some((i) => i.kind === 'page' && i.id === 'about'));

  const res = await consoleCall('POST', '/content', { kind: 'notice', id: notice.data.id, lang: 'pt-BR', title: 'Manutenção', content: 'Hoje à noite' });
  assert.is(res.status, 200, res.body.msg);
  const after = (await consoleCall<ContentList>('GET', '/content')).body.data.items.find((i) => i.kind === 'notice' && i.id === notice.data.id)!;
  assert.equal(after.texts['pt-BR'], { title: 'Manutenção', content: 'Hoje à noite' });
  const shown = await s.call<Array<{ id: number; title: string }>>('GET', '/h5/symbol/getNoticeList', { query: { lang: 'pt-BR' } });
  assert.is(shown.data.find((n) => n.id === notice.data.id)!.title, 'Manutenção');
  const [row] = await s.ctx.db.select().from(auditLog).where(and(eq(auditLog.kind, 'translation.set'), eq(auditLog.target, `notice:${notice.data.id}:pt-BR`)));
  assert.is(row!.operatorName, 'ana');

  assert.is((await consoleCall('POST', '/content', { kind: 'page', id: 'about', lang: 'ar', title: 'من نحن', content: 'نص' })).status, 200);
  const [page] = await s.ctx.db.select().from(auditLog).where(and(eq(auditLog.kind, 'page.set'), eq(auditLog.target, 'about:ar')));
  assert.equal(page!.after, { title: 'من نحن', body: 'نص' });
  const refused: Array<[object, number]> = [
    [{ kind: 'page', id: 'about', lang: 'ar', title: '', content: 'x' }, 400],
    [{ kind: 'notice', id: notice.data.id, lang: 'xx', title: 'a', content: 'b' }, 400],
    [{ kind: 'notice', id: notice.data.id, lang: 'de', title: 'a\u0000', content: 'b' }, 400],
    [{ kind: 'page', id: 7, lang: 'de', title: 'a', content: 'b' }, 404],
    [{ kind: 'notice', id: 'about', lang: 'de', title: 'a', content: 'b' }, 404],
    [{ kind: 'notice', id: 2147483647, lang: 'de', title: 'a', content: 'b' }, 404],
  ];
  for (const [body, status] of refused) assert.is((await consoleCall('POST', '/content', body)).status, status, JSON.stringify(body));
});

test('settings: each value with its default and rule; a value against its rule is refused here and on the command line; a good one is saved, on record', async () => {
  const list = (await consoleCall<Setting[]>('GET', '/settings')).body.data;
  const captcha = list.find((x) => x.key === 'captchaOn')!;
  assert.equal([captcha.rule, captcha.default], ['flag', '0']);
  assert.is(list.find((x) => x.key === 'money.withdrawFeeRate')!.rule, 'number');
  const refused: Array<[string, string]> = [
    ['captchaOn', 'yes'],
    ['captchaOn', ''],
    ['money.withdrawFeeRate', 'NaN'],
    ['money.withdrawFeeRate', '1e3'],
    ['money.withdrawFeeRate', '-1'],
    ['customFontFamilyLink', 'http://fonts.example.com/a.css'],
    ['serviceUrl', 'javascript:alert(1)'],
    ['money.withdrawCodeType', 'whatsapp'],
    ['moneyDecimals', '2.5'],
    ['moneyDecimals', '9'],
    ['moneyRatio', '0'],
    ['money.withdrawFeeRate', '101'],
    ['savings.rate', '0.00001'],
    ['savings.pauseHours', '1.5'],
    ['no.such.key', '1'],
  ];
  for (const [key, value] of refused) {
    const res = await consoleCall('POST', '/settings', { key, value });
    assert.is(res.status, 400, `${key}=${value}`);
    const cli = (await admin.inject({ method: 'PUT', url: '/admin/config', headers: { 'x-operator-key': 'test-operator-key' }, payload: { key, value } })).json() as Envelope<null>;
    assert.is(cli.code, 400, `command line ${key}=${value}`);
  }
  const decimals = await consoleCall('POST', '/settings', { key: 'moneyDecimals', value: '9' });
  assert.is(decimals.body.msg, 'moneyDecimals must be a whole number from 0 to 8', 'the refusal says what is allowed');
  assert.equal(decimals.body.params, { field: 'value', key: 'moneyDecimals', rule: 'count', min: 0, max: 8 }, 'and carries it for the console to word');
  assert.equal(list.find((x) => x.key === 'moneyDecimals')!.range, [0, 8]);
  const rate = list.find((x) => x.key === 'savings.rate')!;
  assert.equal([rate.rule, rate.default, rate.range, rate.decimals], ['number', '0.05', [0, 100], 4], 'savings rules are listed with what savings reads');
  assert.is((await consoleCall('POST', '/settings', { key: 'savings.rate', value: '0.00001' })).body.msg, 'savings.rate must be a number from 0 to 100, with at most 4 decimals');
  assert.is((await consoleCall('POST', '/settings', { key: 'moneyDecimals', value: '8' })).status, 200, 'the bound itself is allowed');
  await consoleCall('POST', '/settings', { key: 'moneyDecimals', value: '0' });
  assert.is((await consoleCall('POST', '/settings', { key: 'captchaOn', value: '1' })).status, 200);
  assert.is((await consoleCall<Setting[]>('GET', '/settings')).body.data.find((x) => x.key === 'captchaOn')!.value, '1');
  const [row] = await s.ctx.db.select().from(auditLog).where(and(eq(auditLog.kind, 'config.set'), eq(auditLog.target, 'captchaOn')));
  assert.equal([row!.operatorName, row!.after], ['ana', { value: '1' }]);
  await consoleCall('POST', '/settings', { key: 'captchaOn', value: '0' });
});

test('settings: every key the console lists says what it changes for users, in each of the console\'s languages', async () => {
  const keys = (await consoleCall<Setting[]>('GET', '/settings')).body.data.filter((x) => x.default !== null).map((x) => x.key);
  assert.ok(keys.length > 50, 'the shipped keys');
  for (const key of keys) {
    assert.ok(MEANINGS.en[key], `${key} has a meaning`);
    for (const lang of ['pt-BR', 'ar'] as const) {
      assert.ok(MEANINGS[lang][key], `${key} has a meaning in ${lang}`);
      assert.is.not(MEANINGS[lang][key], MEANINGS.en[key], `${key} is translated to ${lang}`);
    }
  }
  assert.equal(Object.keys(MEANINGS['pt-BR']).sort(), Object.keys(MEANINGS.en).sort());
  assert.equal(Object.keys(MEANINGS.ar).sort(), Object.keys(MEANINGS.en).sort());
});

test('no Users route answers without an operator session', async () => {
  const routes: Array<['GET' | 'POST', string]> = [
    ['GET', '/users?q=a'],
    ['GET', '/users/1'],
    ['POST', '/users/1/balance'],
    ['POST', '/users/1/message'],
    ['POST', '/users/1/mask'],
    ['POST', '/users/1/ask-code'],
    ['POST', '/users/1/sessions/end'],
    ['GET', '/content'],
    ['POST', '/content'],
    ['GET', '/settings'],
    ['POST', '/settings'],
  ];
  for (const [method, url] of routes) {
    for (const cookie of ['', 'tl_console=forged']) {
      const res = await consoleCall(method, url, { amount: '+1', reason: 'x', content: 'x', on: true, verificationType: 'sms' }, cookie);
      assert.is(res.status, 401, `${method} ${url}`);
    }
  }
});

test.run();
