/**
 * The hold on new payout methods: a method bound or changed less than `payout.newMethodHoldHours`
 * ago receives no withdrawal whatever the client sends, the owner is told it was added, and an
 * operator with the finance role may lift it early, on record, with a second operator when the
 * balance it would open is above `fourEyes.above`.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope, PaymentMethod } from '../../src/shared/contract.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { addOperator } from '../../server/operator/console/accounts.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import type { ConsoleUser, Proposal, Proposed, QueuedWithdrawal } from '../../src/shared/contract/console.ts';
import { auditLog, config, outbox, paymentMethods, users } from '../../server/db/schema/index.ts';
import { outboxOf } from '../../server/delivery/outbox.ts';
import { HOLD_KEY } from '../../server/money/hold-config.ts';
import type { OperatorRole } from '../../src/shared/operator-roles.ts';
import { bindBank, member, upload, withdraw, type Member } from './money-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

const HOUR = 3600_000;
const PASSWORD = 'a long operator password';
const OPERATORS: Record<string, OperatorRole[]> = { vic: ['viewer'], rita: ['reviewer'], fred: ['finance'], fina: ['finance'] };
let s: TestServer;
let admin: FastifyInstance;
const cookies = new Map<string, string>();
let ips = 0;

async function as<T>(name: string, method: 'GET' | 'POST', url: string): Promise<{ status: number; body: Envelope<T> }> {
  const res = await admin.inject({ method, url: `/console/api${url}`, headers: { cookie: cookies.get(name)!, ...(method === 'POST' ? { 'x-console': '1' } : {}) } });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

const lift = (name: string, m: Member, methodId: number) => as<Proposed | { heldUntil: null }>(name, 'POST', `/users/${m.userId}/methods/${methodId}/lift-hold`);
const methods = async (m: Member) => (await s.call<PaymentMethod[]>('GET', '/h5/expenses/getMyBankCardList', { token: m.token })).data;

const secrets = new Map<string, string>();

/** Console sessions last hours, and these tests move the clock by days: each console test signs in anew. */
async function signInAll(): Promise<void> {
  for (const name of Object.keys(OPERATORS)) {
    s.clock.advance(30_000);
    const res = await admin.inject({
      method: 'POST',
      url: '/console/api/sign-in',
      remoteAddress: `10.8.1.${++ips}`,
      headers: { 'x-console': '1' },
      payload: { name, password: PASSWORD, code: codeAt(secrets.get(name)!, stepAt(s.clock.now())) },
    });
    assert.is(res.statusCode, 200, res.body);
    cookies.set(name, String(res.headers['set-cookie']).split(';')[0]!);
  }
}

test.before(async () => {
  s = await startTestServer({}, { prepare: (ctx) => void (ctx.outbox = outboxOf(() => ctx.clock.now(), () => {})) });
  // The test database is the demo's, which holds nothing; a deployment's default is a day.
  await s.ctx.db.update(config).set({ value: '24' }).where(eq(config.key, HOLD_KEY));
  admin = await buildAdminApp(s.ctx, { key: 'test-operator-key', consoleDir: '/nonexistent' });
  for (const [name, roles] of Object.entries(OPERATORS)) secrets.set(name, (await addOperator(s.ctx, name, PASSWORD, roles)).secret);
});
test.after(async () => {
  await admin.close();
  await s.close();
});

test('a new method receives no withdrawal until the hold ends, whatever the client sends; its owner is told', async () => {
  const m = await member(s, '500');
  await s.ctx.db.update(users).set({ email: `${m.username}@example.com` }).where(eq(users.id, m.userId));
  const bound = s.clock.now();
  const card = await bindBank(s, m);
  assert.is(card.heldUntil, bound + 24 * HOUR, 'the bind answer says until when');
  assert.is((await methods(m))[0]!.heldUntil, bound + 24 * HOUR, 'and so does the list the withdrawal form reads');

  const refused = await withdraw(s, m, { methodId: card.id, amount: '20' });
  assert.equal([refused.code, refused.key, refused.params?.until], [409, 'withdraw.methodHeld', bound + 24 * HOUR]);
  assert.is((await s.call<{ available: string }>('GET', '/h5/expenses/getExpensesMoney', { token: m.token })).data.available, '500.00000000', 'nothing was frozen');

  const [told] = await s.ctx.db.select().from(outbox).where(and(eq(outbox.target, `${m.username}@example.com`), eq(outbox.purpose, 'methodAdded')));
  assert.ok(told, 'the owner is told a method was added');
  assert.is(told!.params.until, new Date(bound + 24 * HOUR).toISOString().slice(0, 16).replace('T', ' '));

  s.clock.advance(24 * HOUR - 60_000);
  assert.is((await withdraw(s, m, { methodId: card.id, amount: '20' })).key, 'withdraw.methodHeld', 'a minute before the end it still holds');
  s.clock.advance(60_000);
  const paid = await withdraw(s, m, { methodId: card.id, amount: '20' });
  assert.is(paid.code, 200, paid.msg);
  assert.is((await methods(m))[0]!.heldUntil, null);
});

