import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Deposit, Envelope } from '../../src/shared/contract.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { auditLog, deposits, operators } from '../../server/db/schema/index.ts';
import { addOperator } from '../../server/operator/console/accounts.ts';
import { SESSION_MS, SIGN_IN_LIMITS } from '../../server/operator/console/session.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import type { DepositReview, QueuedDeposit, QueuedWithdrawal } from '../../src/shared/contract/console.ts';
import type { Withdrawal } from '../../src/shared/contract.ts';
import { adminApiOf, bindBank, info, member, runCommand, submittedDeposit, withdraw } from './money-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

const KEY = 'test-operator-key';
const PASSWORD = 'a long operator password';
let s: TestServer;
let admin: FastifyInstance;
let secret: string;
let ips = 0;
const freshIp = () => `10.7.0.${++ips}`;

test.before(async () => {
  s = await startTestServer();
  admin = await buildAdminApp(s.ctx, { key: KEY, consoleDir: '/nonexistent' });
  secret = (await addOperator(s.ctx, 'ana', PASSWORD, ['admin'])).secret;
});

test.after(async () => {
  await admin.close();
  await s.close();
});

interface Answer<T> {
  status: number;
  body: Envelope<T>;
  cookie: string | undefined;
}

async function consoleCall<T>(method: 'GET' | 'POST', url: string, options: { cookie?: string; body?: object; ip?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
  const request: InjectOptions = {
    method,
    url: `/console/api${url}`,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...(method === 'POST' ? { 'x-console': '1' } : {}), ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(options.body ? { payload: options.body } : {}),
  };
  const res = await admin.inject(request);
  const setCookie = res.headers['set-cookie'];
  return { status: res.statusCode, body: res.json() as Envelope<T>, cookie: Array.isArray(setCookie) ? setCookie[0] : setCookie };
}

/** A code for now; the clock moves a step on first, so the last accepted code never blocks it. */
const freshCode = () => {
  s.clock.advance(30_000);
  return codeAt(secret, stepAt(s.clock.now()));
};

async function signIn(ip = freshIp()): Promise<string> {
  const res = await consoleCall('POST', '/sign-in', { body: { name: 'ana', password: PASSWORD, code: freshCode() }, ip });
  assert.is(res.status, 200, res.body.msg);
  return res.cookie!.split(';')[0]!;
}


test('sign-in with password and code sets an HttpOnly, SameSite=Strict cookie that expires', async () => {
  const res = await consoleCall<{ name: string }>('POST', '/sign-in', { body: { name: 'ana', password: PASSWORD, code: freshCode() }, ip: freshIp() });
  assert.is(res.status, 200, res.body.msg);
  assert.is(res.body.data.name, 'ana');
  const cookie = res.cookie!;
  assert.match(cookie, /^tl_console=[\w-]{40,};/);
  for (const part of ['HttpOnly', 'SameSite=Strict', 'Path=/console', `Max-Age=${SESSION_MS / 1000}`]) assert.ok(cookie.includes(part), `${part} in ${cookie}`);
  const session = cookie.split(';')[0]!;
  const me = await consoleCall<{ name: string }>('GET', '/me', { cookie: session });
  assert.is(me.body.data.name, 'ana');
  s.clock.advance(SESSION_MS + 1000);
  assert.is((await consoleCall('GET', '/me', { cookie: session })).status, 401, 'the session ended with its time');
});

test('a wrong code, a code used once already and a wrong password are refused alike', async () => {
  const code = freshCode();
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const tries = [
    { name: 'ana', password: PASSWORD, code: wrong },
    { name: 'ana', password: 'not the password at all', code },
    { name: 'nobody', password: PASSWORD, code },
  ];
  for (const body of tries) {
    const res = await consoleCall('POST', '/sign-in', { body, ip: freshIp() });
    assert.is(res.status, 401, JSON.stringify(body));
    assert.is(res.body.msg, 'Wrong name, password or code');
    assert.is(res.cookie, undefined);
  }
  assert.is((await consoleCall('POST', '/sign-in', { body: { name: 'ana', password: PASSWORD, code }, ip: freshIp() })).status, 200);
  const again = await consoleCall('POST', '/sign-in', { body: { name: 'ana', password: PASSWORD, code }, ip: freshIp() });
  assert.is(again.status, 401, 'the same code twice');
});

test('after five failures for a name, even the right code waits; another address is limited too', async () => {
  await addOperator(s.ctx, 'bruno', PASSWORD, ['admin']);
  for (let i = 0; i < SIGN_IN_LIMITS.perName.max; i++) {
    const res = await consoleCall('POST', '/sign-in', { body: { name: 'bruno', password: PASSWORD, code: '000000' }, ip: freshIp() });
    assert.ok([401, 429].includes(res.status));
  }
  const limited = await consoleCall<null>('POST', '/sign-in', { body: { name: 'bruno', password: PASSWORD, code: '000000' }, ip: freshIp() });
  assert.is(limited.status, 429);
  assert.is(limited.body.key, 'rate.limited');
  // Ana still gets in: the limit is bruno's.
  await signIn();
  s.clock.advance(SIGN_IN_LIMITS.perName.windowMs);
});

test('one address trying many names is limited', async () => {
  const ip = freshIp();
  let last = 0;
  for (let i = 0; i <= SIGN_IN_LIMITS.perIp.max; i++) {
    last = (await consoleCall('POST', '/sign-in', { body: { name: `guess${i}`, password: 'whatever password', code: '123456' }, ip })).status;
  }
  assert.is(last, 429);
});

const CONSOLE_ROUTES: Array<['GET' | 'POST', string]> = [
  ['GET', '/me'],
  ['GET', '/queues'],
  ['GET', '/deposits'],
  ['GET', '/deposits/512345678901234567'],
  ['POST', '/deposits/512345678901234567/approve'],
  ['POST', '/deposits/512345678901234567/reject'],
  ['GET', '/withdrawals'],
  ['POST', '/withdrawals/712345678901234567'],
  ['GET', '/uploads/abc.png'],
  ['GET', '/audit'],
  ['GET', '/audit?user=1'],
  ['POST', '/claims/deposit/512345678901234567'],
  ['POST', '/claims/withdrawal/712345678901234567/release'],
  ['GET', '/events'],
  ['POST', '/sign-out'],
];

test('access: no console route answers without a session; the operator key and a forged cookie open none', async () => {
  const tries: Array<Record<string, string>> = [{}, { 'x-operator-key': KEY }, { cookie: 'tl_console=forged' }, { cookie: 'tl_console=' }];
  for (const [method, url] of CONSOLE_ROUTES) {
    for (const headers of tries) {
      const res = await consoleCall(method, url, { headers, body: method === 'POST' ? { reason: 'x', status: 'paid' } : undefined });
      assert.is(res.status, 401, `${method} ${url} with ${JSON.stringify(headers)}`);
      assert.is(res.body.key, 'console.session');
    }
  }
  // The admin API keeps its key; a console session does not open it.
  const session = await signIn();
  const adminRes = await admin.inject({ method: 'GET', url: '/admin/deposits', headers: { cookie: session } });
  assert.is(adminRes.statusCode, 403);
  // The public server has no console.
  for (const url of ['/console/api/me', '/console/', '/admin/deposits']) {
    const res = await s.app.inject({ method: 'GET', url, headers: { cookie: session, 'x-operator-key': KEY } });
    assert.not.ok(res.body.includes('"name":"ana"'), url);
    assert.ok(res.statusCode === 404 || res.headers['content-type']?.toString().startsWith('text/html'), `${url}: ${res.statusCode}`);
  }
});

test('a change without the console header is refused, so a cross-site form cannot make one', async () => {
  const session = await signIn();
  const res = await admin.inject({ method: 'POST', url: '/console/api/deposits/512345678901234567/approve', headers: { cookie: session, 'content-type': 'text/plain' }, payload: '{}' });
  assert.is(res.statusCode, 403);
  assert.is(res.json().key, 'console.header');
});

test('a deposit: queued oldest first with its photo and the user\'s history; approved once, on record, the balance rises', async () => {
  const m = await member(s);
  const older = await submittedDeposit(s, m, '40');
  await s.ctx.db.update(deposits).set({ status: 'rejected', rejectReason: 'blurred' }).where(eq(deposits.orderNo, older.orderNo));
  s.clock.advance(1000);
  const first = await submittedDeposit(s, m, '100');
  s.clock.advance(1000);
  const second = await submittedDeposit(s, m, '55.5');
  const session = await signIn();

  const queue = (await consoleCall<QueuedDeposit[]>('GET', '/deposits', { cookie: session })).body.data;
  const mine = queue.filter((d) => d.username === m.username).map((d) => d.orderNo);
  assert.equal(mine, [first.orderNo, second.orderNo], 'oldest first');
  assert.is((await consoleCall<{ deposits: number }>('GET', '/queues', { cookie: session })).body.data.deposits, queue.length);

  const review = (await consoleCall<DepositReview>('GET', `/deposits/${first.orderNo}`, { cookie: session })).body.data;
  assert.equal(review.previous.map((d) => [d.orderNo, d.status, d.rejectReason]), [
    [second.orderNo, 'submitted', null],
    [older.orderNo, 'rejected', 'blurred'],
  ]);
  const photo = await admin.inject({ method: 'GET', url: `/console/api/uploads/${review.deposit.proofFile}`, headers: { cookie: session } });
  assert.is(photo.statusCode, 200);
  assert.is(photo.headers['content-type'], 'image/png');

  const before = (await info(s, m)).balance;
  const approved = await consoleCall<Deposit>('POST', `/deposits/${first.orderNo}/approve`, { cookie: session, body: {} });
  assert.is(approved.status, 200, approved.body.msg);
  assert.is(Number((await info(s, m)).balance) - Number(before), 100);
  const twice = await consoleCall('POST', `/deposits/${first.orderNo}/approve`, { cookie: session, body: {} });
  assert.is(twice.status, 409);
  assert.is(twice.body.key, 'deposit.reviewed');
  assert.is(Number((await info(s, m)).balance) - Number(before), 100, 'credited once');

  const rows = await s.ctx.db.select().from(auditLog).where(and(eq(auditLog.kind, 'deposit.approve'), eq(auditLog.target, first.orderNo)));
  assert.is(rows.length, 1, 'one row for the one decision');
  assert.is(rows[0]!.operatorName, 'ana');
  assert.is((rows[0]!.before as Deposit).status, 'submitted');
  assert.is((rows[0]!.after as Deposit).status, 'approved');
  assert.is(rows[0]!.at.getTime(), s.clock.now());

  const noReason = await consoleCall('POST', `/deposits/${second.orderNo}/reject`, { cookie: session, body: { reason: '  ' } });
  assert.is(noReason.status, 400);
  assert.is((await s.ctx.db.select().from(auditLog).where(eq(auditLog.target, second.orderNo))).length, 0, 'no row for what did not happen');
  const rejected = await consoleCall<Deposit>('POST', `/deposits/${second.orderNo}/reject`, { cookie: session, body: { reason: 'The amount on the photo is 50' } });
  assert.is(rejected.body.data.rejectReason, 'The amount on the photo is 50');
  const [row] = await s.ctx.db.select().from(auditLog).where(eq(auditLog.target, second.orderNo));
  assert.is(row!.kind, 'deposit.reject');
  assert.is((row!.after as Deposit).rejectReason, 'The amount on the photo is 50');
});

test('a withdrawal: queued with its full payout target and the allowed moves; rejected with a reason, the money returns, on record', async () => {
  const m = await member(s, '500');
  const card = await bindBank(s, m, String(4000000000000000 + m.userId * 7));
  const placed = await withdraw(s, m, { methodId: card.id, amount: '100' });
  assert.is(placed.code, 200, placed.msg);
  const session = await signIn();
  const queued = (await consoleCall<QueuedWithdrawal[]>('GET', '/withdrawals', { cookie: session })).body.data.find((w) => w.orderNo === placed.data.orderNo)!;
  assert.is(queued.account, String(4000000000000000 + m.userId * 7), 'unmasked for the operator');
  assert.ok(queued.moves.includes('rejected') && queued.moves.includes('paid'));
  const held = await info(s, m);
  const noReason = await consoleCall('POST', `/withdrawals/${placed.data.orderNo}`, { cookie: session, body: { status: 'rejected' } });
  assert.is(noReason.status, 400);
  const moved = await consoleCall<Withdrawal>('POST', `/withdrawals/${placed.data.orderNo}`, { cookie: session, body: { status: 'rejected', reason: 'The account name does not match' } });
  assert.is(moved.status, 200, moved.body.msg);
  const after = await info(s, m);
  assert.is(Number(after.balance), Number(held.balance) + Number(placed.data.amount) + Number(placed.data.fee), 'amount and fee back');
  const again = await consoleCall('POST', `/withdrawals/${placed.data.orderNo}`, { cookie: session, body: { status: 'paid' } });
  assert.is(again.status, 409);
  assert.is(again.body.key, 'withdrawal.move');
  const rows = await s.ctx.db.select().from(auditLog).where(eq(auditLog.target, placed.data.orderNo));
  assert.equal(rows.map((r) => [r.kind, r.operatorName, (r.before as Withdrawal).status, (r.after as Withdrawal).status, (r.after as Withdrawal).remark]), [
    ['withdrawal.move', 'ana', 'reviewing', 'rejected', 'The account name does not match'],
  ]);
});

test('two operators approve the same deposit at once: exactly one decision takes effect, one audit row', async () => {
  const m = await member(s);
  const d = await submittedDeposit(s, m, '30');
  const first = await signIn();
  await addOperator(s.ctx, 'dora', PASSWORD, ['admin']);
  const doraSecret = (await s.ctx.db.select().from(operators).where(eq(operators.name, 'dora')))[0]!.totpSecret;
  const dora = await consoleCall('POST', '/sign-in', { body: { name: 'dora', password: PASSWORD, code: codeAt(doraSecret, stepAt(s.clock.now())) }, ip: freshIp() });
  const second = dora.cookie!.split(';')[0]!;
  const before = Number((await info(s, m)).balance);
  const answers = await Promise.all([
    consoleCall('POST', `/deposits/${d.orderNo}/approve`, { cookie: first, body: {} }),
    consoleCall('POST', `/deposits/${d.orderNo}/reject`, { cookie: second, body: { reason: 'The photo cannot be read' } }),
  ]);
  assert.equal(answers.map((a) => a.status).sort(), [200, 409]);
  const rows = await s.ctx.db.select().from(auditLog).where(eq(auditLog.target, d.orderNo));
  assert.is(rows.length, 1);
  const approved = rows[0]!.kind === 'deposit.approve';
  assert.is(Number((await info(s, m)).balance) - before, approved ? 30 : 0, 'credited once or not at all, as the one decision says');
});

test('the audit log reads newest first, filtered by operator and kind; no route changes it', async () => {
  const session = await signIn();
  const all = (await consoleCall<Array<{ id: number; operator: string; kind: string }>>('GET', '/audit', { cookie: session })).body.data;
  assert.ok(all.length > 3);
  assert.ok(all.every((r, i) => i === 0 || r.id < all[i - 1]!.id));
  const rejects = (await consoleCall<Array<{ kind: string }>>('GET', '/audit?kind=deposit.reject', { cookie: session })).body.data;
  assert.ok(rejects.length >= 1 && rejects.every((r) => r.kind === 'deposit.reject'));
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
    const res = await admin.inject({ method, url: '/console/api/audit', headers: { cookie: session, 'x-console': '1' }, payload: {} });
    assert.ok([404, 405].includes(res.statusCode), `${method}: ${res.statusCode}`);
  }
});

test('removing an operator ends their sessions at once', async () => {
  await addOperator(s.ctx, 'carla', PASSWORD, ['admin']);
  const carlaSecret = (await s.ctx.db.select().from(operators).where(eq(operators.name, 'carla')))[0]!.totpSecret;
  s.clock.advance(30_000);
  const res = await consoleCall('POST', '/sign-in', { body: { name: 'carla', password: PASSWORD, code: codeAt(carlaSecret, stepAt(s.clock.now())) }, ip: freshIp() });
  const session = res.cookie!.split(';')[0]!;
  assert.is((await consoleCall('GET', '/me', { cookie: session })).status, 200);
  await runCommand(adminApiOf(admin, KEY), 'operator', ['remove', 'carla']);
  assert.is((await consoleCall('GET', '/me', { cookie: session })).status, 401);
});

test.run();
