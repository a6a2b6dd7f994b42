/**
 * Withdrawals: fee and limits, fund password and lockout, optional code, frozen accounting through
 * every status, no overdraw under 50 parallel submits, idempotent retries, other users' records.
 */
import { and, eq, sql } from 'drizzle-orm';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { WITHDRAW_STATUSES, type ExpensesMoney, type MyPacksNum, type Page, type UserMessageList, type Withdrawal, type WithdrawStatus } from '../../src/shared/contract.ts';
import type { PushEvent } from '../../server/bus/types.ts';
import { config, users, walletBills, withdrawals } from '../../server/db/schema/index.ts';
import { getWallet } from '../../server/ledger/index.ts';
import { add } from '../../src/shared/decimal.ts';
import { moveWithdrawal, WITHDRAW_MOVES } from '../../server/money/review.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { FUND_PASSWORD, adminApiOf, bindBank, member, runCommand, withdraw, type Member } from './money-fixtures.ts';

let s: TestServer;
const pushes: PushEvent[] = [];

test.before(async () => {
  s = await startTestServer();
  s.ctx.bus!.subscribe((e) => void pushes.push(e));
});
test.after(() => s.close());

const setConfig = (key: string, value: string) =>
  s.ctx.db.insert(config).values({ key, value }).onConflictDoUpdate({ target: config.key, set: { value } });

const money = (m: Member, amount?: string) =>
  s.call<ExpensesMoney>('GET', '/h5/expenses/getExpensesMoney', { token: m.token, query: amount ? { amount } : {} });

/** A member with `balance` and a bound card. */
async function payee(balance: string, vipLevel = 0): Promise<{ m: Member; card: number }> {
  const m = await member(s, balance);
  if (vipLevel) await s.ctx.db.update(users).set({ vipLevel }).where(eq(users.id, m.userId));
  const card = await bindBank(s, m, String(4000000000000000 + m.userId * 7));
  return { m, card: card.id };
}

const billSum = async (userId: number) =>
  (await s.ctx.db.select({ n: sql<string>`coalesce(sum(${walletBills.amount}), 0)::numeric(20,8)::text` }).from(walletBills).where(eq(walletBills.userId, userId)))[0]!.n;

test('getExpensesMoney: available, fee rule, VIP limits; with an amount, the server fee and what arrives', async () => {
  const { m } = await payee('1000');
  const base = await money(m);
  assert.is(base.code, 200, base.msg);
  const { quote, ...rest } = base.data;
  assert.is(quote, undefined);
  assert.equal(rest, {
    available: '1000.00000000',
    frozen: '0.00000000',
    feeRule: { rate: '1', min: '1', fixed: '0' },
    minAmount: '10',
    maxSingle: '1000.00000000',
    maxTotal: '2000.00000000',
    remainingTotal: '2000.00000000',
    most: '990.09900990',
    codeType: 'none',
    hasFundPassword: true,
    lockedUntil: null,
    realTime: false,
    free: false,
    payouts: [{ kind: 'pix', currency: 'BRL', rate: '5.2', decimals: 2, at: s.clock.now() }],
  });
  assert.equal((await money(m, '50')).data.quote, { amount: '50', fee: '1.00000000', debit: '51.00000000', arrives: '50' }, 'the minimum fee');
  assert.equal((await money(m, '333.33')).data.quote, { amount: '333.33', fee: '3.33330000', debit: '336.66330000', arrives: '333.33' }, '1 %');
  assert.is((await money(m, '1e3')).code, 400);
  const tooMuch = await money(m, '1000.5');
  assert.equal([tooMuch.code, tooMuch.key, tooMuch.msg], [400, 'withdraw.aboveMax', 'The maximum single withdrawal for your VIP level is 1000'], 'the quote says what the submit would');
  assert.is((await money(m, '5')).key, 'withdraw.belowMin');
  await setConfig('money.withdrawFeeRate', '0');
  await setConfig('money.withdrawFeeMin', '0');
  try {
    const free = await money(m, '100');
    assert.is(free.data.free, true, '"no fee" only when the rule says so');
    assert.is(free.data.quote!.fee, '0.00000000');
  } finally {
    await setConfig('money.withdrawFeeRate', '1');
    await setConfig('money.withdrawFeeMin', '1');
  }
});

