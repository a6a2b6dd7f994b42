import { and, eq, inArray } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { ContractOrder, Page, Play } from '../../src/shared/contract.ts';
import { createMemoryBus, type PushEvent } from '../../server/bus/index.ts';
import type { ServerContext } from '../../server/context.ts';
import { openDatabase } from '../../server/db/client.ts';
import { config, contractOrders, walletBills } from '../../server/db/schema/index.ts';
import { getWallet } from '../../server/ledger/index.ts';
import { marketOf } from '../../server/market/context.ts';
import type { MarketSource } from '../../server/market/source.ts';
import { settleDue, startSettlement } from '../../server/orders/settle.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { billSum, instantWithMove, moveClockTo, mustPlace, playsBySeconds, trader, type Trader } from './order-fixtures.ts';

interface Ctx {
  s: TestServer;
  play60: Play;
}

const test = suite<Ctx>('settlement', {} as Ctx);
test.before(async (c) => {
  c.s = await startTestServer();
  c.play60 = (await playsBySeconds(c.s)).get(60)!;
});
test.after(async ({ s }) => {
  await s.close();
});

const quiet = { error: () => {} };

const orderOf = async (s: TestServer, t: Trader, orderNo: string): Promise<ContractOrder> => {
  const res = await s.call<Page<ContractOrder>>('GET', '/h5/order/myOrderList', { token: t.token, query: { pageSize: '50' } });
  return res.data.rows.find((r) => r.orderNo === orderNo)!;
};

const billsOf = (s: TestServer, orderNo: string) =>
  s.ctx.db.select({ bizType: walletBills.bizType, amount: walletBills.amount }).from(walletBills).where(eq(walletBills.ref, orderNo));

const setOnlyPriceDifference = (s: TestServer, value: '0' | '1') =>
  s.ctx.db.update(config).set({ value }).where(eq(config.key, 'onlyPriceDifference'));

/** Places an order at the next instant whose price moves as asked over 60 s, then lets it expire. */
async function expiredOrder(
  { s, play60 }: Ctx,
  t: Trader,
  o: { symbol: string; direction: 'up' | 'down'; amount: string; move: -1 | 0 | 1 },
): Promise<ContractOrder> {
  moveClockTo(s, instantWithMove(s, o.symbol, 60, o.move));
  const order = await mustPlace(s, t.token, { symbol: o.symbol, playId: String(play60.id), direction: o.direction, amount: o.amount });
  s.clock.advance(60_000);
  return order;
}

test('a win pays amount × (1 + rate/100) at the expiry price, as exact decimals', async (c) => {
  const { s } = c;
  const t = await trader(c.s, '1000');
  const placed = await expiredOrder(c, t, { symbol: 'btc', direction: 'up', amount: '12.345', move: 1 });
  assert.is(placed.estimatedIncome, '1.2345');
  assert.is(await settleDue(s.ctx, quiet), 1);
  const order = await orderOf(s, t, placed.orderNo);
  assert.is(order.closePrice, marketOf(s.ctx).priceAt('btc', placed.expiresAt), 'closed at the price of the expiry instant');
  assert.equal([order.status, order.result, order.payout, order.profit], ['settled', 'win', '13.5795', '1.2345']);
  assert.is(order.settledAt, s.clock.now());
  assert.equal(await billsOf(s, placed.orderNo), [
    { bizType: 'order', amount: '-12.34500000' },
    { bizType: 'order_win', amount: '13.57950000' },
  ]);
  const wallet = await getWallet(s.ctx.db, t.userId);
  assert.is(wallet.balance, '1001.23450000');
  assert.is(await billSum(s.ctx.db, t.userId), wallet.balance, 'bills sum to the balance');
});

test('income is rounded down to the wallet’s 8 decimals', async (c) => {
  const t = await trader(c.s, '100');
  const placed = await expiredOrder(c, t, { symbol: 'eth', direction: 'down', amount: '10.00000001', move: -1 });
  assert.is(placed.estimatedIncome, '1', '10.00000001 × 10 % = 1.000000001, rounded down');
  await settleDue(c.s.ctx, quiet);
  const order = await orderOf(c.s, t, placed.orderNo);
  assert.equal([order.result, order.payout, order.profit], ['win', '11.00000001', '1']);
});