test('replacing a QR method holds it again', async () => {
  const m = await member(s, '500');
  const first = await upload(s, m.token);
  const qr = await s.call<PaymentMethod>('POST', '/h5/expenses/bindCardQr', { token: m.token, body: { kind: 'qr', payee: 'Ana Souza', image: first.url } });
  assert.is(qr.code, 200, qr.msg);
  s.clock.advance(25 * HOUR);
  assert.is((await methods(m))[0]!.heldUntil, null, 'the first hold ended');
  const second = await upload(s, m.token);
  const replaced = await s.call<PaymentMethod>('POST', '/h5/expenses/bindCardQr', { token: m.token, body: { kind: 'qr', payee: 'Ana Souza', image: second.url, id: qr.data.id } });
  assert.is(replaced.data.heldUntil, s.clock.now() + 24 * HOUR);
  assert.is((await withdraw(s, m, { methodId: qr.data.id, amount: '20' })).key, 'withdraw.methodHeld');
});

test('the console shows the hold on the user page and the withdrawal review; lifting needs the finance role', async () => {
  await signInAll();
  const m = await member(s, '500');
  const old = await bindBank(s, m, '1111222233334444');
  // Bound before the hold existed.
  await s.ctx.db.update(paymentMethods).set({ changedAt: null }).where(eq(paymentMethods.id, old.id));
  assert.is((await withdraw(s, m, { methodId: old.id, amount: '20' })).code, 200);
  const card = await bindBank(s, m);

  const page = await as<ConsoleUser>('vic', 'GET', `/users/${m.userId}`);
  assert.equal(page.body.data.methods.map((x) => [x.id, x.heldUntil]), [[card.id, card.heldUntil], [old.id, null]]);
  const queue = await as<QueuedWithdrawal[]>('vic', 'GET', '/withdrawals');
  const review = queue.body.data.find((w) => w.userId === m.userId)!;
  assert.equal(review.heldMethods.map((x) => [x.id, x.heldUntil]), [[card.id, card.heldUntil]], 'the review shows the user has a method on hold');

  for (const name of ['vic', 'rita']) {
    const refused = await lift(name, m, card.id);
    assert.equal([refused.status, refused.body.key], [403, 'console.role'], `${name} may not lift it`);
  }
  assert.is((await withdraw(s, m, { methodId: card.id, amount: '20' })).key, 'withdraw.methodHeld', 'still held');

  const lifted = await lift('fred', m, card.id);
  assert.is(lifted.status, 200, lifted.body.msg);
  const done = await withdraw(s, m, { methodId: card.id, amount: '20' });
  assert.is(done.code, 200, done.msg);
  const [row] = await s.ctx.db.select().from(auditLog).where(and(eq(auditLog.kind, 'method.liftHold'), eq(auditLog.target, `method:${card.id}`)));
  assert.equal([row?.operatorName, row?.userId], ['fred', m.userId], 'on record under the operator');
  const again = await lift('fred', m, card.id);
  assert.equal([again.status, again.body.key], [409, 'hold.notHeld']);

  const other = await member(s, '0');
  const notTheirs = await lift('fred', other, card.id);
  assert.equal([notTheirs.status, notTheirs.body.key], [404, 'paymentMethod.notFound'], "a method of another user is not found under this one's page");
});

test('above the four-eyes amount lifting waits for a second finance operator, who is on record with the first', async () => {
  await signInAll();
  const m = await member(s, '5000');
  const card = await bindBank(s, m);
  const asked = await lift('fred', m, card.id);
  assert.is(asked.status, 200, asked.body.msg);
  const p = (asked.body.data as Proposed).proposal;
  assert.equal([p.kind, p.target, p.amount, p.status], ['methodHold', `method:${card.id}`, '5000.00000000', 'open']);
  assert.is((await withdraw(s, m, { methodId: card.id, amount: '20' })).key, 'withdraw.methodHeld', 'a proposal lifts nothing');
  const twice = await lift('fina', m, card.id);
  assert.equal([twice.status, twice.body.key], [409, 'fourEyes.pending']);

  const self = await as('fred', 'POST', `/proposals/${p.id}/approve`);
  assert.equal([self.status, self.body.key], [403, 'fourEyes.self']);
  const reviewer = await as('rita', 'POST', `/proposals/${p.id}/approve`);
  assert.equal([reviewer.status, reviewer.body.key], [403, 'console.role'], 'a hold needs finance');
  const approved = await as<Proposal>('fina', 'POST', `/proposals/${p.id}/approve`);
  assert.is(approved.status, 200, approved.body.msg);
  assert.is(approved.body.data.status, 'approved');
  assert.is((await withdraw(s, m, { methodId: card.id, amount: '20' })).code, 200, 'lifted');
  const [row] = await s.ctx.db.select().from(auditLog).where(and(eq(auditLog.kind, 'method.liftHold'), eq(auditLog.target, `method:${card.id}`)));
  assert.equal([row?.operatorName, row?.proposedBy], ['fina', 'fred']);
});

test.run();
