/**
 * A seeded random run of the whole ledger: 2,000 operations of 20 users, sent in concurrent
 * batches (orders and their settlement, deposits approved and rejected, withdrawals paid and
 * rejected, finance purchases and their maturity, savings in and out, operator credits), with the
 * clock moving so settlement, interest and maturities happen in between. Afterwards every wallet
 * equals its bills, nothing is below zero, and the users' money moved only by what came in or went
 * out. The seed is printed; `LEDGER_SEED=<seed>` replays a run.
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { ContractOrder, Deposit, FinanceHolding, FinanceProduct, PayChannel, Play, Withdrawal } from '../../src/shared/contract.ts';
import { config } from '../../server/db/schema/index.ts';
import { runDaily } from '../../server/jobs/daily.ts';
import { settleDue } from '../../server/orders/settle.ts';
import { startOperator, startTestServer, type TestOperator, type TestServer } from './harness.ts';
import { bindBank, member, recharge, withdraw, type Member } from './money-fixtures.ts';
import { fromUnits, ledgerTotals, platformTotal, seededRandom, units } from './ledger-checks.ts';

const OPERATIONS = 2000;
const USERS = 20;
const BATCH = 25;
const HOUR = 3_600_000;
const seed = Number(process.env.LEDGER_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`ledger-random: seed ${seed} (replay with LEDGER_SEED=${seed})`);
const rnd = seededRandom(seed);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
/** A decimal with 2 places between `min` and `max`. */
const amount = (min: number, max: number) => (Math.floor((min + rnd() * (max - min)) * 100) / 100).toFixed(2);

let s: TestServer;
let admin: TestOperator;
let users: Array<Member & { card: number }>;
let plays: Play[];
let products: FinanceProduct[];
let channel: PayChannel;

test.before(async () => {
  s = await startTestServer({ sessionTtlMs: 365 * 86_400_000 });
  admin = await startOperator(s.ctx);
  await s.ctx.db.insert(config).values({ key: 'rechargeVoucherOn', value: '0' }).onConflictDoUpdate({ target: config.key, set: { value: '0' } });
  await s.ctx.db.insert(config).values({ key: 'savings.rate', value: '0.05' }).onConflictDoUpdate({ target: config.key, set: { value: '0.05' } });
  users = await Promise.all(
    Array.from({ length: USERS }, async () => {
      // The fund password's hash is cheap (cheap-hash.ts): 2,000 operations are about money, not key derivation.
      const m = await member(s, '3000');
      return { ...m, card: (await bindBank(s, m, String(4000000000000000 + m.userId * 7))).id };
    }),
  );
  plays = (await s.call<Play[]>('GET', '/h5/symbol/getPlays')).data.filter((p) => p.seconds <= 900);
  products = (await s.call<FinanceProduct[]>('GET', '/h5/licai/getSellProductList')).data.filter((p) => Number(p.minAmount) <= 500);
  channel = (await s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: users[0]!.token })).data.find((c) => c.currency === 'BRL')!;
});
test.after(async () => {
  await admin.close();
  await s.close();
});

const operator = <T>(method: 'POST', url: string, payload: object) => admin.call<T>(method, url, payload);

/** What the test was told happened: only answers with code 200 count. */
const acked = {
  orders: new Set<string>(),
  holdings: new Set<string>(),
  depositsIn: 0n,
  credits: 0n,
  paidOut: 0n,
  approved: new Set<string>(),
  rejected: new Set<string>(),
  paid: new Set<string>(),
  returned: new Set<string>(),
};
const pendingDeposits: string[] = [];
const pendingWithdrawals: Array<{ orderNo: string; total: bigint }> = [];
/** Refusals a random client can meet; anything else fails the run. */
const EXPECTED_REFUSALS = new Set([
  'balance.insufficient',
  'savings.insufficient',
  'withdraw.aboveTotal',
  'deposit.reviewed',
  'withdrawal.move',
]);
const refusals = new Map<string, number>();
const counts = new Map<string, number>();

function refused(op: string, res: { code: number; key?: string; msg: string }): void {
  assert.ok(res.key && EXPECTED_REFUSALS.has(res.key), `${op}: unexpected answer ${res.code} ${res.key} ${res.msg} (seed ${seed})`);
  refusals.set(res.key!, (refusals.get(res.key!) ?? 0) + 1);
}

type Operation = () => Promise<void>;