test('a loss pays nothing and writes no second bill', async (c) => {
  const t = await trader(c.s, '100');
  const placed = await expiredOrder(c, t, { symbol: 'btc', direction: 'down', amount: '12.345', move: 1 });
  await settleDue(c.s.ctx, quiet);
  const order = await orderOf(c.s, t, placed.orderNo);
  assert.equal([order.result, order.payout, order.profit], ['loss', '0', '-12.345']);
  assert.equal(await billsOf(c.s, placed.orderNo), [{ bizType: 'order', amount: '-12.34500000' }]);
  assert.is((await getWallet(c.s.ctx.db, t.userId)).balance, '87.65500000');
});

test('an unchanged price refunds the amount when onlyPriceDifference is 1 (the default)', async (c) => {
  const t = await trader(c.s, '100');
  const placed = await expiredOrder(c, t, { symbol: 'trx', direction: 'up', amount: '20', move: 0 });
  await settleDue(c.s.ctx, quiet);
  const order = await orderOf(c.s, t, placed.orderNo);
  assert.is(order.closePrice, order.openPrice);
  assert.equal([order.result, order.payout, order.profit], ['tie', '20', '0']);
  assert.equal((await billsOf(c.s, placed.orderNo)).map((b) => b.bizType), ['order', 'order_refund']);
  assert.is((await getWallet(c.s.ctx.db, t.userId)).balance, '100.00000000');
});

test('an unchanged price is a loss when onlyPriceDifference is 0', async (c) => {
  const t = await trader(c.s, '100');
  await setOnlyPriceDifference(c.s, '0');
  try {
    const placed = await expiredOrder(c, t, { symbol: 'trx', direction: 'down', amount: '20', move: 0 });
    await settleDue(c.s.ctx, quiet);
    const order = await orderOf(c.s, t, placed.orderNo);
    assert.equal([order.result, order.payout, order.profit], ['loss', '0', '-20']);
    assert.is((await getWallet(c.s.ctx.db, t.userId)).balance, '80.00000000');
  } finally {
    await setOnlyPriceDifference(c.s, '1');
  }
});

test('orders that expired while no job ran settle at their expiry price on the first pass', async (c) => {
  const { s } = c;
  const t = await trader(s, '100');
  const placed = await expiredOrder(c, t, { symbol: 'sol', direction: 'up', amount: '10', move: 1 });
  s.clock.advance(3 * 3600_000);
  const market = marketOf(s.ctx);
  assert.is.not(market.priceAt('sol', s.clock.now()), market.priceAt('sol', placed.expiresAt), 'the price has moved on since');
  const job = startSettlement(s.ctx, { log: quiet, intervalMs: 60_000 });
  await job.stop();
  const order = await orderOf(s, t, placed.orderNo);
  assert.is(order.status, 'settled', 'the first pass runs at start; stop waits for it');
  assert.is(order.closePrice, market.priceAt('sol', placed.expiresAt));
  assert.is(order.result, 'win');
});

test('an order not yet expired is left alone', async (c) => {
  const t = await trader(c.s, '100');
  const placed = await mustPlace(c.s, t.token, { symbol: 'btc', playId: String(c.play60.id), direction: 'up', amount: '10' });
  c.s.clock.advance(59_000);
  assert.is(await settleDue(c.s.ctx, quiet), 0);
  assert.is((await orderOf(c.s, t, placed.orderNo)).status, 'open');
  c.s.clock.advance(1000);
  assert.is(await settleDue(c.s.ctx, quiet), 1, 'settled at its expiry instant');
});

test('the owner gets a balance push after settlement, nobody else', async (c) => {
  const { s } = c;
  const owner = await trader(s, '100');
  const bystander = await trader(s, '100');
  await expiredOrder(c, owner, { symbol: 'btc', direction: 'up', amount: '10', move: -1 });
  const seen: PushEvent[] = [];
  const stop = s.ctx.bus!.subscribe((evt) => seen.push(evt));
  try {
    await settleDue(s.ctx, quiet);
  } finally {
    stop();
  }
  assert.equal(seen, [{ userId: owner.userId, code: 'balance' }], 'one balance push, to the owner, even on a loss');
  assert.ok(!seen.some((e) => e.userId === bystander.userId));
});

