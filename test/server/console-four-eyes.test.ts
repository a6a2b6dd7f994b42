/**
 * Four eyes with two signed-in operators: a balance adjustment or a withdrawal's approval above
 * `fourEyes.above` waits until a second operator approves it; below it one operator suffices.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope } from '../../src/shared/contract.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { auditLog, users, withdrawals } from '../../server/db/schema/index.ts';
import { addOperator } from '../../server/operator/console/accounts.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import type { Proposal, Proposed, QueuedWithdrawal } from '../../src/shared/contract/console.ts';
import type { OperatorRole } from '../../src/shared/operator-roles.ts';
import { adminApiOf, bindBank, info, member, runCommand, withdraw, type Member } from './money-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

const KEY = 'test-operator-key';
const PASSWORD = 'a long operator password';
let s: TestServer;
let admin: FastifyInstance;
let ips = 0;
const cookies = new Map<string, string>();

const OPERATORS: Record<string, OperatorRole[]> = { fred: ['finance'], fina: ['finance'], rita: ['reviewer'], rex: ['reviewer'], adam: ['admin'] };

async function as<T>(name: string, method: 'GET' | 'POST', url: string, body?: object): Promise<{ status: number; body: Envelope<T> }> {
  const res = await admin.inject({
    method,
    url: `/console/api${url}`,
    headers: { cookie: cookies.get(name)!, ...(method === 'POST' ? { 'x-console': '1' } : {}) },
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

const balanceOf = async (m: Member) => (await info(s, m)).balance;
const auditOf = (kind: string, target: string) => s.ctx.db.select().from(auditLog).where(and(eq(auditLog.kind, kind), eq(auditLog.target, target)));

test.before(async () => {
  s = await startTestServer();
  admin = await buildAdminApp(s.ctx, { key: KEY, consoleDir: '/nonexistent' });
  for (const [name, roles] of Object.entries(OPERATORS)) {
    const { secret } = await addOperator(s.ctx, name, PASSWORD, roles);
    s.clock.advance(30_000);
    const res = await admin.inject({
      method: 'POST',
      url: '/console/api/sign-in',
      remoteAddress: `10.8.0.${++ips}`,
      headers: { 'x-console': '1' },
      payload: { name, password: PASSWORD, code: codeAt(secret, stepAt(s.clock.now())) },
    });
    assert.is(res.statusCode, 200, res.body);
    cookies.set(name, String(res.headers['set-cookie']).split(';')[0]!);
  }
});

test.after(async () => {
  await admin.close();
  await s.close();
});

test('an adjustment up to the amount is done by one operator; above it, it waits for a second, who is on record with the first', async () => {
  const m = await member(s, '100');
  const small = await as('fred', 'POST', `/users/${m.userId}/balance`, { amount: '+1000', reason: 'refund of a fee' });
  assert.is(small.status, 200, small.body.msg);
  assert.is(Number(await balanceOf(m)), 1100, 'exactly the amount: one operator is enough');

  const big = await as<Proposed>('fred', 'POST', `/users/${m.userId}/balance`, { amount: '+5000.5', reason: 'bank transfer 8812' });
  assert.is(big.status, 200, big.body.msg);
  const p = big.body.data.proposal;
  assert.equal([p.kind, p.username, p.amount, p.action.reason, p.proposedBy, p.status], ['balance', m.username, '5000.50000000', 'bank transfer 8812', 'fred', 'open']);
  assert.is(Number(await balanceOf(m)), 1100, 'nothing moved yet');
  assert.ok((await as<Proposal[]>('rita', 'GET', '/proposals')).body.data.some((x) => x.id === p.id), 'every operator sees it waiting');

  const self = await as('fred', 'POST', `/proposals/${p.id}/approve`);
  assert.equal([self.status, self.body.key], [403, 'fourEyes.self']);
  const reviewer = await as('rita', 'POST', `/proposals/${p.id}/approve`);
  assert.equal([reviewer.status, reviewer.body.key], [403, 'console.role'], 'a balance needs finance');
  assert.is(Number(await balanceOf(m)), 1100);

  const ok = await as<Proposal>('fina', 'POST', `/proposals/${p.id}/approve`);
  assert.is(ok.status, 200, ok.body.msg);
  assert.equal([ok.body.data.status, ok.body.data.decidedBy], ['approved', 'fina']);
  assert.is(Number(await balanceOf(m)), 6100.5);
  const rows = await auditOf('user.balance', m.username);
  assert.equal(rows.map((r) => [r.operatorName, r.proposedBy]), [['fred', null], ['fina', 'fred']], 'both names on the row that moved the money');

  const again = await as('adam', 'POST', `/proposals/${p.id}/approve`);
  assert.equal([again.status, again.body.key], [409, 'fourEyes.closed']);
  assert.is(Number(await balanceOf(m)), 6100.5, 'approved once');
  assert.not.ok((await as<Proposal[]>('rita', 'GET', '/proposals')).body.data.some((x) => x.id === p.id), 'no longer waiting');
});

test('two operators approving the same proposal at once move the money once', async () => {
  const m = await member(s, '5000');
  const p = (await as<Proposed>('fred', 'POST', `/users/${m.userId}/balance`, { amount: '-2000', reason: 'chargeback' })).body.data.proposal;
  const both = await Promise.all(['fina', 'adam'].map((n) => as(n, 'POST', `/proposals/${p.id}/approve`)));
  assert.equal(both.map((r) => r.status).sort(), [200, 409]);
  assert.is(Number(await balanceOf(m)), 3000);
});

test('a withdrawal\'s approval above the amount waits for a second reviewer; a refusal or a small one does not', async () => {
  const m = await member(s, '10000');
  // VIP2 may take out 20,000 at once, well above the four-eyes amount.
  await s.ctx.db.update(users).set({ vipLevel: 2 }).where(eq(users.id, m.userId));
  const card = await bindBank(s, m, String(4000000000000000 + m.userId * 7));
  const first = await withdraw(s, m, { methodId: card.id, amount: '2500' });
  assert.is(first.code, 200, first.msg);
  const big = first.data;
  const statusOf = async (orderNo: string) => (await s.ctx.db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.orderNo, orderNo)))[0]!.status;

  const proposed = await as<Proposed>('rita', 'POST', `/withdrawals/${big.orderNo}`, { status: 'paid' });
  assert.is(proposed.status, 200, proposed.body.msg);
  const p = proposed.body.data.proposal;
  assert.equal([p.kind, p.target, p.action.status], ['withdrawal', big.orderNo, 'paid']);
  assert.is(await statusOf(big.orderNo), 'reviewing');
  const rival = await as('rex', 'POST', `/withdrawals/${big.orderNo}`, { status: 'succeeded' });
  assert.equal([rival.status, rival.body.key], [409, 'fourEyes.pending'], 'one proposal per withdrawal');
  const markOf = async (orderNo: string) => (await as<QueuedWithdrawal[]>('rex', 'GET', '/withdrawals')).body.data.find((w) => w.orderNo === orderNo)!.proposal;
  const mark = await markOf(big.orderNo);
  assert.equal([mark?.id, mark?.proposedBy], [p.id, 'rita'], 'the queue marks the withdrawal with its open proposal and its proposer');

  // Not the proposer's to approve; not another's to withdraw.
  assert.is((await as('rita', 'POST', `/proposals/${p.id}/approve`)).body.key, 'fourEyes.self');
  assert.is((await as('rex', 'POST', `/proposals/${p.id}/withdraw`)).body.key, 'fourEyes.notYours');
  assert.is((await as('fred', 'POST', `/proposals/${p.id}/approve`)).body.key, 'console.role', 'a withdrawal needs a reviewer');
  const withdrawn = await as<Proposal>('rita', 'POST', `/proposals/${p.id}/withdraw`);
  assert.is(withdrawn.body.data.status, 'withdrawn');
  assert.is(await markOf(big.orderNo), null, 'a withdrawn proposal no longer marks the withdrawal');
  assert.is(await statusOf(big.orderNo), 'reviewing');

  // Proposed again, rejected by the other: the withdrawal still waits for review.
  const again = (await as<Proposed>('rita', 'POST', `/withdrawals/${big.orderNo}`, { status: 'paid' })).body.data.proposal;
  const rejected = await as<Proposal>('rex', 'POST', `/proposals/${again.id}/reject`);
  assert.equal([rejected.body.data.status, rejected.body.data.decidedBy], ['rejected', 'rex']);
  const [rejectRow] = await auditOf('proposal.reject', `proposal:${again.id}`);
  assert.equal([rejectRow!.operatorName, rejectRow!.proposedBy, rejectRow!.userId], ['rex', 'rita', m.userId]);
  assert.is(await statusOf(big.orderNo), 'reviewing');

  // Proposed a third time, approved by the second reviewer: paid, both on record.
  const third = (await as<Proposed>('rita', 'POST', `/withdrawals/${big.orderNo}`, { status: 'paid' })).body.data.proposal;
  const approved = await as<Proposal>('rex', 'POST', `/proposals/${third.id}/approve`);
  assert.is(approved.status, 200, approved.body.msg);
  assert.is(await statusOf(big.orderNo), 'paid');
  const [moved] = await auditOf('withdrawal.move', big.orderNo);
  assert.equal([moved!.operatorName, moved!.proposedBy], ['rex', 'rita']);

  // Given back while a proposal waits: the proposal ends with it, on record.
  const stale = await withdraw(s, m, { methodId: card.id, amount: '1500' });
  assert.is(stale.code, 200, stale.msg);
  const waiting = (await as<Proposed>('rita', 'POST', `/withdrawals/${stale.data.orderNo}`, { status: 'paid' })).body.data.proposal;
  const given = await as<{ status: string }>('rex', 'POST', `/withdrawals/${stale.data.orderNo}`, { status: 'rejected', reason: 'payee name differs' });
  assert.equal([given.status, given.body.data.status], [200, 'rejected']);
  assert.not.ok((await as<Proposal[]>('rita', 'GET', '/proposals')).body.data.some((x) => x.id === waiting.id), 'no longer waiting');
  const [ended] = await auditOf('proposal.reject', `proposal:${waiting.id}`);
  assert.equal([ended!.operatorName, ended!.proposedBy], ['rex', 'rita']);

  // A refusal returns the money: no second operator needed. Nor for an approval up to the amount.
  const placed = await withdraw(s, m, { methodId: card.id, amount: '3000' });
  assert.is(placed.code, 200, placed.msg);
  const refused = placed.data;
  const r = await as<{ status: string }>('rita', 'POST', `/withdrawals/${refused.orderNo}`, { status: 'rejected', reason: 'payee name differs' });
  assert.equal([r.status, r.body.data.status], [200, 'rejected']);
  const small = (await withdraw(s, m, { methodId: card.id, amount: '1000' })).data;
  const done = await as<{ status: string }>('rita', 'POST', `/withdrawals/${small.orderNo}`, { status: 'paid' });
  assert.equal([done.status, done.body.data.status], [200, 'paid']);
});

test('config set fourEyes.above moves the line; it never reaches the app\'s public config', async () => {
  const m = await member(s, '0');
  await runCommand(adminApiOf(admin, KEY), 'config', ['set', 'fourEyes.above', '10000']);
  const at = await as<Proposed & { balance?: string }>('fred', 'POST', `/users/${m.userId}/balance`, { amount: '+9000', reason: 'promotion' });
  assert.is(at.body.data.proposal, undefined);
  assert.is(Number(await balanceOf(m)), 9000);
  const over = await as<Proposed>('fred', 'POST', `/users/${m.userId}/balance`, { amount: '+10000.01', reason: 'promotion' });
  assert.is(over.body.data.proposal.status, 'open');
  const list = (await s.call<Array<{ configKey: string }>>('GET', '/common/config/list')).data;
  assert.not.ok(list.some((c) => c.configKey.startsWith('fourEyes')));
  await runCommand(adminApiOf(admin, KEY), 'config', ['set', 'fourEyes.above', '1000']);
});

test.run();
