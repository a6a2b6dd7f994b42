import { eq } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Page, SavingsDetail, SavingsIncome, SavingsSummary } from '../../src/shared/contract.ts';
import { config } from '../../server/db/schema/index.ts';
import { addDays, dayOf } from '../../server/jobs/days.ts';
import { runDaily } from '../../server/jobs/daily.ts';
import { getWallet } from '../../server/ledger/index.ts';
import { HOUR, billsOf, midnight, moveTo } from './account-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { trader } from './order-fixtures.ts';

const test = suite<{ s: TestServer }>('savings', {} as { s: TestServer });
test.before(async (c) => {
  c.s = await startTestServer({ sessionTtlMs: 365 * 86_400_000 });
});
test.after(async ({ s }) => {
  await s.close();
});

const move = (s: TestServer, token: string, direction: string, amount: string) =>
  s.call<SavingsSummary>('POST', '/h5/user/openProfit', { token, body: { direction, amount } });
const summary = async (s: TestServer, token: string) => (await s.call<SavingsSummary>('GET', '/h5/user/yesterdayProfit', { token })).data;
const incomes = async (s: TestServer, token: string) =>
  (await s.call<Page<SavingsIncome>>('GET', '/h5/user/profitList', { token, query: { pageSize: '50' } })).data;
const setConfig = (s: TestServer, key: string, value: string) => s.ctx.db.update(config).set({ value }).where(eq(config.key, key));

test('money moved in on a day earns from the next day; interest goes to the wallet as a bill', async ({ s }) => {
  await setConfig(s, 'savings.rate', '0.05');
  const t = await trader(s, '5000');
  moveTo(s, midnight(s, 1) + 12 * HOUR);
  const day0 = dayOf(s.clock.now());
  const moved = await move(s, t.token, 'in', '1000');
  assert.is(moved.code, 200, moved.msg);
  assert.is(moved.msg, 'Moved to savings', 'the answer says what happened');
  assert.equal(
    { balance: moved.data.balance, earning: moved.data.earning, todayIncome: moved.data.todayIncome, rate: moved.data.rate },
    { balance: '1000', earning: '0', todayIncome: '0', rate: '0.05' },
    'nothing earns on the day it came in',
  );
  assert.is((await getWallet(s.ctx.db, t.userId)).balance, '4000.00000000');
  assert.equal((await billsOf(s, t.userId, 'savings_in')).map((b) => b.amount), ['-1000.00000000']);

  moveTo(s, midnight(s, 1) + 1000);
  await runDaily(s.ctx);
  let now = await summary(s, t.token);
  assert.is(now.earning, '1000', 'the next day earns on all of it');
  assert.is(now.todayIncome, '0.5');
  assert.is(now.yesterdayIncome, '0', 'the day it came in paid nothing');
  assert.is((await incomes(s, t.token)).total, 0);

  moveTo(s, midnight(s, 1) + 1000);
  await runDaily(s.ctx);
  now = await summary(s, t.token);
  assert.is(now.yesterdayIncome, '0.5');
  assert.is(now.cumulativeIncome, '0.5');
  assert.is(now.total, '1000.5');
  assert.is(now.balance, '1000', 'interest is paid to the wallet; the principal stays');
  assert.equal((await billsOf(s, t.userId, 'savings_income')).map((b) => b.amount), ['0.50000000']);
  assert.is((await getWallet(s.ctx.db, t.userId)).balance, '4000.50000000');
  const list = await incomes(s, t.token);
  assert.equal(list.rows.map((r) => [r.day, r.base, r.amount, r.paused]), [[addDays(day0, 1), '1000', '0.5', false]]);
});

test('no interest while a withdrawal pause touches a day; the pause hours come from config', async ({ s }) => {
  await setConfig(s, 'savings.rate', '0.05');
  await setConfig(s, 'savings.pauseHours', '6');
  const t = await trader(s, '2000');
  await move(s, t.token, 'in', '1000');
  moveTo(s, midnight(s, 1) + 10 * HOUR);
  const pausedDay = dayOf(s.clock.now());
  const out = await move(s, t.token, 'out', '200');
  assert.is(out.code, 200, out.msg);
  assert.is(out.data.balance, '800');
  assert.is(out.data.todayIncome, '0', 'today is paused');
  assert.is(out.data.pausedUntil, s.clock.now() + 6 * HOUR);
  assert.is(out.data.pauseHours, 6);
  assert.equal((await billsOf(s, t.userId, 'savings_out')).map((b) => b.amount), ['200.00000000']);

  moveTo(s, midnight(s, 2) + 1000);
  await runDaily(s.ctx);
  const list = await incomes(s, t.token);
  assert.equal(
    list.rows.map((r) => [r.day, r.base, r.amount, r.paused]),
    [
      [addDays(pausedDay, 1), '800', '0.4', false],
      [pausedDay, '800', '0', true],
    ],
    'the withdrawal day pays nothing; the next day earns on what is left',
  );
  assert.is((await summary(s, t.token)).pausedUntil, null);

  // A 24-hour pause after a late withdrawal reaches into the next day, which then pays nothing too.
  await setConfig(s, 'savings.pauseHours', '24');
  moveTo(s, midnight(s, 1) - HOUR);
  const lateDay = dayOf(s.clock.now());
  await move(s, t.token, 'out', '100');
  moveTo(s, midnight(s, 2) + 1000);
  await runDaily(s.ctx);
  const after = await incomes(s, t.token);
  assert.equal(after.rows.slice(0, 2).map((r) => [r.day, r.amount, r.paused]), [
    [addDays(lateDay, 1), '0', true],
    [lateDay, '0', true],
  ]);
});