test('submit freezes amount + fee; approval pays it out of frozen: balance + frozen + paid out = before', async () => {
  const { m, card } = await payee('1000');
  pushes.length = 0;
  const res = await withdraw(s, m, { methodId: card, amount: '200' });
  assert.is(res.code, 200, res.msg);
  assert.is(res.msg, 'Withdrawal application successful, please wait for review');
  assert.equal([res.data.status, res.data.amount, res.data.fee, res.data.arrives, res.data.method], ['reviewing', '200.00000000', '2.00000000', '200.00000000', 'bank']);
  assert.equal(await getWallet(s.ctx.db, m.userId), { balance: '798.00000000', frozen: '202.00000000' });
  const paid = await moveWithdrawal(s.ctx, res.data.orderNo, 'paid');
  assert.is(paid.status, 'paid');
  assert.equal(await getWallet(s.ctx.db, m.userId), { balance: '798.00000000', frozen: '0.00000000' }, '798 + 0 + 202 paid out = 1000');
  assert.is(await billSum(m.userId), '798.00000000', 'the balance equals the sum of the bills');
  const bills = await s.ctx.db.select().from(walletBills).where(eq(walletBills.userId, m.userId));
  assert.equal(bills.slice(1).map((b) => [b.bizType, b.amount, b.frozenDelta, b.ref]), [
    ['withdraw_freeze', '-202.00000000', '202.00000000', res.data.orderNo],
    ['withdraw', '0.00000000', '-202.00000000', res.data.orderNo],
  ]);
  assert.ok(pushes.some((p) => p.userId === m.userId && p.code === 'expenses'));
  assert.ok(pushes.some((p) => p.userId === m.userId && p.code === 'balance'));
});

test('rejection returns amount + fee with the reason; the reason is on the record and in a message', async () => {
  const { m, card } = await payee('500');
  const res = await withdraw(s, m, { methodId: card, amount: '100' });
  try {
    await moveWithdrawal(s.ctx, res.data.orderNo, 'rejected');
    assert.unreachable('a reason is required');
  } catch (e) {
    assert.is((e as { key?: string }).key, 'review.reason');
  }
  await moveWithdrawal(s.ctx, res.data.orderNo, 'rejected', 'The account name does not match');
  assert.equal(await getWallet(s.ctx.db, m.userId), { balance: '500.00000000', frozen: '0.00000000' });
  const detail = await s.call<Withdrawal>('GET', '/h5/expenses/withdrawDetail', { token: m.token, query: { orderNo: res.data.orderNo } });
  assert.equal([detail.data.status, detail.data.remark], ['rejected', 'The account name does not match']);
  const inbox = await s.call<UserMessageList>('GET', '/h5/message/userMessage', { token: m.token, query: { pageNum: '1', pageSize: '5' } });
  assert.equal(
    inbox.data.rows.filter((r) => r.kind === 'message').map((r) => [r.key, r.params]),
    [['withdraw', { orderNo: res.data.orderNo, amount: '100.00000000', status: 'rejected', effect: 'returned', reason: 'The account name does not match' }]],
  );
  try {
    await moveWithdrawal(s.ctx, res.data.orderNo, 'paid');
    assert.unreachable('a rejected withdrawal cannot be paid');
  } catch (e) {
    assert.is((e as { key?: string }).key, 'withdrawal.move');
  }
  assert.is((await getWallet(s.ctx.db, m.userId)).balance, '500.00000000');
});