const OPERATION_KINDS: Array<[weight: number, name: string, make: () => Operation]> = [
  [30, 'order', () => {
    const u = pick(users);
    const play = pick(plays);
    const key = rnd() < 0.1 ? `ord-${Math.floor(rnd() * 1e12)}` : undefined;
    const query = { symbol: pick(['btc', 'eth', 'sol']), playId: String(play.id), direction: pick(['up', 'down']), amount: amount(Number(play.minAmount), Number(play.minAmount) * 3) };
    const place = () => s.call<ContractOrder>('POST', '/h5/order/saveContactOrder', { token: u.token, query, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });
    return async () => {
      // Some orders are sent twice at once with one key, as a client retrying a lost answer would.
      const answers = await Promise.all(key ? [place(), place()] : [place()]);
      for (const res of answers) {
        if (res.code !== 200) refused('order', res);
        else acked.orders.add(res.data.orderNo);
      }
      if (answers.length === 2 && answers.every((r) => r.code === 200)) assert.is(answers[0]!.data.orderNo, answers[1]!.data.orderNo, 'one key, one order');
    };
  }],
  [8, 'settle', () => async () => {
    s.clock.advance(Math.floor(rnd() * 120_000));
    await settleDue(s.ctx, { error: (obj, msg) => assert.unreachable(`${msg} ${JSON.stringify(obj)}`) });
  }],
  [12, 'deposit', () => {
    const u = pick(users);
    const value = amount(20, 400);
    return async () => {
      const res = await recharge(s, u, { channelId: channel.id, amount: value });
      assert.is(res.code, 200, res.msg);
      pendingDeposits.push(res.data.orderNo);
    };
  }],
  [10, 'deposit review', () => {
    const orderNo = pendingDeposits.length ? pendingDeposits.splice(Math.floor(rnd() * pendingDeposits.length), 1)[0]! : undefined;
    const decision = rnd() < 0.7 ? 'approve' : 'reject';
    // Now and then the operator clicks twice: exactly one review may count.
    const twice = rnd() < 0.15;
    return async () => {
      if (!orderNo) return;
      const review = () => operator<Deposit>('POST', `/deposits/${orderNo}/${decision}`, { reason: 'The proof shows another amount' });
      const answers = await Promise.all(twice ? [review(), review()] : [review()]);
      const ok = answers.filter((r) => r.code === 200);
      assert.is(ok.length, 1, `one review of ${orderNo} counts: ${JSON.stringify(answers)}`);
      for (const res of answers) if (res.code !== 200) refused('deposit review', res);
      if (decision === 'approve') {
        acked.approved.add(orderNo);
        acked.depositsIn += units(ok[0]!.data.amount);
      } else acked.rejected.add(orderNo);
    };
  }],
  [12, 'withdraw', () => {
    const u = pick(users);
    const value = amount(10, 300);
    return async () => {
      const res = await withdraw(s, u, { methodId: u.card, amount: value });
      if (res.code !== 200) return refused('withdraw', res);
      pendingWithdrawals.push({ orderNo: res.data.orderNo, total: units(res.data.amount) + units(res.data.fee) });
    };
  }],
  [10, 'withdraw review', () => {
    const w = pendingWithdrawals.length ? pendingWithdrawals.splice(Math.floor(rnd() * pendingWithdrawals.length), 1)[0]! : undefined;
    const status = rnd() < 0.6 ? 'paid' : 'rejected';
    const twice = rnd() < 0.15;
    return async () => {
      if (!w) return;
      const move = () => operator<Withdrawal>('POST', `/withdrawals/${w.orderNo}`, { status, reason: 'The account name does not match' });
      const answers = await Promise.all(twice ? [move(), move()] : [move()]);
      assert.is(answers.filter((r) => r.code === 200).length, 1, `one move of ${w.orderNo} counts: ${JSON.stringify(answers)}`);
      for (const res of answers) if (res.code !== 200) refused('withdraw review', res);
      if (status === 'paid') {
        acked.paid.add(w.orderNo);
        acked.paidOut += w.total;
      } else acked.returned.add(w.orderNo);
    };
  }],
  [6, 'purchase', () => {
    const u = pick(users);
    const product = pick(products);
    const value = amount(Number(product.minAmount), Number(product.minAmount) * 1.5);
    return async () => {
      const res = await s.call<FinanceHolding>('POST', '/h5/licai', { token: u.token, body: { productId: product.id, amount: value } });
      if (res.code !== 200) return refused('purchase', res);
      acked.holdings.add(res.data.orderNo);
    };
  }],
  [3, 'day passes', () => async () => {
    s.clock.advance(Math.floor((2 + rnd() * 28) * HOUR));
    await runDaily(s.ctx);
  }],
  [10, 'savings', () => {
    const u = pick(users);
    const direction = pick(['in', 'out']);
    const value = amount(1, 250);
    return async () => {
      const res = await s.call('POST', '/h5/user/openProfit', { token: u.token, body: { direction, amount: value } });
      if (res.code !== 200) refused(`savings ${direction}`, res);
    };
  }],
  [4, 'operator credit', () => {
    const u = pick(users);
    const value = amount(0.01, 150);
    return async () => {
      const res = await operator('POST', '/balance', { username: u.username, amount: `+${value}`, reason: 'goodwill credit' });
      assert.is(res.code, 200, res.msg);
      acked.credits += units(value);
    };
  }],
];
const TOTAL_WEIGHT = OPERATION_KINDS.reduce((sum, [w]) => sum + w, 0);