test('day boundaries: money in at 23:59:59.999 earns the next day, money in at 00:00 waits a day', async ({ s }) => {
  await setConfig(s, 'savings.rate', '1');
  await setConfig(s, 'savings.pauseHours', '0');
  const late = await trader(s, '100');
  const early = await trader(s, '100');
  moveTo(s, midnight(s, 1) - 1);
  const lastMs = dayOf(s.clock.now());
  await move(s, late.token, 'in', '100');
  s.clock.advance(1);
  await move(s, early.token, 'in', '100');
  moveTo(s, midnight(s, 1) + 1000);
  await runDaily(s.ctx);
  assert.equal((await incomes(s, late.token)).rows.map((r) => [r.day, r.amount]), [[addDays(lastMs, 1), '1']]);
  assert.is((await incomes(s, early.token)).total, 0, 'the day it came in at 00:00 pays nothing');
  moveTo(s, midnight(s, 1) + 1000);
  await runDaily(s.ctx);
  assert.equal((await incomes(s, early.token)).rows.map((r) => [r.day, r.amount]), [[addDays(lastMs, 2), '1']]);
});

test('money moved in and out on the same day earns nothing, and the rate comes from config', async ({ s }) => {
  await setConfig(s, 'savings.pauseHours', '0');
  await setConfig(s, 'savings.rate', '1');
  const t = await trader(s, '1000');
  await move(s, t.token, 'in', '500');
  await move(s, t.token, 'out', '500');
  await move(s, t.token, 'in', '300');
  moveTo(s, midnight(s, 2) + 1000);
  await runDaily(s.ctx);
  const list = await incomes(s, t.token);
  assert.equal(list.rows.map((r) => [r.base, r.rate, r.amount]), [['300', '1', '3']], 'only the next day earns, at 1 %');
});

test('savings details list the moves in and out beside the interest, newest first, paged, only the caller\'s', async ({ s }) => {
  await setConfig(s, 'savings.pauseHours', '0');
  await setConfig(s, 'savings.rate', '1');
  const t = await trader(s, '1000');
  const details = async (token: string, query: Record<string, string> = {}) =>
    (await s.call<Page<SavingsDetail>>('GET', '/h5/user/savingsDetails', { token, query })).data;
  moveTo(s, midnight(s, 1) + HOUR);
  await move(s, t.token, 'in', '500');
  moveTo(s, s.clock.now() + HOUR);
  await move(s, t.token, 'out', '200');
  moveTo(s, midnight(s, 2) + 1000);
  await runDaily(s.ctx);
  moveTo(s, s.clock.now() + HOUR);
  await move(s, t.token, 'in', '0.5');
  const all = await details(t.token);
  assert.is(all.total, 4);
  assert.equal(
    all.rows.map((r) => [r.kind, r.amount]),
    [['in', '0.5'], ['income', '3'], ['out', '200'], ['in', '500']],
    'what came in, what went out and what it earned',
  );
  const income = all.rows[1]!;
  assert.ok(income.kind === 'income' && income.base === '300' && income.rate === '1' && !income.paused);
  const second = await details(t.token, { pageNum: '2', pageSize: '3' });
  assert.equal(second.rows.map((r) => r.kind), ['in'], 'the second page holds the oldest move');
  const other = await trader(s, '0');
  assert.equal(await details(other.token), { rows: [], total: 0 }, "another user's moves are not listed");
  assert.is((await s.call('GET', '/h5/user/savingsDetails')).code, 401);
});

test('moving out more than the savings hold, or bad amounts, is refused and moves nothing', async ({ s }) => {
  const t = await trader(s, '100');
  await move(s, t.token, 'in', '50');
  const cases: Array<[string, string, string]> = [
    ['out', '50.00000001', 'savings.insufficient'],
    ['in', '51', 'balance.insufficient'],
    ['in', '1e309', 'field.invalid'],
    ['in', '-5', 'field.invalid'],
    ['in', 'NaN', 'field.invalid'],
    ['sideways', '5', 'field.invalid'],
  ];
  for (const [direction, amount, key] of cases) {
    const res = await move(s, t.token, direction, amount);
    assert.is(res.key, key, `${direction} ${amount}: ${res.msg}`);
  }
  assert.is((await getWallet(s.ctx.db, t.userId)).balance, '50.00000000');
  assert.is((await summary(s, t.token)).balance, '50');
  const other = await trader(s, '0');
  assert.is((await summary(s, other.token)).balance, '0', "another user's savings are not shown");
  assert.is((await move(s, other.token, 'out', '1')).key, 'savings.insufficient');
});

test('a retried move with the same Idempotency-Key moves once', async ({ s }) => {
  const t = await trader(s, '100');
  const headers = { 'idempotency-key': 'save-1' };
  const first = await s.call<SavingsSummary>('POST', '/h5/user/openProfit', { token: t.token, body: { direction: 'in', amount: '40' }, headers });
  const retry = await s.call<SavingsSummary>('POST', '/h5/user/openProfit', { token: t.token, body: { direction: 'in', amount: '40' }, headers });
  assert.equal(retry, first);
  assert.is((await summary(s, t.token)).balance, '40');
  assert.is((await getWallet(s.ctx.db, t.userId)).balance, '60.00000000');
});

test.run();