test('every status is reachable (docs/rules.md#withdrawal-statuses), money moves only on the final ones, and no other move is allowed', async () => {
  const paths: Array<[WithdrawStatus[], 'paid' | 'back' | 'held']> = [
    [['frozen', 'waiting', 'paying', 'paid'], 'paid'],
    [['waiting', 'paying', 'failed'], 'back'],
    [['succeeded'], 'paid'],
    [['frozen', 'no_payout'], 'back'],
    [['rejected'], 'back'],
    [['frozen'], 'held'],
  ];
  const reached = new Set<WithdrawStatus>(['reviewing']);
  for (const [steps, outcome] of paths) {
    const { m, card } = await payee('300');
    const w = await withdraw(s, m, { methodId: card, amount: '100' });
    for (const status of steps) {
      const moved = await moveWithdrawal(s.ctx, w.data.orderNo, status, 'operator note');
      assert.is(moved.status, status);
      reached.add(status);
      const listed = await s.call<Page<Withdrawal>>('GET', '/h5/expenses/withdrawList', { token: m.token, query: { status } });
      assert.equal(listed.data.rows.map((r) => r.orderNo), [w.data.orderNo], `shown under ${status}`);
    }
    const wallet = await getWallet(s.ctx.db, m.userId);
    const expected = { paid: ['199.00000000', '0.00000000'], back: ['300.00000000', '0.00000000'], held: ['199.00000000', '101.00000000'] }[outcome];
    assert.equal([wallet.balance, wallet.frozen], expected, `${steps.join(' → ')}`);
  }
  assert.equal([...reached].sort(), [...WITHDRAW_STATUSES].sort());

  const { m, card } = await payee('300');
  const w = await withdraw(s, m, { methodId: card, amount: '100' });
  await moveWithdrawal(s.ctx, w.data.orderNo, 'waiting');
  await moveWithdrawal(s.ctx, w.data.orderNo, 'paying');
  for (const status of ['rejected', 'frozen', 'reviewing', 'succeeded'] as WithdrawStatus[]) {
    assert.not.ok(WITHDRAW_MOVES.paying.includes(status));
    try {
      await moveWithdrawal(s.ctx, w.data.orderNo, status, 'x');
      assert.unreachable(`paying → ${status}`);
    } catch (e) {
      assert.is((e as { key?: string }).key, 'withdrawal.move');
    }
  }
  const labels = await s.call<Array<{ status: string; name: string }>>('GET', '/background/expenses/getExpendsAuditStatus', { token: m.token });
  assert.equal(labels.data.map((l) => l.status), [...WITHDRAW_STATUSES]);
});

test('50 parallel withdrawals on a small balance never overdraw', async () => {
  const { m, card } = await payee('350');
  const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(s, m, { methodId: card, amount: '100' })));
  const accepted = results.filter((r) => r.code === 200);
  assert.is(accepted.length, 3, '3 × 101 fits in 350, a 4th does not');
  // At most 5 fund-password checks run at once per user; the tries beyond wait for their turn.
  const refusedWhy = (r: { code: number; key?: string }) => r.code !== 200 && r.key !== 'balance.insufficient' && r.key !== 'rate.limited';
  assert.not.ok(results.some(refusedWhy), JSON.stringify(results.find(refusedWhy)));
  assert.equal(await getWallet(s.ctx.db, m.userId), { balance: '47.00000000', frozen: '303.00000000' });
  assert.is(await billSum(m.userId), '47.00000000');
});

