import { eq } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { FinanceHolding, FinanceList, FinanceProduct, RecentPurchase } from '../../src/shared/contract.ts';
import { maskName } from '../../server/finance/service.ts';
import { openDatabase } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/index.ts';
import { dayOf } from '../../server/jobs/days.ts';
import { runDaily } from '../../server/jobs/daily.ts';
import { getWallet } from '../../server/ledger/index.ts';
import { HOUR, billsOf, midnight, moveTo } from './account-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { trader } from './order-fixtures.ts';

interface Ctx {
  s: TestServer;
  products: FinanceProduct[];
}

const test = suite<Ctx>('finance', {} as Ctx);
test.before(async (c) => {
  // Holdings run for weeks of test-clock time; sessions outlive them here.
  c.s = await startTestServer({ sessionTtlMs: 365 * 86_400_000 });
  c.products = (await c.s.call<FinanceProduct[]>('GET', '/h5/licai/getSellProductList')).data;
});
test.after(async ({ s }) => {
  await s.close();
});

const aurora = (c: Ctx) => c.products.find((p) => p.cycleDays === 7)!;

const buy = (s: TestServer, token: string, productId: number | string, amount: string) =>
  s.call<FinanceHolding>('POST', '/h5/licai', { token, body: { productId, amount } });

const holdings = async (s: TestServer, token: string, tab = 'all') =>
  (await s.call<FinanceList>('GET', '/h5/licai/list', { token, query: { tab, pageSize: '50' } })).data;

test('products are listed without a token, with limits, rate and the income of the minimum', async (c) => {
  assert.ok(c.products.length >= 3, 'the demo ships products');
  const p = aurora(c);
  assert.equal({ cycleDays: p.cycleDays, dailyRate: p.dailyRate, minAmount: p.minAmount, maxAmount: p.maxAmount, minIncome: p.minIncome },
    { cycleDays: 7, dailyRate: '0.3', minAmount: '100', maxAmount: '50000', minIncome: '2.1' });
  const detail = await c.s.call<FinanceProduct>('GET', '/h5/licai/detail', { query: { id: String(p.id) } });
  assert.equal(detail.data, p);
  const missing = await c.s.call('GET', '/h5/licai/detail', { query: { id: '999999' } });
  assert.is(missing.key, 'finance.product');
});

test('the recent purchases feed lists real purchases only: empty at first, then masked buyers with real amounts, newest first', async (c) => {
  const { s } = c;
  const t = await trader(s, '10000');
  const feed = async () => (await s.call<RecentPurchase[]>('GET', '/h5/licai/getVirtualDataList', { token: t.token })).data;
  assert.equal(await feed(), [], 'nobody has bought yet, so nothing is shown');
  assert.is((await s.call('GET', '/h5/licai/getVirtualDataList')).code, 401, 'a visitor is refused');
  const [{ username }] = await s.ctx.db.select({ username: users.username }).from(users).where(eq(users.id, t.userId));
  assert.is((await buy(s, t.token, aurora(c).id, '150')).code, 200);
  moveTo(s, s.clock.now() + 1000);
  assert.is((await buy(s, t.token, aurora(c).id, '2500.5')).code, 200);
  assert.is((await buy(s, t.token, aurora(c).id, '50')).code, 400, 'a refused purchase is not listed');
  const rows = await feed();
  assert.equal(rows.map((r) => [r.name, r.productName, r.amount]), [
    [username!.slice(0, 2) + '***' + username!.slice(-1), aurora(c).name, '2500.5'],
    [username!.slice(0, 2) + '***' + username!.slice(-1), aurora(c).name, '150'],
  ]);
  assert.ok(rows[0]!.time > rows[1]!.time && rows[0]!.time === s.clock.now(), 'the real purchase times');
  assert.equal([maskName('bob'), maskName('anna1'), maskName('李小龙')], ['b***', 'an***1', '李***']);
});

