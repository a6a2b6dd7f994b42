/**
 * Two server processes on one PostgreSQL database, as a deployment behind a load balancer runs
 * them: an operator action on one reaches a socket held by the other, settlement and the daily
 * job pay once however many processes run them, and withdrawals split across both never overdraw.
 * Needs DATABASE_URL (PGlite is one process's database): runs under `npm run test:pg`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { skipWithout, suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { ContractOrder, Envelope, FinanceHolding, FinanceProduct, Play, UserInfo, Withdrawal } from '../../src/shared/contract.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { ledgerTotals } from './ledger-checks.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { TestSocket } from './ws-client.ts';

const url = process.env.DATABASE_URL;
const DAY = 86_400_000;
const FUND_PASSWORD = '802413';

interface Ctx {
  one: ServerProcess;
  two: ServerProcess;
  db: Database;
  dirs: string[];
  sockets: TestSocket[];
}
const test = suite<Ctx>('two processes on one PostgreSQL', { dirs: [], sockets: [] } as unknown as Ctx);
const pgTest = skipWithout(test, !url && 'needs PostgreSQL (npm run test:pg)');

test.before(async (c) => {
  if (!url) return;
  c.dirs = [mkdtempSync(path.join(tmpdir(), 'tl-two-')), mkdtempSync(path.join(tmpdir(), 'tl-two-'))];
  [c.one, c.two] = await Promise.all(c.dirs.map((dir) => startServerProcess(dir)));
  c.db = await openDatabase({ databaseUrl: url, poolMax: 2 });
});
test.after(async (c) => {
  for (const s of c.sockets) s.close();
  await Promise.all([c.one?.kill('SIGTERM'), c.two?.kill('SIGTERM')]);
  await c.db?.close();
  for (const dir of c.dirs) rmSync(dir, { recursive: true, force: true });
});

let n = 0;
/** A user registered on `s` with `balance` credited, a fund password and a bound card. */
async function user(s: ServerProcess, balance: string) {
  const username = `two${process.pid % 10000}u${++n}`;
  const token = (await s.call<string>('POST', '/h5/user/register', { body: { username, password: 'glass-river-58', confirmPassword: 'glass-river-58' } })).data;
  const { userId } = (await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token })).data;
  assert.is((await s.operator('POST', '/balance', { username, amount: `+${balance}`, reason: 'test funds' })).code, 200);
  assert.is((await s.call('POST', '/h5/user/changeWalletPwd', { token, body: { newPassword: FUND_PASSWORD, confirmPassword: FUND_PASSWORD } })).code, 200);
  const card = await s.call<{ id: number }>('POST', '/h5/expenses/bindCard', { token, body: { kind: 'bank', payee: 'Ana Souza', bankCode: 'VISA', cardNo: String(4000000000000000 + userId * 7) } });
  assert.is(card.code, 200, card.msg);
  return { username, token, userId, card: card.data.id };
}

async function socketOf(c: Ctx, s: ServerProcess, token: string): Promise<TestSocket> {
  const socket = await TestSocket.open(`${s.url.replace('http', 'ws')}/prod-api/ws`);
  c.sockets.push(socket);
  socket.send(JSON.stringify({ type: 'auth', token }));
  assert.is((await socket.nextJson()).type, 'ready');
  return socket;
}

pgTest('an operator action on one process reaches the user’s socket on the other', async (c) => {
  const u = await user(c.one, '10');
  const onTwo = await socketOf(c, c.two, u.token);
  assert.is((await c.one.operator('POST', '/balance', { username: u.username, amount: '+25.5', reason: 'goodwill credit' })).code, 200);
  assert.equal(await onTwo.nextJson(), { code: 'balance' }, 'the credit made on one is pushed by two');
  assert.is((await c.two.operator('POST', '/message', { username: u.username, content: 'Your document was approved' })).code, 200);
  const onOne = await socketOf(c, c.one, u.token);
  assert.is((await c.two.operator('POST', '/message', { username: u.username, content: 'And the second one' })).code, 200);
  assert.equal(await onOne.nextJson(), { code: 'mes' }, 'and the other way round');
});