test('limits: the minimum, the VIP maximum single amount and the VIP daily total (returned ones do not count)', async () => {
  const { m, card } = await payee('5000');
  const below = await withdraw(s, m, { methodId: card, amount: '9.99' });
  assert.equal([below.code, below.key, below.msg, below.params?.min], [400, 'withdraw.belowMin', 'The minimum withdrawal is 10', '10']);
  const above = await withdraw(s, m, { methodId: card, amount: '1000.01' });
  assert.equal([above.code, above.key, above.msg], [400, 'withdraw.aboveMax', 'The maximum single withdrawal for your VIP level is 1000']);
  const first = await withdraw(s, m, { methodId: card, amount: '1000' });
  const second = await withdraw(s, m, { methodId: card, amount: '900' });
  assert.is(second.code, 200, second.msg);
  const third = await withdraw(s, m, { methodId: card, amount: '100.01' });
  assert.equal([third.code, third.key, third.msg, third.params?.left], [400, 'withdraw.aboveTotal', "Above your VIP level's daily total: 100 left today", '100']);
  assert.is((await money(m)).data.remainingTotal, '100.00000000');
  await moveWithdrawal(s.ctx, first.data.orderNo, 'rejected', 'wrong account');
  const fits = await withdraw(s, m, { methodId: card, amount: '1000' });
  assert.is(fits.code, 200, 'a rejected withdrawal gives its share of the daily total back');
  s.clock.advance(24 * 3600_000);
  assert.is((await money(m)).data.remainingTotal, '2000.00000000', 'a new day, a new total');
  const vip = await payee('5000', 2);
  const big = await withdraw(s, vip.m, { methodId: vip.card, amount: '4000' });
  assert.is(big.code, 200, 'VIP2 may withdraw more at once');
});

test('"All": the most a withdrawal may be leaves the balance at 0, cents included; a unit more is refused', async () => {
  for (const [balance, most] of [
    ['9776.10', '1000.00000000'],
    ['976.10', '966.43564356'],
    ['50.10', '49.10000000'],
    ['0.10', '0.00000000'],
  ] as const) {
    const { m, card } = await payee(balance);
    const info = (await money(m)).data;
    assert.is(info.most, most, `the most out of ${balance} (1 %, at least 1, at most 1000 at once)`);
    if (most === '0.00000000') continue;
    const over = await withdraw(s, m, { methodId: card, amount: add(most, '0.00000001') });
    assert.ok(over.code !== 200, `a unit more than the most out of ${balance} is refused`);
    const res = await withdraw(s, m, { methodId: card, amount: most });
    assert.is(res.code, 200, res.msg);
    const left = (await getWallet(s.ctx.db, m.userId)).balance;
    assert.is(left, balance === '9776.10' ? '8766.10000000' : '0.00000000', `withdrawing the most out of ${balance} leaves what the limit keeps, else 0`);
  }
});

test('insufficient balance for amount + fee freezes nothing', async () => {
  const { m, card } = await payee('100');
  const res = await withdraw(s, m, { methodId: card, amount: '100' });
  assert.equal([res.code, res.key], [409, 'balance.insufficient']);
  assert.equal(await getWallet(s.ctx.db, m.userId), { balance: '100.00000000', frozen: '0.00000000' });
  assert.is((await s.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, m.userId))).length, 0);
});

test('fund password: set one first; 5 wrong tries lock withdrawals for 15 minutes, even with the right one', async () => {
  const noFund = await member(s, '500', false);
  const card = await bindBank(s, noFund, '4000000000009995');
  const unset = await withdraw(s, noFund, { methodId: card.id, amount: '50' });
  assert.equal([unset.code, unset.key, unset.msg], [400, 'fundPassword.notSet', 'Please set a fund password before withdrawing']);
  assert.is((await money(noFund)).data.hasFundPassword, false);

  const { m, card: c } = await payee('500');
  for (let left = 4; left >= 1; left--) {
    const wrong = await withdraw(s, m, { methodId: c, amount: '50', fundPassword: '000000' });
    assert.equal([wrong.code, wrong.key, wrong.msg, wrong.params?.left], [400, 'fundPassword.incorrect', `Fund password is incorrect, ${left} tries left`, left]);
  }
  const fifth = await withdraw(s, m, { methodId: c, amount: '50', fundPassword: '000000' });
  assert.equal([fifth.code, fifth.key, fifth.msg], [403, 'fundPassword.locked', 'Too many wrong fund passwords: withdrawals are locked for 15 minutes']);
  const right = await withdraw(s, m, { methodId: c, amount: '50', fundPassword: FUND_PASSWORD });
  assert.equal([right.code, right.key], [403, 'fundPassword.locked'], 'the right password does not open the lock');
  assert.ok((await money(m)).data.lockedUntil! > s.clock.now());
  s.clock.advance(14 * 60_000);
  assert.is((await withdraw(s, m, { methodId: c, amount: '50' })).params?.minutes, 1);
  s.clock.advance(60_000);
  const after = await withdraw(s, m, { methodId: c, amount: '50' });
  assert.is(after.code, 200, after.msg);
  assert.is((await getWallet(s.ctx.db, m.userId)).balance, '449.00000000', 'only the last try moved money');
  const wrongAgain = await withdraw(s, m, { methodId: c, amount: '50', fundPassword: 'nope' });
  assert.is(wrongAgain.params?.left, 4, 'a right password starts the count again');
});