test('a holding earns from the day after the purchase, a day at a time, and returns principal + income at maturity', async (c) => {
  const { s } = c;
  const t = await trader(s, '10000');
  // Bought one minute before midnight: the purchase day earns nothing, however little of it is left.
  moveTo(s, midnight(s, 1) - 60_000);
  const bought = await buy(s, t.token, aurora(c).id, '1000');
  assert.is(bought.code, 200, bought.msg);
  const h = bought.data;
  assert.is(h.status, 'holding');
  assert.is(h.estimatedIncome, '21', '1000 × 0.3 % × 7 days');
  assert.is(h.todayIncome, '0', 'the purchase day pays nothing');
  assert.is(h.startsAt, midnight(s, 1));
  assert.is(h.endsAt, midnight(s, 8));
  assert.is((await getWallet(s.ctx.db, t.userId)).balance, '9000.00000000');
  assert.equal((await billsOf(s, t.userId, 'finance_buy')).map((b) => [b.amount, b.ref]), [['-1000.00000000', h.orderNo]]);

  moveTo(s, midnight(s, 1) + 60_000);
  await runDaily(s.ctx);
  let list = await holdings(s, t.token);
  assert.is(list.rows[0]!.totalIncome, '0', 'the purchase day ended without income');
  assert.is(list.rows[0]!.todayIncome, '3', 'the first earning day is running');
  assert.is(list.summary.todayIncome, '3');
  assert.is(list.summary.yesterdayIncome, '0');

  moveTo(s, midnight(s, 1) + 60_000);
  await runDaily(s.ctx);
  list = await holdings(s, t.token);
  assert.is(list.rows[0]!.paidDays, 1);
  assert.is(list.rows[0]!.totalIncome, '3');
  assert.is(list.rows[0]!.yesterdayIncome, '3');
  assert.is(list.summary.yesterdayIncome, '3');
  assert.is(list.summary.pendingIncome, '18');
  assert.equal((await billsOf(s, t.userId, 'finance_income')).map((b) => b.amount), ['3.00000000']);

  // Six days pass with no server running: one pass pays each of them, as the day it was.
  moveTo(s, midnight(s, 6) + 5 * HOUR);
  const caughtUp = await runDaily(s.ctx);
  assert.is(caughtUp.paid.length, 6);
  list = await holdings(s, t.token);
  const done = list.rows[0]!;
  assert.is(done.status, 'completed');
  assert.is(done.paidDays, 7);
  assert.is(done.totalIncome, '21');
  assert.is(done.todayIncome, '0');
  assert.is(done.completedAt, done.endsAt, 'completed at the end of its last day, not when the late pass ran');
  assert.is((await getWallet(s.ctx.db, t.userId)).balance, '10021.00000000');
  assert.equal((await billsOf(s, t.userId, 'finance_return')).map((b) => [b.amount, b.ref]), [['1000.00000000', h.orderNo]]);
  assert.is((await billsOf(s, t.userId, 'finance_income')).length, 7);
  assert.equal(list.summary, { holdingAmount: '0', pendingIncome: '0', todayIncome: '0', totalIncome: '21', yesterdayIncome: '3' }, 'yesterday was the last earning day');

  const again = await runDaily(s.ctx);
  assert.equal(again.paid, [], 'a second pass the same day pays nothing');
  assert.is((await getWallet(s.ctx.db, t.userId)).balance, '10021.00000000');

  assert.is((await holdings(s, t.token, 'holding')).total, 0);
  assert.is((await holdings(s, t.token, 'completed')).rows[0]!.orderNo, h.orderNo);
});

test('daily income is rounded down to 8 decimals, never up', async (c) => {
  const { s } = c;
  const t = await trader(s, '1000');
  const h = (await buy(s, t.token, aurora(c).id, '333.33333333')).data;
  assert.is(h.estimatedIncome, '6.99999993', '0.99999999 a day × 7');
  moveTo(s, midnight(s, 2) + 1000);
  await runDaily(s.ctx);
  assert.equal((await billsOf(s, t.userId, 'finance_income')).map((b) => b.amount), ['0.99999999']);
});

test('two jobs running at once pay each day once', async (c) => {
  const { s } = c;
  const t = await trader(s, '5000');
  await buy(s, t.token, aurora(c).id, '2000');
  moveTo(s, midnight(s, 3) + 1000);
  // On PostgreSQL (npm run test:pg) the second job gets its own connection pool, like another
  // server process; PGlite is one session, so there both share it.
  const url = process.env.DATABASE_URL;
  const second = url ? await openDatabase({ databaseUrl: url }) : undefined;
  const [a, b] = await Promise.all([runDaily(s.ctx), runDaily(second ? { ...s.ctx, db: second.db, database: second } : s.ctx)]);
  await second?.close();
  const days = [...a.paid, ...b.paid];
  assert.is(new Set(days).size, days.length, 'no day paid by both');
  assert.is(days.length, 3);
  assert.equal((await billsOf(s, t.userId, 'finance_income')).map((b) => b.amount), ['6.00000000', '6.00000000']);
});

