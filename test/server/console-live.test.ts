/**
 * The console's shared view of the queues: who has an item open, listed reasons the user reads in
 * their language, new items announced as they arrive (server-sent events), and the command line's
 * actions on record beside the console's.
 */
import { request as httpRequest } from 'node:http';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Deposit, Envelope, UserMessageList, Withdrawal } from '../../src/shared/contract.ts';
import { REVIEW_REASONS, WITHDRAW_REASONS } from '../../src/shared/review-reasons.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import type { QueueEvent } from '../../server/bus/types.ts';
import { auditLog, config, operators, wallets } from '../../server/db/schema/index.ts';
import { addOperator } from '../../server/operator/console/accounts.ts';
import { CLAIM_MS } from '../../server/operator/console/claims.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import type { AuditRow, Claim, QueuedDeposit, QueuedWithdrawal } from '../../src/shared/contract/console.ts';
import { bindBank, member, submittedDeposit, withdraw } from './money-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

const KEY = 'test-operator-key';
const PASSWORD = 'a long operator password';
let s: TestServer;
let admin: FastifyInstance;
let ana: string;
let dora: string;
let ips = 0;

async function consoleCall<T>(method: 'GET' | 'POST', url: string, cookie: string | undefined, body?: object): Promise<{ status: number; body: Envelope<T> }> {
  const request: InjectOptions = {
    method,
    url: `/console/api${url}`,
    remoteAddress: `10.9.0.${++ips}`,
    headers: { ...(method === 'POST' ? { 'x-console': '1' } : {}), ...(cookie ? { cookie } : {}) },
    ...(body ? { payload: body } : method === 'POST' ? { payload: {} } : {}),
  };
  const res = await admin.inject(request);
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

async function signIn(name: string): Promise<string> {
  const [row] = await s.ctx.db.select().from(operators).where(eq(operators.name, name));
  s.clock.advance(30_000);
  const res = await admin.inject({
    method: 'POST',
    url: '/console/api/sign-in',
    remoteAddress: `10.9.1.${++ips}`,
    headers: { 'x-console': '1' },
    payload: { name, password: PASSWORD, code: codeAt(row!.totpSecret, stepAt(s.clock.now())) },
  });
  assert.is(res.statusCode, 200, res.body);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

const adminCall = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await admin.inject({ method, url: `/admin${url}`, headers: { 'x-operator-key': KEY }, ...(payload ? { payload } : {}) });
  return res.json() as Envelope<T>;
};


const rowsOf = (target: string) => s.ctx.db.select().from(auditLog).where(eq(auditLog.target, target));

test.before(async () => {
  s = await startTestServer();
  admin = await buildAdminApp(s.ctx, { key: KEY, consoleDir: '/nonexistent' });
  await addOperator(s.ctx, 'ana', PASSWORD, ['admin']);
  await addOperator(s.ctx, 'dora', PASSWORD, ['admin']);
  ana = await signIn('ana');
  dora = await signIn('dora');
});

test.after(async () => {
  await admin.close();
  await s.close();
});

test('two operators open the same deposit: the second sees that the first has it, may still decide, and a forgotten claim lapses', async () => {
  const m = await member(s);
  const d = await submittedDeposit(s, m, '20');
  const other = await submittedDeposit(s, m, '21');
  assert.equal((await consoleCall<Claim>('POST', `/claims/deposit/${d.orderNo}`, ana)).body.data, { heldBy: null }, 'ana has it now');
  assert.equal((await consoleCall<Claim>('POST', `/claims/deposit/${d.orderNo}`, dora)).body.data, { heldBy: 'ana' }, 'dora sees ana has it');
  assert.equal((await consoleCall<Claim>('POST', `/claims/deposit/${d.orderNo}`, ana)).body.data, { heldBy: null }, 'ana renews her own claim');

  const heldIn = async (cookie: string) => (await consoleCall<QueuedDeposit[]>('GET', '/deposits', cookie)).body.data.filter((q) => q.userId === m.userId).map((q) => [q.orderNo, q.heldBy]);
  assert.equal(await heldIn(dora), [[d.orderNo, 'ana'], [other.orderNo, null]], 'dora\'s queue names the holder');
  assert.equal(await heldIn(ana), [[d.orderNo, null], [other.orderNo, null]], 'ana is not told that she has it');

  // Ana walks away without letting go: the claim lapses, and dora gets it.
  s.clock.advance(CLAIM_MS + 1000);
  assert.equal((await consoleCall<Claim>('POST', `/claims/deposit/${d.orderNo}`, dora)).body.data, { heldBy: null });
  assert.equal((await consoleCall<Claim>('POST', `/claims/deposit/${d.orderNo}`, ana)).body.data, { heldBy: 'dora' });
  // Letting go frees it at once; releasing someone else's claim does nothing.
  await consoleCall('POST', `/claims/deposit/${d.orderNo}/release`, ana);
  assert.equal(await heldIn(ana), [[d.orderNo, 'dora'], [other.orderNo, null]]);
  await consoleCall('POST', `/claims/deposit/${d.orderNo}/release`, dora);
  assert.equal(await heldIn(ana), [[d.orderNo, null], [other.orderNo, null]]);

  // A claim never blocks a decision: ana decides the item dora holds.
  await consoleCall('POST', `/claims/deposit/${other.orderNo}`, dora);
  const decided = await consoleCall<Deposit>('POST', `/deposits/${other.orderNo}/approve`, ana);
  assert.is(decided.status, 200, decided.body.msg);
  assert.equal(await heldIn(dora), [[d.orderNo, null]], 'decided and gone from the queue');

  const bad = await consoleCall('POST', '/claims/orders/512345678901234567', ana);
  assert.is(bad.status, 400);
});

test('two operators open the same withdrawal: the queue names the holder', async () => {
  const m = await member(s, '500');
  const card = await bindBank(s, m, String(4100000000000000 + m.userId * 7));
  const placed = await withdraw(s, m, { methodId: card.id, amount: '100' });
  assert.is(placed.code, 200, placed.msg);
  await consoleCall('POST', `/claims/withdrawal/${placed.data.orderNo}`, dora);
  const queued = (await consoleCall<QueuedWithdrawal[]>('GET', '/withdrawals', ana)).body.data.find((w) => w.orderNo === placed.data.orderNo)!;
  assert.is(queued.heldBy, 'dora');
  const moved = await consoleCall<Withdrawal>('POST', `/withdrawals/${placed.data.orderNo}`, ana, { status: 'paid' });
  assert.is(moved.status, 200, moved.body.msg);
});

test('a listed reason travels by its key, so the user reads it in their language; a typed one stays as typed', async () => {
  const m = await member(s);
  const listed = await submittedDeposit(s, m, '30');
  const typed = await submittedDeposit(s, m, '31');
  const unknown = await consoleCall('POST', `/deposits/${listed.orderNo}/reject`, ana, { reasonKey: 'looksFake' });
  assert.is(unknown.status, 400, 'only listed keys');
  const res = await consoleCall<Deposit>('POST', `/deposits/${listed.orderNo}/reject`, ana, { reasonKey: 'amount' });
  assert.is(res.status, 200, res.body.msg);
  assert.is(res.body.data.rejectReasonKey, 'amount');
  assert.is(res.body.data.rejectReason, REVIEW_REASONS.amount, 'the English text for clients that do not know the key');
  await consoleCall('POST', `/deposits/${typed.orderNo}/reject`, ana, { reason: 'Comprovante de outro banco' });

  const detail = (orderNo: string) => s.call<Deposit>('GET', '/h5/recharge/depositDetail', { token: m.token, query: { orderNo } });
  assert.equal([(await detail(listed.orderNo)).data.rejectReasonKey, (await detail(typed.orderNo)).data.rejectReasonKey], ['amount', null]);
  assert.is((await detail(typed.orderNo)).data.rejectReason, 'Comprovante de outro banco');

  const inbox = (await s.call<UserMessageList>('GET', '/h5/message/userMessage', { token: m.token, query: { pageNum: '1', pageSize: '10' } })).data.rows;
  const params = (orderNo: string) => inbox.find((msg) => msg.params?.orderNo === orderNo)!.params!;
  assert.equal([params(listed.orderNo).reasonKey, params(listed.orderNo).reason], ['amount', REVIEW_REASONS.amount]);
  assert.equal([params(typed.orderNo).reasonKey, params(typed.orderNo).reason], [undefined, 'Comprovante de outro banco']);
});

test('a withdrawal given back with a listed payout reason: the key travels to the record and the message; a deposit\'s key is refused', async () => {
  const m = await member(s, '500');
  const card = await bindBank(s, m, String(4300000000000000 + m.userId * 7));
  const listed = (await withdraw(s, m, { methodId: card.id, amount: '40' })).data;
  const typed = (await withdraw(s, m, { methodId: card.id, amount: '41' })).data;
  for (const reasonKey of ['amount', 'looksFake']) {
    const refused = await consoleCall('POST', `/withdrawals/${listed.orderNo}`, ana, { status: 'rejected', reasonKey });
    assert.is(refused.status, 400, `${reasonKey} is not a withdrawal reason`);
  }
  const res = await consoleCall<Withdrawal>('POST', `/withdrawals/${listed.orderNo}`, ana, { status: 'rejected', reasonKey: 'payoutName' });
  assert.is(res.status, 200, res.body.msg);
  assert.equal([res.body.data.remarkKey, res.body.data.remark], ['payoutName', WITHDRAW_REASONS.payoutName]);
  const closed = await consoleCall('POST', `/withdrawals/${typed.orderNo}`, ana, { status: 'no_payout', reason: 'Conta encerrada pelo banco' });
  assert.is(closed.status, 200, closed.body.msg);

  const detail = async (orderNo: string) => (await s.call<Withdrawal>('GET', '/h5/expenses/withdrawDetail', { token: m.token, query: { orderNo } })).data;
  assert.equal([(await detail(listed.orderNo)).remarkKey, (await detail(typed.orderNo)).remarkKey], ['payoutName', null]);
  assert.is((await detail(typed.orderNo)).remark, 'Conta encerrada pelo banco');
  const inbox = (await s.call<UserMessageList>('GET', '/h5/message/userMessage', { token: m.token, query: { pageNum: '1', pageSize: '10' } })).data.rows;
  const params = (orderNo: string) => inbox.find((msg) => msg.params?.orderNo === orderNo)!.params!;
  assert.equal([params(listed.orderNo).reasonKey, params(listed.orderNo).reason], ['payoutName', WITHDRAW_REASONS.payoutName]);
  assert.equal([params(typed.orderNo).reasonKey, params(typed.orderNo).reason], [undefined, 'Conta encerrada pelo banco']);
  assert.is((await s.ctx.db.select().from(wallets).where(eq(wallets.userId, m.userId)))[0]!.frozen, '0.00000000', 'both given back');
});

test('a new deposit, a new withdrawal and each decision are announced to the consoles of every process', async () => {
  const seen: QueueEvent[] = [];
  const stop = s.ctx.bus!.watchQueues((e) => seen.push(e));
  try {
    const m = await member(s, '500');
    const d = await submittedDeposit(s, m, '40');
    const card = await bindBank(s, m, String(4200000000000000 + m.userId * 7));
    const w = (await withdraw(s, m, { methodId: card.id, amount: '50' })).data;
    await consoleCall('POST', `/deposits/${d.orderNo}/approve`, ana);
    await adminCall('POST', `/withdrawals/${w.orderNo}`, { status: 'paid' });
    assert.equal(seen, [
      { queue: 'deposit', orderNo: d.orderNo, change: 'new' },
      { queue: 'withdrawal', orderNo: w.orderNo, change: 'new' },
      { queue: 'deposit', orderNo: d.orderNo, change: 'decided' },
      { queue: 'withdrawal', orderNo: w.orderNo, change: 'decided' },
    ]);
  } finally {
    stop();
  }
});

/** Opens the event stream on a listening admin app; `lines` fills as data arrives. */
function openStream(port: number, cookie: string | undefined): Promise<{ status: number; type: string; lines: string[]; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/console/api/events', headers: cookie ? { cookie } : {} }, (res) => {
      const lines: string[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
      resolve({ status: res.statusCode!, type: String(res.headers['content-type']), lines, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

test('the event stream: a signed-in operator hears of a new deposit as it comes; no session, no stream', async () => {
  const live = await buildAdminApp(s.ctx, { key: KEY, consoleDir: '/nonexistent' });
  await live.listen({ host: '127.0.0.1', port: 0 });
  const port = (live.server.address() as { port: number }).port;
  try {
    const refused = await openStream(port, undefined);
    assert.is(refused.status, 401);
    refused.close();
    const stream = await openStream(port, ana);
    assert.is(stream.status, 200);
    assert.match(stream.type, 'text/event-stream');
    const m = await member(s);
    const d = await submittedDeposit(s, m, '22');
    const expected = `data: ${JSON.stringify({ queue: 'deposit', orderNo: d.orderNo, change: 'new' })}`;
    for (let i = 0; i < 100 && !stream.lines.includes(expected); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(stream.lines.includes(expected), stream.lines.join('\n'));
    assert.not.ok(stream.lines.some((l) => l.includes('"userId"')), 'no user push goes to the console');
    stream.close();
  } finally {
    // An open stream must not keep the listener from closing.
    const open = await openStream(port, ana);
    await live.close();
    open.close();
  }
});

test('every command-line action writes its audit row with the operator key, in the transaction of its change', async () => {
  const m = await member(s, '100');
  const user = m.username;
  const byKey = async (kind: string, target: string) => {
    const rows = await s.ctx.db.select().from(auditLog).where(and(eq(auditLog.kind, kind), eq(auditLog.target, target)));
    assert.is(rows.length, 1, `${kind} ${target}`);
    assert.is(rows[0]!.operatorName, '(operator key)');
    assert.is(rows[0]!.operatorId, null);
    return rows[0]!;
  };

  assert.is((await adminCall('POST', '/balance', { username: user, amount: '+25.5', reason: 'goodwill' })).code, 200);
  const balance = await byKey('user.balance', user);
  assert.equal(balance.before, { balance: '100.00000000', frozen: '0.00000000' });
  assert.equal({ ...(balance.after as object), billId: 0 }, { balance: '125.50000000', frozen: '0.00000000', amount: '25.5', reason: 'goodwill', billId: 0 });
  assert.is(balance.userId, m.userId);
  // A refused change leaves no row: the row is written in the change's transaction.
  const tooMuch = await adminCall('POST', '/balance', { username: user, amount: '-1000', reason: 'mistake' });
  assert.is(tooMuch.key, 'balance.insufficient');
  assert.is((await rowsOf(user)).filter((r) => r.kind === 'user.balance').length, 1);
  assert.is((await s.ctx.db.select().from(wallets).where(eq(wallets.userId, m.userId)))[0]!.balance, '125.50000000');

  await adminCall('POST', '/message', { username: user, content: 'Hello from support' });
  const message = (await byKey('user.message', user)).after as { id: number; title: string | null; content: string };
  assert.equal([message.title, message.content], [null, 'Hello from support']);
  assert.ok(message.id > 0);
  await adminCall('POST', '/mask', { username: user, on: true });
  assert.equal([(await byKey('user.mask', user)).before, (await byKey('user.mask', user)).after], [{ isOrder: null }, { isOrder: false }]);
  await adminCall('POST', '/ask-code', { username: user, verificationType: 'sms' });
  assert.equal((await byKey('user.askCode', user)).after, { verificationType: 'sms' });

  const [was] = await s.ctx.db.select().from(config).where(eq(config.key, 'money.withdrawFeeRate'));
  await adminCall('PUT', '/config', { key: 'money.withdrawFeeRate', value: '0.5' });
  const cfg = await byKey('config.set', 'money.withdrawFeeRate');
  assert.equal([cfg.before, cfg.after], [was ? { value: was.value } : null, { value: '0.5' }]);
  assert.is((await adminCall('PUT', '/config', { key: 'no.such.key', value: '1' })).key, 'config.unknownKey');
  assert.is((await rowsOf('no.such.key')).length, 0);

  const notice = await adminCall<{ id: number }>('POST', '/notice', { title: 'Maintenance', content: 'Tonight' });
  await byKey('notice.add', `notice:${notice.data.id}`);
  await adminCall('PUT', '/translation', { kind: 'notice', id: notice.data.id, lang: 'pt-BR', title: 'Manutenção', content: 'Hoje à noite' });
  assert.equal((await byKey('translation.set', `notice:${notice.data.id}:pt-BR`)).after, { title: 'Manutenção', content: 'Hoje à noite' });
  await adminCall('PUT', '/page', { slug: 'about', lang: 'en', title: 'About us', body: 'We are' });
  await byKey('page.set', 'about:en');
  const news = await adminCall<{ id: number }>('POST', '/news', { title: 'New coins', content: 'Listed today' });
  await byKey('news.add', `news:${news.data.id}`);

  const d = await submittedDeposit(s, m, '25');
  await adminCall('POST', `/deposits/${d.orderNo}/approve`, {});
  const approve = await byKey('deposit.approve', d.orderNo);
  assert.equal([(approve.before as Deposit).status, (approve.after as Deposit).status, approve.userId], ['submitted', 'approved', m.userId]);
  const card = await bindBank(s, m, String(4300000000000000 + m.userId * 7));
  const w = (await withdraw(s, m, { methodId: card.id, amount: '20' })).data;
  await adminCall('POST', `/withdrawals/${w.orderNo}`, { status: 'rejected', reason: 'Wrong account' });
  const move = await byKey('withdrawal.move', w.orderNo);
  assert.equal([(move.before as Withdrawal).status, (move.after as Withdrawal).status, move.userId], ['reviewing', 'rejected', m.userId]);
});

test('the console\'s log filters by user (name or id), operator and kind', async () => {
  const m = await member(s, '50');
  const d = await submittedDeposit(s, m, '23');
  await consoleCall('POST', `/deposits/${d.orderNo}/approve`, dora);
  await adminCall('POST', '/mask', { username: m.username, on: true });
  const read = async (query: string) => (await consoleCall<AuditRow[]>('GET', `/audit?${query}`, ana)).body.data.map((r) => [r.kind, r.operator, r.target]);
  const mine = [
    ['user.mask', '(operator key)', m.username],
    ['deposit.approve', 'dora', d.orderNo],
  ];
  assert.equal(await read(`user=${m.username}`), mine);
  assert.equal(await read(`user=${m.userId}`), mine);
  assert.equal(await read(`user=${m.username}&operator=dora`), [mine[1]]);
  assert.equal(await read(`user=${m.username}&kind=user.mask`), [mine[0]]);
  assert.equal(await read('user=nobody-at-all'), []);
});

test.run();
