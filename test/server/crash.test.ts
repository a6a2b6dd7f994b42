/**
 * `kill -9` of the real server under load, and again while it catches up after downtime: every
 * operation that got an answer is there, wallets still equal their bills, and the orders and
 * interest that fell due while it was down are paid exactly once. On PGlite in a data directory
 * under `npm test`, on PostgreSQL under `npm run test:pg`.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { ContractOrder, Deposit, FinanceHolding, FinanceProduct, PayChannel, Play, UserInfo, Withdrawal } from '../../src/shared/contract.ts';
import { openDatabase } from '../../server/db/client.ts';
import { ledgerTotals, seededRandom } from './ledger-checks.ts';
import { preparedDataDir } from './data-dir.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const DAY = 86_400_000;
const USERS = 6;
const WORKERS = 8;
const FUND_PASSWORD = '802413';
const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const rnd = seededRandom(seed);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

const dataDir = await preparedDataDir('tl-crash-');
let server: ServerProcess | undefined;
test.after(async () => {
  await server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface User {
  username: string;
  token: string;
  userId: number;
  card: number;
}

const must = <T>(res: { code: number; msg: string; data: T }, what: string): T => {
  assert.is(res.code, 200, `${what}: ${res.msg}`);
  return res.data;
};

async function newUser(s: ServerProcess, i: number): Promise<User> {
  const username = `crash${process.pid % 10000}u${i}`;
  const token = must(await s.call<string>('POST', '/h5/user/register', { body: { username, password: 'glass-river-58', confirmPassword: 'glass-river-58' } }), 'register');
  const { userId } = must(await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token }), 'user info');
  must(await s.operator('POST', '/balance', { username, amount: '+5000', reason: 'test funds' }), 'credit');
  must(await s.call('POST', '/h5/user/changeWalletPwd', { token, body: { newPassword: FUND_PASSWORD, confirmPassword: FUND_PASSWORD } }), 'fund password');
  const card = must(await s.call<{ id: number }>('POST', '/h5/expenses/bindCard', { token, body: { kind: 'bank', payee: 'Ana Souza', bankCode: 'VISA', cardNo: String(4000000000000000 + userId * 7) } }), 'card');
  return { username, token, userId, card: card.id };
}

/** Operations that got an answer with code 200, by kind. */
const acked = { orders: new Set<string>(), deposits: new Set<string>(), approved: new Set<string>(), withdrawals: new Set<string>(), holdings: new Set<string>() };
/** Approvals sent and not yet answered, by deposit (two workers may ask for the same one): those
 * the kill cut off may or may not have happened. */
const unanswered = new Map<string, number>();