test('parallel wrong fund passwords still lock after 5', async () => {
  const { m, card } = await payee('500');
  await Promise.all(Array.from({ length: 12 }, () => withdraw(s, m, { methodId: card, amount: '50', fundPassword: 'wrong1' })));
  const right = await withdraw(s, m, { methodId: card, amount: '50' });
  assert.is(right.key, 'fundPassword.locked');
});

test('a verification code when configured: sent to the bound phone, required, checked', async () => {
  await setConfig('money.withdrawCodeType', 'sms');
  try {
    const { m, card } = await payee('500');
    assert.is((await money(m)).data.codeType, 'sms');
    const noPhone = await s.call('POST', '/h5/expenses/sendCode', { token: m.token });
    assert.equal([noPhone.code, noPhone.key], [400, 'withdraw.needPhone']);
    await s.ctx.db.update(users).set({ phone: '+5511987654321' }).where(eq(users.id, m.userId));
    const sent = await s.call<{ channel: string; target: string; resendSeconds: number }>('POST', '/h5/expenses/sendCode', { token: m.token, ip: `10.77.0.${m.userId % 250}` });
    assert.is(sent.code, 200, sent.msg);
    assert.equal(sent.data, { channel: 'sms', target: '+55****4321', resendSeconds: 60 });
    const missing = await withdraw(s, m, { methodId: card, amount: '50' });
    assert.equal([missing.code, missing.key, missing.params?.field], [400, 'field.required', 'smsCode']);
    const wrong = await withdraw(s, m, { methodId: card, amount: '50', code: '000000' === s.codes.at(-1)!.code ? '111111' : '000000' });
    assert.equal([wrong.code, wrong.key], [400, 'code.invalid']);
    const right = await withdraw(s, m, { methodId: card, amount: '50', code: s.codes.at(-1)!.code });
    assert.is(right.code, 200, right.msg);
  } finally {
    await setConfig('money.withdrawCodeType', '');
  }
});

test('a retried submit (same Idempotency-Key) freezes once and answers the first result, also when concurrent', async () => {
  const { m, card } = await payee('1000');
  const headers = { 'idempotency-key': 'wd-1' };
  const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(s, m, { methodId: card, amount: '100' }, headers)));
  const retry = await withdraw(s, m, { methodId: card, amount: '100' }, headers);
  assert.is(answers[0]!.code, 200, answers[0]!.msg);
  for (const a of [...answers, retry]) assert.equal(a, answers[0]);
  assert.equal(await getWallet(s.ctx.db, m.userId), { balance: '899.00000000', frozen: '101.00000000' });
  const other = await withdraw(s, m, { methodId: card, amount: '200' }, headers);
  assert.equal([other.code, other.key], [409, 'idempotency.mismatch']);
  const [key] = await s.ctx.db.execute(sql`select fingerprint from idempotency_keys where key = 'wd-1'`).then((r) => (r as unknown as { rows: Array<{ fingerprint: string }> }).rows);
  assert.match(key!.fingerprint, /^[0-9a-f]{64}$/);
  const failed = await withdraw(s, m, { methodId: card, amount: '100', fundPassword: 'bad' }, { 'idempotency-key': 'wd-2' });
  assert.is(failed.key, 'fundPassword.incorrect');
  const fixed = await withdraw(s, m, { methodId: card, amount: '100' }, { 'idempotency-key': 'wd-2' });
  assert.is(fixed.code, 200, 'a failed first attempt stored nothing, so the retry runs');
  const alias = await s.call<Withdrawal>('POST', '/h5/expenses/saveWithdrawalOrder', { token: m.token, body: { methodId: card, amount: '10', fundPassword: FUND_PASSWORD } });
  assert.is(alias.code, 200, alias.msg);
});