pgTest('settlement and the daily job run on both processes and pay once', async (c) => {
  const play = (await c.one.call<Play[]>('GET', '/h5/symbol/getPlays')).data.find((p) => p.seconds === 60)!;
  const product = (await c.one.call<FinanceProduct[]>('GET', '/h5/licai/getSellProductList')).data.find((p) => p.cycleDays === 7)!;
  const users = await Promise.all([user(c.one, '5000'), user(c.two, '5000'), user(c.one, '5000'), user(c.two, '5000')]);
  const orders: string[] = [];
  await Promise.all(users.map(async (u, i) => {
    const s = i % 2 ? c.two : c.one;
    for (let k = 0; k < 10; k++) {
      const res = await s.call<ContractOrder>('POST', '/h5/order/saveContactOrder', { token: u.token, query: { symbol: 'btc', playId: String(play.id), direction: k % 2 ? 'up' : 'down', amount: '10' } });
      assert.is(res.code, 200, res.msg);
      orders.push(res.data.orderNo);
    }
    assert.is((await s.call<FinanceHolding>('POST', '/h5/licai', { token: u.token, body: { productId: product.id, amount: '500' } })).code, 200);
    assert.is((await s.call('POST', '/h5/user/openProfit', { token: u.token, body: { direction: 'in', amount: '1000' } })).code, 200);
  }));
  // Both clocks move three days on: every order is due on both, and so are two earning days.
  await Promise.all([c.one.advanceClock(3 * DAY), c.two.advanceClock(3 * DAY)]);
  const ids = users.map((u) => u.userId);
  const started = Date.now();
  for (;;) {
    const [row] = (await c.db.db.execute(sql`select
        (select count(*) from contract_orders where status = 'open' and user_id in (${sql.raw(ids.join(','))}))::int as open,
        (select min(paid_days) from finance_holdings where user_id in (${sql.raw(ids.join(','))}))::int as paid`) as unknown as { rows: Array<{ open: number; paid: number }> }).rows;
    if (row!.open === 0 && row!.paid >= 2) break;
    assert.ok(Date.now() - started < 20_000, `both processes left work undone: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Fixed wait: a pass that would pay twice would do it within a pass interval of either process;
  // the processes run their passes on real timers and tell no one when one ends.
  await new Promise((r) => setTimeout(r, 2500));
  const t = await ledgerTotals(c.db.db, ids);
  assert.equal(t.orderNos.sort(), orders.sort());
  assert.is(t.settlementBillsTwice, 0, 'no order paid twice');
  assert.is(t.settledWithoutBill, 0, 'every win and tie paid once, at its payout');
  for (const w of t.wallets) assert.is(w.balance, w.billAmount, `user ${w.userId}: balance = sum of bills`);
  const [paid] = (await c.db.db.execute(sql`select
      (select count(*) from finance_income where user_id in (${sql.raw(ids.join(','))}))::int as finance,
      (select count(*) from wallet_bills where biz_type = 'finance_income' and user_id in (${sql.raw(ids.join(','))}))::int as finance_bills,
      (select count(*) from savings_income where user_id in (${sql.raw(ids.join(','))}))::int as savings,
      (select count(*) from wallet_bills where biz_type = 'savings_income' and user_id in (${sql.raw(ids.join(','))}))::int as savings_bills,
      (select min(paid_days) from finance_holdings where user_id in (${sql.raw(ids.join(','))}))::int as min_days,
      (select max(paid_days) from finance_holdings where user_id in (${sql.raw(ids.join(','))}))::int as max_days`) as unknown as {
    rows: Array<{ finance: number; finance_bills: number; savings: number; savings_bills: number; min_days: number; max_days: number }>;
  }).rows;
  assert.is(paid!.min_days, paid!.max_days, 'every holding was paid for the same days');
  assert.is(paid!.finance, users.length * paid!.min_days, 'one income per holding and day');
  assert.is(paid!.finance_bills, paid!.finance, 'one bill per income');
  assert.is(paid!.savings, users.length * paid!.min_days, 'one savings interest per user and day');
  assert.is(paid!.savings_bills, paid!.savings, 'one bill per interest');
  assert.not.match(c.one.output() + c.two.output(), 'pass failed', 'no pass of either job failed (a deadlock would)');
});

pgTest('50 parallel withdrawals split across both processes never overdraw', async (c) => {
  const u = await user(c.one, '350');
  const results = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      (i % 2 ? c.two : c.one).call<Withdrawal>('POST', '/h5/expenses/submitExpenses', { token: u.token, body: { methodId: u.card, amount: '100', fundPassword: FUND_PASSWORD } }),
    ),
  );
  const accepted = results.filter((r) => r.code === 200);
  assert.is(accepted.length, 3, '3 × 101 fits in 350, a 4th does not');
  // At most 5 fund-password checks run at once per user, across processes; the tries beyond wait for their turn.
  const refusedWhy = (r: { code: number; key?: string }) => r.code !== 200 && r.key !== 'balance.insufficient' && r.key !== 'rate.limited';
  assert.not.ok(results.some(refusedWhy), JSON.stringify(results.find(refusedWhy)));
  const [w] = (await ledgerTotals(c.db.db, [u.userId])).wallets;
  assert.equal([w!.balance, w!.frozen, w!.billAmount, w!.billFrozen], ['47.00000000', '303.00000000', '47.00000000', '303.00000000']);
});

pgTest('40 wrong fund passwords split across both processes, then the right one: at most 5 are checked, nothing is withdrawn', async (c) => {
  const u = await user(c.one, '1000');
  const post = (s: ServerProcess, route: string, body: object) =>
    fetch(`${s.url}/prod-api${route}`, { method: 'POST', headers: { authorization: u.token, 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then((r) => r.json() as Promise<Envelope<unknown>>);
  const send = (s: ServerProcess, fundPassword: string) => post(s, '/h5/expenses/submitExpenses', { methodId: u.card, amount: '50', fundPassword });
  // The wrong ones all at once; the right one after them: sent among them, it could be one of the
  // five checked on a loaded machine (parallel requests arrive in any order), and rightly succeed.
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i % 2 ? c.two : c.one, `wrong${100 + i}`)));
  const checked = answers.filter((a) => a.code === 200 || a.params?.left !== undefined).length;
  assert.ok(checked <= 5, `${checked} tries checked: ${JSON.stringify(answers.map((a) => [a.key, a.params?.left]))}`);
  const right = await send(c.one, FUND_PASSWORD);
  assert.ok(right.key === 'fundPassword.locked' || right.key === 'rate.limited', `the right one: ${right.key}`);
  const [made] = (await c.db.db.execute(sql`select count(*)::int as n from withdrawals where user_id = ${u.userId}`) as unknown as { rows: Array<{ n: number }> }).rows;
  assert.is(made!.n, 0, 'no withdrawal');
  const later = await send(c.two, FUND_PASSWORD);
  assert.equal([later.code, later.key], [403, 'fundPassword.locked'], 'locked on both processes');
  const change = await post(c.one, '/h5/user/changeWalletPwd', { oldPassword: FUND_PASSWORD, newPassword: '730518', confirmPassword: '730518' });
  assert.equal([change.code, change.key], [403, 'fundPassword.locked'], 'and for a fund-password change');
});

test.run();