test('an order without a price stays open while the others settle, and settles later', async (c) => {
  const { s } = c;
  const t = await trader(s, '100');
  moveClockTo(s, instantWithMove(s, 'btc', 60, 1));
  const btc = await mustPlace(s, t.token, { symbol: 'btc', playId: String(c.play60.id), direction: 'up', amount: '10' });
  const eth = await mustPlace(s, t.token, { symbol: 'eth', playId: String(c.play60.id), direction: 'up', amount: '10' });
  s.clock.advance(60_000);
  const market = marketOf(s.ctx);
  const errors: object[] = [];
  s.ctx.market = Object.assign(Object.create(market) as MarketSource, {
    priceAt: (symbol: string, at: number) => {
      if (symbol === 'eth') throw new Error('eth feed down');
      return market.priceAt(symbol, at);
    },
  });
  try {
    assert.is(await settleDue(s.ctx, { error: (obj) => errors.push(obj) }), 1);
  } finally {
    s.ctx.market = market;
  }
  assert.is((await orderOf(s, t, btc.orderNo)).status, 'settled');
  assert.is((await orderOf(s, t, eth.orderNo)).status, 'open');
  assert.is(errors.length, 1, 'the missing price is logged');
  assert.is(await settleDue(s.ctx, quiet), 1);
  assert.is((await orderOf(s, t, eth.orderNo)).closePrice, market.priceAt('eth', eth.expiresAt), 'later, still at the expiry price');
});

test('two settlers on one database settle each order exactly once', async (c) => {
  const { s } = c;
  const traders = [await trader(s, '1000'), await trader(s, '1000'), await trader(s, '1000')];
  const placed: string[] = [];
  for (let i = 0; i < 30; i++) {
    const t = traders[i % 3]!;
    const symbol = ['btc', 'eth', 'trx'][i % 3]!;
    const order = await mustPlace(s, t.token, { symbol, playId: String(c.play60.id), direction: i % 2 ? 'up' : 'down', amount: '10' });
    placed.push(order.orderNo);
    s.clock.advance(700);
  }
  s.clock.advance(60_000);
  // On PostgreSQL the second settler has its own connection pool, as a second server process would.
  const url = process.env.DATABASE_URL;
  const second = url ? await openDatabase({ databaseUrl: url }) : s.ctx.database;
  const other: ServerContext = { ...s.ctx, db: second.db, database: second, bus: createMemoryBus() };
  try {
    const counts = await Promise.all([settleDue(s.ctx, quiet), settleDue(other, quiet), settleDue(s.ctx, quiet), settleDue(other, quiet)]);
    assert.is(counts.reduce((a, b) => a + b, 0), 30, 'together they settled each order once');
    assert.is(await settleDue(other, quiet), 0, 'nothing left for a later pass');
  } finally {
    if (second !== s.ctx.database) await second.close();
  }
  const rows = await s.ctx.db.select().from(contractOrders).where(inArray(contractOrders.orderNo, placed));
  assert.ok(rows.every((r) => r.status === 'settled'), 'every order settled');
  const payouts = await s.ctx.db
    .select({ ref: walletBills.ref })
    .from(walletBills)
    .where(and(inArray(walletBills.ref, placed), inArray(walletBills.bizType, ['order_win', 'order_refund'])));
  const refs = payouts.map((p) => p.ref);
  assert.is(new Set(refs).size, refs.length, 'no order paid twice');
  assert.is(refs.length, rows.filter((r) => r.result !== 'loss').length, 'every win and tie paid once');
  for (const t of traders) {
    assert.is(await billSum(s.ctx.db, t.userId), (await getWallet(s.ctx.db, t.userId)).balance, 'bills sum to the balance');
  }
});

// PGlite is one session, where an advisory lock is re-entrant, so this one needs PostgreSQL.
if (process.env.DATABASE_URL) {
  test('a pass while another process holds the settlement lock leaves the orders to it', async (c) => {
    const { s } = c;
    const t = await trader(s, '100');
    const placed = await expiredOrder(c, t, { symbol: 'btc', direction: 'up', amount: '10', move: 1 });
    const holder = await s.ctx.database.pool!.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(727003)');
      assert.is(await settleDue(s.ctx, quiet), 0, 'the pass gives way at once');
      assert.is((await orderOf(s, t, placed.orderNo)).status, 'open');
      await holder.query('commit');
    } finally {
      holder.release();
    }
    assert.is(await settleDue(s.ctx, quiet), 1);
  });
}

test.run();