test("another user's withdrawals are unreachable; counts for the badges", async () => {
  const { m, card } = await payee('500');
  const eve = await member(s, '500');
  const w = await withdraw(s, m, { methodId: card, amount: '50' });
  const detail = await s.call('GET', '/h5/expenses/withdrawDetail', { token: eve.token, query: { orderNo: w.data.orderNo } });
  assert.equal([detail.code, detail.key], [404, 'withdrawal.notFound']);
  const list = await s.call<Page<Withdrawal>>('GET', '/h5/expenses/withdrawList', { token: eve.token });
  assert.is(list.data.total, 0);
  const packs = await s.call<MyPacksNum>('GET', '/h5/expenses/myPacksNum', { token: m.token });
  assert.equal(packs.data, { bank: 1, pix: 0, coin: 0, qr: 0, paypay: 0, withdrawing: 1, depositing: 0 });
  const hostile = [{ methodId: 2147483648, amount: '10' }, { methodId: card, amount: '-1' }, { methodId: card, amount: '1e20' }, { methodId: card, amount: 'Infinity' }, { methodId: card, amount: '0' }];
  for (const body of hostile) {
    const res = await withdraw(s, m, body);
    assert.is(res.code, 400, JSON.stringify(body));
  }
  const rows = await s.ctx.db.select().from(withdrawals).where(and(eq(withdrawals.userId, m.userId)));
  assert.is(rows.length, 1, 'nothing else was recorded');
});

test('the operator command line lists withdrawals and approves, rejects with a reason, or moves them', async () => {
  const admin = await buildAdminApp(s.ctx, { key: 'k'.repeat(32) });
  try {
    const api = adminApiOf(admin, 'k'.repeat(32));
    const { m, card } = await payee('1000');
    const a = await withdraw(s, m, { methodId: card, amount: '100' });
    const b = await withdraw(s, m, { methodId: card, amount: '200' });
    const list = await runCommand(api, 'withdrawals', [], { status: 'reviewing' });
    assert.match(list, /^\s*order\s+user\s+status\s+amount\s+fee\s+method\s+account\s+payee\s+time/);
    assert.match(list, new RegExp(`${a.data.orderNo}\\s+${m.username}\\s+reviewing\\s+100\\s+1\\s+bank`));
    try {
      await runCommand(api, 'withdraw', ['reject', a.data.orderNo]);
      assert.unreachable();
    } catch (e) {
      assert.match((e as Error).message, '--reason is required');
    }
    assert.match(await runCommand(api, 'withdraw', ['reject', a.data.orderNo], { reason: 'Name mismatch' }), /status\s+rejected\namount\s+100\nfee\s+1\nremark\s+Name mismatch/);
    assert.match(await runCommand(api, 'withdraw', ['set', b.data.orderNo, 'waiting']), /status\s+waiting/);
    assert.match(await runCommand(api, 'withdraw', ['approve', b.data.orderNo]), /status\s+paid/);
    try {
      await runCommand(api, 'withdraw', ['approve', b.data.orderNo]);
      assert.unreachable();
    } catch (e) {
      assert.is((e as Error).message, 'A withdrawal that is paid cannot become paid');
    }
    assert.equal(await getWallet(s.ctx.db, m.userId), { balance: '798.00000000', frozen: '0.00000000' });
  } finally {
    await admin.close();
  }
});

test.run();