test('purchases outside the limits, of unknown products or beyond the balance are refused and charge nothing', async (c) => {
  const { s } = c;
  const t = await trader(s, '200');
  const p = aurora(c);
  const cases: Array<[unknown, unknown, string]> = [
    [p.id, '99.99', 'finance.amountMin'],
    [p.id, '50000.01', 'finance.amountMax'],
    [p.id, '300', 'balance.insufficient'],
    [999999, '100', 'finance.product'],
    [p.id, '1e309', 'field.invalid'],
    [p.id, 'Infinity', 'field.invalid'],
    [p.id, 'NaN', 'field.invalid'],
    [p.id, '-100', 'field.invalid'],
    ['2147483648', '100', 'field.invalid'],
    [p.id, '100\u0000', 'field.nul'],
  ];
  for (const [productId, amount, key] of cases) {
    const res = await s.call('POST', '/h5/licai', { token: t.token, body: { productId, amount } });
    assert.is(res.key, key, `${String(productId)} / ${JSON.stringify(amount)}: ${res.msg}`);
    assert.ok(res.code >= 400 && res.code < 500, `code ${res.code} for ${JSON.stringify(amount)}`);
  }
  const min = await s.call('POST', '/h5/licai', { token: t.token, body: { productId: p.id, amount: '99.99' } });
  assert.equal(min.params, { min: '100' });
  assert.is((await getWallet(s.ctx.db, t.userId)).balance, '200.00000000');
  assert.is((await holdings(s, t.token)).total, 0);
  const anonymous = await s.call('POST', '/h5/licai', { body: { productId: p.id, amount: '100' } });
  assert.is(anonymous.code, 401);
});

test('a retried purchase with the same Idempotency-Key buys once and answers the first holding', async (c) => {
  const { s } = c;
  const t = await trader(s, '1000');
  const headers = { 'idempotency-key': 'buy-retry-1' };
  const body = { productId: aurora(c).id, amount: '150' };
  const first = await s.call<FinanceHolding>('POST', '/h5/licai', { token: t.token, body, headers });
  const retry = await s.call<FinanceHolding>('POST', '/h5/licai', { token: t.token, body, headers });
  assert.is(first.code, 200, first.msg);
  assert.equal(retry, first, 'the retry answers the first result');
  assert.is((await holdings(s, t.token)).total, 1);
  assert.is((await getWallet(s.ctx.db, t.userId)).balance, '850.00000000');
  const changed = await s.call('POST', '/h5/licai', { token: t.token, body: { ...body, amount: '200' }, headers });
  assert.is(changed.key, 'idempotency.mismatch');
  assert.is((await getWallet(s.ctx.db, t.userId)).balance, '850.00000000');
});

test('a masked account cannot buy (403 order.masked) and keeps its money', async (c) => {
  const { s } = c;
  const t = await trader(s, '500');
  await s.ctx.db.update(users).set({ isOrder: false }).where(eq(users.id, t.userId));
  const res = await buy(s, t.token, aurora(c).id, '100');
  assert.equal([res.code, res.key], [403, 'order.masked']);
  assert.is((await getWallet(s.ctx.db, t.userId)).balance, '500.00000000');
});

test("another user's holdings are never listed", async (c) => {
  const { s } = c;
  const a = await trader(s, '1000');
  const b = await trader(s, '1000');
  const mine = (await buy(s, a.token, aurora(c).id, '100')).data;
  const theirs = await holdings(s, b.token);
  assert.is(theirs.total, 0);
  assert.not.ok(theirs.rows.some((r) => r.orderNo === mine.orderNo));
  assert.is(theirs.summary.holdingAmount, '0');
  const bad = await s.call('GET', '/h5/licai/list', { token: a.token, query: { tab: 'mine', pageSize: '1000' } });
  assert.is(bad.key, 'field.invalid');
});

test('the day boundary is UTC midnight of the server clock', () => {
  assert.is(dayOf(Date.UTC(2026, 0, 1, 23, 59, 59, 999)), '2026-01-01');
  assert.is(dayOf(Date.UTC(2026, 0, 2)), '2026-01-02');
});

test.run();