function nextOperation(): Operation {
  let r = rnd() * TOTAL_WEIGHT;
  for (const [weight, name, make] of OPERATION_KINDS) {
    r -= weight;
    if (r < 0) {
      counts.set(name, (counts.get(name) ?? 0) + 1);
      return make();
    }
  }
  throw new Error('weights');
}

test('2,000 random concurrent operations keep every wallet equal to its bills and the money accounted for', async () => {
  const ids = users.map((u) => u.userId);
  const before = await platformTotal(s.ctx.db, ids);
  const started = Date.now();
  for (let done = 0; done < OPERATIONS; done += BATCH) {
    // Operations are drawn in order (so a seed replays), then run at once.
    const batch = Array.from({ length: Math.min(BATCH, OPERATIONS - done) }, nextOperation);
    await Promise.all(batch.map((op) => op()));
  }
  // Everything due is settled and paid: orders expire within 15 minutes, holdings within 15 days.
  s.clock.advance(16 * 86_400_000);
  await settleDue(s.ctx);
  await runDaily(s.ctx);
  console.log(`ledger-random: ${OPERATIONS} operations in ${((Date.now() - started) / 1000).toFixed(1)} s;`, Object.fromEntries(counts), 'refused:', Object.fromEntries(refusals));

  const t = await ledgerTotals(s.ctx.db, ids);
  for (const w of t.wallets) {
    assert.is(w.balance, w.billAmount, `user ${w.userId}: balance = sum of bill amounts (seed ${seed})`);
    assert.is(w.frozen, w.billFrozen, `user ${w.userId}: frozen = sum of bill frozen changes (seed ${seed})`);
    assert.is(w.balance, w.lastBalanceAfter, `user ${w.userId}: the last bill's balance-after is the balance`);
    assert.ok(units(w.balance) >= 0n && units(w.frozen) >= 0n, `user ${w.userId} is not below zero`);
    assert.is(w.frozen, w.frozenWithdrawals, `user ${w.userId}: frozen = amount + fee of withdrawals under review`);
    assert.ok(units(w.savings) >= 0n, `user ${w.userId}: savings not below zero`);
    assert.is(w.savings, w.savingsMoves, `user ${w.userId}: savings = moves in − moves out`);
  }

  // Every acknowledged operation is there, once, in the state it was acknowledged in.
  assert.equal(t.orderNos.filter((n) => acked.orders.has(n)).length, acked.orders.size, 'every acknowledged order exists');
  assert.is(t.orderNos.length, acked.orders.size, 'and no order the test was not told about');
  assert.is(t.openOrders, 0, 'every order is settled');
  assert.is(t.settlementBillsTwice, 0, 'no order paid twice');
  assert.is(t.settledWithoutBill, 0, 'every win and tie paid once');
  assert.is(t.holdingNos.length, acked.holdings.size, 'every acknowledged purchase exists');
  assert.ok(t.holdingNos.every((n) => acked.holdings.has(n)));
  assert.is(t.runningHoldings, 0, 'every holding matured');
  assert.is(t.holdingsNotPaidOnce, 0, 'each matured holding: one income per day, principal returned once');
  assert.equal(new Set(t.approvedDeposits), acked.approved, 'approved deposits are those the operator was told');
  assert.equal(new Set(t.rejectedDeposits), acked.rejected);
  assert.equal(new Set(t.paidWithdrawals), acked.paid, 'paid withdrawals are those the operator was told');
  assert.equal(new Set(t.returnedWithdrawals), acked.returned);
  assert.is(t.bills.recharge, fromUnits(acked.depositsIn), 'deposit bills = approved deposits');
  assert.is(t.bills.adjust, fromUnits(acked.credits), 'operator bills = operator credits');
  assert.is(t.bills.paidOut, fromUnits(acked.paidOut), 'paid-out bills = paid withdrawals');

  // The users' money (wallets, savings, holdings, stakes of open orders) moved only by money in and out.
  const after = await platformTotal(s.ctx.db, ids);
  const expected = before + acked.depositsIn + acked.credits - acked.paidOut + units(t.orderResult) + units(t.financeIncome) + units(t.savingsIncome);
  assert.is(fromUnits(after), fromUnits(expected), `platform total: before ${fromUnits(before)}, deposits ${fromUnits(acked.depositsIn)}, credits ${fromUnits(acked.credits)}, paid out ${fromUnits(acked.paidOut)}, orders ${t.orderResult}, finance ${t.financeIncome}, savings ${t.savingsIncome} (seed ${seed})`);
  assert.ok(acked.approved.size > 0 && acked.paid.size > 0 && acked.rejected.size > 0 && acked.returned.size > 0 && acked.holdings.size > 0, 'the run covered every kind of operation');
  assert.ok(units(t.financeIncome) > 0n && units(t.savingsIncome) > 0n, 'interest was paid');
});

test.run();