test('kill -9 under load and during catch-up: acknowledged operations survive, due settlement and interest are paid once', async () => {
  console.log(`crash: seed ${seed} (replay with CRASH_SEED=${seed}) on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  const started = Date.now();
  server = await startServerProcess(dataDir);
  const s = server;
  must(await s.operator('PUT', '/config', { key: 'rechargeVoucherOn', value: '0' }), 'config');
  const users = await Promise.all(Array.from({ length: USERS }, (_, i) => newUser(s, i)));
  const play = (await s.call<Play[]>('GET', '/h5/symbol/getPlays')).data.find((p) => p.seconds === 60)!;
  const product = (await s.call<FinanceProduct[]>('GET', '/h5/licai/getSellProductList')).data.find((p) => p.cycleDays === 7)!;
  const channel = (await s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: users[0]!.token })).data.find((c) => c.currency === 'BRL')!;
  // Savings and a holding that earn while the server is down.
  for (const u of users) {
    must(await s.call('POST', '/h5/user/openProfit', { token: u.token, body: { direction: 'in', amount: '1000' } }), 'savings in');
    acked.holdings.add(must(await s.call<FinanceHolding>('POST', '/h5/licai', { token: u.token, body: { productId: product.id, amount: '500' } }), 'purchase').orderNo);
  }

  // Load: workers send money operations, each with an Idempotency-Key, until the server dies.
  let dead = false;
  let n = 0;
  const key = () => `crash-${seed}-${++n}`;
  const operations: Array<() => Promise<void>> = [
    async () => {
      const u = pick(users);
      const query = { symbol: pick(['btc', 'eth']), playId: String(play.id), direction: pick(['up', 'down']), amount: String(10 + Math.floor(rnd() * 20)) };
      const res = await s.call<ContractOrder>('POST', '/h5/order/saveContactOrder', { token: u.token, query, headers: { 'Idempotency-Key': key() } });
      if (res.code === 200) acked.orders.add(res.data.orderNo);
    },
    async () => {
      const u = pick(users);
      const res = await s.call<Deposit>('POST', '/h5/recharge/submitRecharge', { token: u.token, body: { channelId: channel.id, amount: String(20 + Math.floor(rnd() * 100)) }, headers: { 'Idempotency-Key': key() } });
      if (res.code === 200) acked.deposits.add(res.data.orderNo);
    },
    async () => {
      const orderNo = [...acked.deposits].find((d) => !acked.approved.has(d));
      if (!orderNo) return;
      unanswered.set(orderNo, (unanswered.get(orderNo) ?? 0) + 1);
      const res = await s.operator<Deposit>('POST', `/deposits/${orderNo}/approve`, {});
      unanswered.set(orderNo, unanswered.get(orderNo)! - 1);
      if (res.code === 200) acked.approved.add(orderNo);
    },
    async () => {
      const u = pick(users);
      const body = { methodId: u.card, amount: String(10 + Math.floor(rnd() * 20)), fundPassword: FUND_PASSWORD };
      const res = await s.call<Withdrawal>('POST', '/h5/expenses/submitExpenses', { token: u.token, body, headers: { 'Idempotency-Key': key() } });
      if (res.code === 200) acked.withdrawals.add(res.data.orderNo);
    },
    async () => {
      const u = pick(users);
      await s.call('POST', '/h5/user/openProfit', { token: u.token, body: { direction: pick(['in', 'out']), amount: '5' }, headers: { 'Idempotency-Key': key() } });
    },
  ];
  const worker = async () => {
    while (!dead) {
      try {
        await pick(operations)();
      } catch (e) {
        // A request the kill cut off got no answer: it may or may not have happened.
        if (!dead) throw e;
      }
    }
  };
  const load = Promise.all(Array.from({ length: WORKERS }, worker));
  const firstOrders = Date.now();
  while (acked.orders.size < 20 || acked.approved.size < 3) {
    await new Promise((r) => setTimeout(r, 20));
    assert.ok(Date.now() - firstOrders < 60_000, 'the load got answers');
  }
  dead = true;
  assert.is(await s.kill('SIGKILL'), 'SIGKILL');
  await load;
  const counts = Object.fromEntries(Object.entries(acked).map(([k, v]) => [k, v.size]));

  // Restart at once on the same data; three days pass, and it dies again while catching up.
  const second = (server = await startServerProcess(dataDir));
  await second.advanceClock(3 * DAY);
  // Killed as soon as the daily job is seen paying: with luck between one day and the next.
  const paidDays = async () => (await second.call<{ rows: FinanceHolding[] }>('GET', '/h5/licai/list', { token: users[0]!.token, query: { tab: 'all' } })).data.rows[0]!.paidDays;
  for (let i = 0; i < 500 && (await paidDays()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
  assert.is(await second.kill('SIGKILL'), 'SIGKILL');

  const third = (server = await startServerProcess(dataDir));
  await third.advanceClock(3 * DAY);
  const caughtUp = Date.now();
  for (;;) {
    const open = await Promise.all(users.map(async (u) => (await third.call<{ total: number }>('GET', '/h5/order/myOrderList', { token: u.token, query: { tab: 'held' } })).data.total));
    const paid = await Promise.all(users.map(async (u) => (await third.call<{ rows: FinanceHolding[] }>('GET', '/h5/licai/list', { token: u.token, query: { tab: 'all', pageSize: '50' } })).data.rows.every((h) => h.paidDays >= 2)));
    if (open.every((c) => c === 0) && paid.every(Boolean)) break;
    assert.ok(Date.now() - caughtUp < 30_000, `settlement and interest caught up within 30 s:\n${third.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.not.match(third.output(), 'pass failed', 'catching up, no pass of settlement or the daily job failed');
  assert.is(await third.kill('SIGTERM'), 0, 'a clean stop');
  server = undefined;

  const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir });
  try {
    const ids = users.map((u) => u.userId);
    const t = await ledgerTotals(database.db, ids);
    for (const w of t.wallets) {
      assert.is(w.balance, w.billAmount, `user ${w.userId}: balance = sum of bill amounts (seed ${seed})`);
      assert.is(w.frozen, w.billFrozen, `user ${w.userId}: frozen = sum of bill frozen changes`);
      assert.is(w.balance, w.lastBalanceAfter);
      assert.is(w.frozen, w.frozenWithdrawals, `user ${w.userId}: frozen = withdrawals under review`);
      assert.is(w.savings, w.savingsMoves, `user ${w.userId}: savings = moves in − moves out`);
    }
    const orders = new Set(t.orderNos);
    assert.equal([...acked.orders].filter((o) => !orders.has(o)), [], 'every acknowledged order survived the kill');
    assert.is(t.openOrders, 0, 'every order that expired while the server was down is settled');
    assert.is(t.settlementBillsTwice, 0, 'no order paid twice');
    assert.is(t.settledWithoutBill, 0, 'every win and tie paid once, at its payout');
    assert.ok(t.holdingNos.length === acked.holdings.size && t.holdingNos.every((h) => acked.holdings.has(h)), 'every acknowledged purchase survived');
    const byStatus = async (table: 'deposits' | 'withdrawals') =>
      new Map(((await database.db.execute(sql`select order_no, status from ${sql.identifier(table)}`)) as unknown as { rows: Array<{ order_no: string; status: string }> }).rows.map((r) => [r.order_no, r.status]));
    const deposits = await byStatus('deposits');
    assert.equal([...acked.deposits].filter((d) => !deposits.has(d)), [], 'every acknowledged deposit survived');
    assert.equal([...acked.approved].filter((d) => deposits.get(d) !== 'approved'), [], 'every acknowledged approval survived');
    assert.equal(
      t.approvedDeposits.filter((d) => !acked.approved.has(d) && !unanswered.get(d)),
      [],
      'no approval the operator was refused, or never asked for, took effect',
    );
    const withdrawals = await byStatus('withdrawals');
    assert.equal([...acked.withdrawals].filter((w) => withdrawals.get(w) !== 'reviewing'), [], 'every acknowledged withdrawal survived, still frozen');

    // Interest: one payment per user (savings) and per holding (finance) for each day the job ran, no more.
    const [interest] = ((await database.db.execute(sql`with d as (select day from daily_runs), u as (select user_id, min((created_at at time zone 'UTC')::date) as first_day from savings_moves where user_id in (${sql.raw(ids.join(','))}) group by user_id)
      select
        (select count(*) from d)::int as days,
        (select count(*) from u where
          (select count(*) from savings_income i where i.user_id = u.user_id and i.day > u.first_day)
            <> (select count(*) from d where day > u.first_day)
          or (select count(*) from wallet_bills b where b.user_id = u.user_id and b.biz_type = 'savings_income')
            <> (select count(*) from savings_income i where i.user_id = u.user_id and i.amount > 0)
          or (select coalesce(sum(amount), 0) from wallet_bills b where b.user_id = u.user_id and b.biz_type = 'savings_income')
            <> (select coalesce(sum(amount), 0) from savings_income i where i.user_id = u.user_id))::int as savings_wrong,
        (select count(*) from finance_holdings h where h.user_id in (select user_id from u) and (
          h.paid_days <> (select count(*) from d where day >= h.start_day)
          or h.paid_days <> (select count(*) from wallet_bills b where b.ref = h.order_no and b.biz_type = 'finance_income')))::int as finance_wrong,
        (select min(paid_days) from finance_holdings h where h.user_id in (select user_id from u))::int as paid_days`)) as unknown as {
      rows: Array<{ days: number; savings_wrong: number; finance_wrong: number; paid_days: number }>;
    }).rows;
    assert.ok(interest!.paid_days >= 2, 'the days that ended while the server was down were paid');
    assert.is(interest!.savings_wrong, 0, 'each user got savings interest once per paid day');
    assert.is(interest!.finance_wrong, 0, 'each holding got income once per paid day');
    const cutOff = [...unanswered.values()].reduce((a, b) => a + b, 0);
    console.log(`crash: acknowledged before the kill ${JSON.stringify(counts)}, ${cutOff} approvals cut off; ${interest!.days} days paid; ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
});

test.run();
