import { and, eq } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { ContractOrder, Page, Play } from '../../src/shared/contract.ts';
import { contractOrders, plays, users, walletBills } from '../../server/db/schema/index.ts';
import { changeBalance, getWallet } from '../../server/ledger/index.ts';
import { marketOf } from '../../server/market/context.ts';
import type { MarketSource } from '../../server/market/source.ts';
import { settleDue } from '../../server/orders/settle.ts';
import { startTestServer, type TestServer } from './harness.ts';
import {
  billSum,
  instantWithMove,
  moveClockTo,
  mustPlace,
  placeOrder,
  playsBySeconds,
  trader,
} from './order-fixtures.ts';

interface Ctx {
  s: TestServer;
  play60: Play;
  play300: Play;
}

let shared: Promise<Ctx> | undefined;
const boot = () =>
  (shared ??= (async () => {
    const s = await startTestServer();
    const byS = await playsBySeconds(s);
    return { s, play60: byS.get(60)!, play300: byS.get(300)! };
  })());

const quiet = { error: () => {} };

const save = suite<Ctx>('saveContactOrder', {} as Ctx);
save.before(async (c) => {
  Object.assign(c, await boot());
});

save('an order debits the amount and records the open price, expiry and rate of the play', async ({ s, play60 }) => {
  const { token, userId } = await trader(s, '1000');
  const now = s.clock.now();
  const res = await s.app.inject({
    method: 'POST',
    url: `/prod-api/h5/order/saveContactOrder?symbol=BTC&playId=${play60.id}&direction=up&amount=100.5`,
    headers: { authorization: token, 'content-type': 'application/json' },
    payload: '',
  });
  const body = res.json() as { code: number; msg: string; data: ContractOrder };
  assert.is(body.code, 200, body.msg);
  assert.is(body.msg, 'Investment success');
  const order = body.data;
  assert.match(order.orderNo, /^[1-9]\d{17}$/, 'an 18-digit random order number');
  assert.equal(
    { ...order, orderNo: '' },
    {
      orderNo: '',
      symbol: 'btc',
      name: 'BTC/USDT',
      direction: 'up',
      amount: '100.5',
      rate: '10',
      seconds: 60,
      estimatedIncome: '10.05',
      openPrice: marketOf(s.ctx).priceAt('btc', now),
      closePrice: null,
      status: 'open',
      refundReason: null,
      result: null,
      payout: null,
      profit: null,
      time: now,
      expiresAt: now + 60_000,
      settledAt: null,
    },
  );
  assert.is((await getWallet(s.ctx.db, userId)).balance, '899.50000000', 'the amount left the balance');
  const bills = await s.ctx.db.select().from(walletBills).where(and(eq(walletBills.userId, userId), eq(walletBills.bizType, 'order')));
  assert.equal(bills.map((b) => [b.amount, b.ref]), [['-100.50000000', order.orderNo]], 'one order bill naming the order');
});

save('order numbers are random, not a sequence', async ({ s, play60 }) => {
  const { token } = await trader(s);
  const numbers: string[] = [];
  for (let i = 0; i < 5; i++) numbers.push((await mustPlace(s, token, { symbol: 'eth', playId: String(play60.id), direction: 'down', amount: '10' })).orderNo);
  assert.is(new Set(numbers).size, 5);
  const steps = numbers.slice(1).map((n, i) => BigInt(n) - BigInt(numbers[i]!));
  assert.ok(steps.some((d) => d < 0n || d > 1000n), 'consecutive orders are far apart');
});

save('bad input is refused with its key and message, and nothing is charged', async ({ s, play60 }) => {
  const { token, userId } = await trader(s, '1000');
  const good = { symbol: 'btc', playId: String(play60.id), direction: 'up', amount: '10' };
  const [disabled] = await s.ctx.db.insert(plays).values({ seconds: 7, rate: '5', minAmount: '1', maxAmount: '10', enabled: false }).returning();
  const amountMsg = 'amount must be a positive amount with at most 8 decimals';
  const cases: Array<[string, Record<string, string>, number, string, string, Record<string, string>?]> = [
    ['unknown play', { ...good, playId: '99999' }, 400, 'order.play', 'This expiry time is not available'],
    ['disabled play', { ...good, playId: String(disabled!.id) }, 400, 'order.play', 'This expiry time is not available'],
    ['unknown symbol', { ...good, symbol: 'nope' }, 400, 'order.symbol', 'This quote cannot be traded now'],
    ['below the minimum', { ...good, amount: '9.99' }, 400, 'order.amountMin', 'The minimum amount for this expiry is 10', { min: '10' }],
    ['above the maximum', { ...good, amount: '5000.01' }, 400, 'order.amountMax', 'The maximum amount for this expiry is 5000', { max: '5000' }],
    ['exponent', { ...good, amount: '1e3' }, 400, 'field.invalid', amountMsg, { field: 'amount' }],
    ['negative', { ...good, amount: '-5' }, 400, 'field.invalid', amountMsg, { field: 'amount' }],
    ['leading zero', { ...good, amount: '01' }, 400, 'field.invalid', amountMsg, { field: 'amount' }],
    ['letters', { ...good, amount: 'abc' }, 400, 'field.invalid', amountMsg, { field: 'amount' }],
    ['zero', { ...good, amount: '0' }, 400, 'field.invalid', amountMsg, { field: 'amount' }],
    ['nine decimals', { ...good, amount: '10.123456789' }, 400, 'field.invalid', amountMsg, { field: 'amount' }],
    ['two points', { ...good, amount: '10.5.1' }, 400, 'field.invalid', amountMsg, { field: 'amount' }],
    ['missing direction', { symbol: 'btc', playId: String(play60.id), amount: '10' }, 400, 'field.required', 'direction cannot be empty', { field: 'direction' }],
    ['bad direction', { ...good, direction: 'sideways' }, 400, 'field.invalid', 'direction must be up or down', { field: 'direction' }],
    ['missing amount', { symbol: 'btc', playId: String(play60.id), direction: 'up' }, 400, 'field.required', 'amount cannot be empty', { field: 'amount' }],
    ['play not a number', { ...good, playId: 'x' }, 400, 'field.invalid', 'playId must be a play id', { field: 'playId' }],
    ['more than the balance', { ...good, amount: '1000.01' }, 409, 'balance.insufficient', 'Insufficient balance'],
  ];
  for (const [what, query, code, key, msg, params] of cases) {
    const res = await placeOrder(s, token, query);
    assert.equal([res.code, res.key, res.msg], [code, key, msg], what);
    if (params) assert.equal(res.params, params, `${what}: params`);
    assert.is(res.data, null, `${what}: no data`);
  }
  const noToken = await placeOrder(s, undefined, good);
  assert.equal([noToken.code, noToken.key, noToken.msg], [401, 'auth.expired', 'Login status expired, please log in again'], 'no token');
  assert.is((await getWallet(s.ctx.db, userId)).balance, '1000.00000000', 'nothing was charged');
  assert.equal(await s.ctx.db.select().from(contractOrders).where(eq(contractOrders.userId, userId)), [], 'no order was written');
});

save('the amount limits are inclusive', async ({ s, play60 }) => {
  const { token } = await trader(s, '6000');
  await mustPlace(s, token, { symbol: 'btc', playId: String(play60.id), direction: 'up', amount: '10' });
  await mustPlace(s, token, { symbol: 'btc', playId: String(play60.id), direction: 'up', amount: '5000' });
});

save('an order is refused, uncharged, when the market has no price at the moment', async ({ s, play60 }) => {
  const { token, userId } = await trader(s, '100');
  const market = marketOf(s.ctx);
  s.ctx.market = Object.assign(Object.create(market) as MarketSource, {
    priceAt: () => {
      throw new Error('feed down');
    },
  });
  try {
    const res = await placeOrder(s, token, { symbol: 'btc', playId: String(play60.id), direction: 'up', amount: '10' });
    assert.equal([res.code, res.key, res.msg], [409, 'order.price', 'No price for this quote at the moment, try again']);
  } finally {
    s.ctx.market = market;
  }
  assert.is((await getWallet(s.ctx.db, userId)).balance, '100.00000000');
});

save('50 parallel orders of 10 on a balance of 100: exactly 10 succeed, never negative', async ({ s, play60 }) => {
  const { token, userId } = await trader(s, '100');
  const results = await Promise.all(
    Array.from({ length: 50 }, () => placeOrder(s, token, { symbol: 'btc', playId: String(play60.id), direction: 'up', amount: '10' })),
  );
  const placed = results.filter((r) => r.code === 200);
  assert.is(placed.length, 10, 'exactly ten orders fit into 100');
  for (const r of results.filter((x) => x.code !== 200)) assert.equal([r.code, r.key], [409, 'balance.insufficient']);
  const wallet = await getWallet(s.ctx.db, userId);
  assert.is(wallet.balance, '0.00000000');
  assert.is(await billSum(s.ctx.db, userId), wallet.balance, 'bills sum to the balance');
  const rows = await s.ctx.db.select().from(contractOrders).where(eq(contractOrders.userId, userId));
  assert.is(rows.length, 10, 'one order row per debit');
});

const placeWithKey = (s: TestServer, token: string, query: Record<string, string>, key: string) =>
  s.call<ContractOrder>('POST', '/h5/order/saveContactOrder', { token, query, headers: { 'idempotency-key': key } });

save('a retried order with the same Idempotency-Key places one order, debits once and answers the first order', async ({ s, play60 }) => {
  const { token, userId } = await trader(s, '1000');
  const query = { symbol: 'btc', playId: String(play60.id), direction: 'up', amount: '100' };
  const first = await placeWithKey(s, token, query, 'order-retry-1');
  assert.is(first.code, 200, first.msg);
  s.clock.advance(5_000);
  const retry = await placeWithKey(s, token, query, 'order-retry-1');
  assert.equal(retry, first, 'the retry after a lost answer gets the first order back');
  const rows = await s.ctx.db.select().from(contractOrders).where(eq(contractOrders.userId, userId));
  assert.equal(rows.map((r) => r.orderNo), [first.data.orderNo], 'one order saved');
  const wallet = await getWallet(s.ctx.db, userId);
  assert.is(wallet.balance, '900.00000000', 'debited once');
  assert.is(await billSum(s.ctx.db, userId), wallet.balance, 'one bill');

  const changed = await placeWithKey(s, token, { ...query, direction: 'down' }, 'order-retry-1');
  assert.equal([changed.code, changed.key], [409, 'idempotency.mismatch'], 'another order with the same key is a client bug');
  assert.is((await getWallet(s.ctx.db, userId)).balance, '900.00000000', 'the refused request charged nothing');

  const next = await placeWithKey(s, token, query, 'order-retry-2');
  assert.is(next.code, 200, 'a new key places a new order');
  assert.is.not(next.data.orderNo, first.data.orderNo);
  assert.is((await getWallet(s.ctx.db, userId)).balance, '800.00000000');
});

save('concurrent retries with one Idempotency-Key place one order and all answer it', async ({ s, play60 }) => {
  const { token, userId } = await trader(s, '1000');
  const query = { symbol: 'eth', playId: String(play60.id), direction: 'down', amount: '50' };
  const answers = await Promise.all(Array.from({ length: 5 }, () => placeWithKey(s, token, query, 'order-burst')));
  assert.is(answers[0]!.code, 200, answers[0]!.msg);
  for (const a of answers) assert.equal(a, answers[0], 'every attempt answers the one order');
  const rows = await s.ctx.db.select().from(contractOrders).where(eq(contractOrders.userId, userId));
  assert.is(rows.length, 1, 'one order saved');
  assert.is((await getWallet(s.ctx.db, userId)).balance, '950.00000000', 'debited once');
});

save('a failed order stores nothing under its key: the retry runs again; a malformed key is refused', async ({ s, play60 }) => {
  const { token, userId } = await trader(s, '10');
  const query = { symbol: 'btc', playId: String(play60.id), direction: 'up', amount: '100' };
  const poor = await placeWithKey(s, token, query, 'order-after-deposit');
  assert.equal([poor.code, poor.key], [409, 'balance.insufficient']);
  await s.ctx.db.transaction((tx) => changeBalance(tx, { userId, amount: '990', bizType: 'recharge' }));
  const funded = await placeWithKey(s, token, query, 'order-after-deposit');
  assert.is(funded.code, 200, 'the same key works once the balance suffices');
  assert.is((await getWallet(s.ctx.db, userId)).balance, '900.00000000');
  const bad = await placeWithKey(s, token, query, 'has space');
  assert.equal([bad.code, bad.key], [400, 'idempotency.key']);
  assert.is((await getWallet(s.ctx.db, userId)).balance, '900.00000000', 'a malformed key places nothing');
});

save('without an Idempotency-Key every submit is a new order, as before', async ({ s, play60 }) => {
  const { token, userId } = await trader(s, '1000');
  const query = { symbol: 'btc', playId: String(play60.id), direction: 'up', amount: '100' };
  const a = await mustPlace(s, token, query);
  const b = await mustPlace(s, token, query);
  assert.is.not(a.orderNo, b.orderNo);
  assert.is((await getWallet(s.ctx.db, userId)).balance, '800.00000000');
});

save('a user under the operator\'s mask is refused, and nothing is charged', async ({ s, play60 }) => {
  const { token, userId } = await trader(s, '1000');
  await s.ctx.db.update(users).set({ isOrder: false }).where(eq(users.id, userId));
  const res = await placeOrder(s, token, { symbol: 'btc', playId: String(play60.id), direction: 'up', amount: '100' });
  assert.is(res.code, 403);
  assert.is(res.key, 'order.masked');
  assert.is(res.msg, 'Your account is under review. Please contact customer service.');
  assert.is((await getWallet(s.ctx.db, userId)).balance, '1000.00000000', 'balance untouched');
  await s.ctx.db.update(users).set({ isOrder: true }).where(eq(users.id, userId));
  assert.is((await placeOrder(s, token, { symbol: 'btc', playId: String(play60.id), direction: 'up', amount: '100' })).code, 200, 'unmasked: orders again');
});

const list = suite<Ctx>('myOrderList', {} as Ctx);
list.before(async (c) => {
  Object.assign(c, await boot());
});

const orders = (s: TestServer, token: string | undefined, query: Record<string, string> = {}) =>
  s.call<Page<ContractOrder>>('GET', '/h5/order/myOrderList', { token, query });

list('each user sees only their own orders', async ({ s, play60 }) => {
  const a = await trader(s);
  const b = await trader(s);
  const mine = await mustPlace(s, a.token, { symbol: 'btc', playId: String(play60.id), direction: 'up', amount: '10' });
  const theirs = await mustPlace(s, b.token, { symbol: 'eth', playId: String(play60.id), direction: 'down', amount: '20' });
  const forA = await orders(s, a.token);
  const forB = await orders(s, b.token);
  assert.equal(forA.data, { rows: [mine], total: 1 });
  assert.equal(forB.data, { rows: [theirs], total: 1 });
  const anon = await orders(s, undefined);
  assert.equal([anon.code, anon.key], [401, 'auth.expired']);
});

list('tabs: pending, closing, held, closed, completed and all', async ({ s, play60, play300 }) => {
  const { token } = await trader(s);
  const play = (p: Play) => String(p.id);
  moveClockTo(s, instantWithMove(s, 'btc', 60, 1));
  const win = await mustPlace(s, token, { symbol: 'btc', playId: play(play60), direction: 'up', amount: '10' });
  const loss = await mustPlace(s, token, { symbol: 'btc', playId: play(play60), direction: 'down', amount: '10' });
  s.clock.advance(60_000);
  await settleDue(s.ctx, quiet);
  s.clock.advance(1000);
  const closing = await mustPlace(s, token, { symbol: 'eth', playId: play(play60), direction: 'up', amount: '10' });
  s.clock.advance(1000);
  const pending = await mustPlace(s, token, { symbol: 'eth', playId: play(play300), direction: 'up', amount: '50' });
  s.clock.advance(60_000);

  const tab = async (name: string) => {
    const res = await orders(s, token, { tab: name });
    assert.is(res.code, 200, `${name}: ${res.msg}`);
    return res.data.rows.map((r) => r.orderNo);
  };
  assert.equal(await tab('pending'), [pending.orderNo], 'pending: open, before expiry');
  assert.equal(await tab('closing'), [closing.orderNo], 'closing: open, expiry passed');
  assert.equal(await tab('held'), [pending.orderNo, closing.orderNo], 'held: every open order');
  assert.equal(await tab('closed'), [loss.orderNo, win.orderNo], 'closed: every settled order');
  assert.equal(await tab('completed'), [win.orderNo], 'completed: settled with money back');
  assert.equal(await tab('all'), [pending.orderNo, closing.orderNo, loss.orderNo, win.orderNo], 'all, newest first');
  const settled = (await orders(s, token, { tab: 'closed' })).data.rows;
  assert.equal(settled.map((r) => [r.status, r.result]), [['settled', 'loss'], ['settled', 'win']]);
});

list('pages of a long list, newest first, with the total', async ({ s, play60 }) => {
  const { token } = await trader(s);
  const placed: string[] = [];
  for (let i = 0; i < 23; i++) {
    placed.unshift((await mustPlace(s, token, { symbol: 'sol', playId: String(play60.id), direction: 'up', amount: '10' })).orderNo);
    s.clock.advance(10);
  }
  const page = async (pageNum: number, pageSize?: number) =>
    (await orders(s, token, { pageNum: String(pageNum), ...(pageSize ? { pageSize: String(pageSize) } : {}) })).data;
  const [one, two, three, four] = [await page(1), await page(2), await page(3), await page(4)];
  assert.equal([one.total, two.total, three.total, four.total], [23, 23, 23, 23]);
  assert.equal([...one.rows, ...two.rows, ...three.rows].map((r) => r.orderNo), placed, 'pages of 10 by default, in order, no overlap');
  assert.equal(four.rows, [], 'past the end: no rows');
  assert.is((await page(1, 50)).rows.length, 23);
  assert.equal((await orders(s, token)).data.rows.map((r) => r.orderNo), placed.slice(0, 10), 'defaults: all, page 1, 10 rows');
});

list('bad paging and tab values are refused with a clear message', async ({ s }) => {
  const { token } = await trader(s);
  const cases: Array<[Record<string, string>, string]> = [
    [{ pageSize: '101' }, 'pageSize must be a whole number from 1 to 100'],
    [{ pageSize: '0' }, 'pageSize must be a whole number from 1 to 100'],
    [{ pageNum: '0' }, 'pageNum must be a whole number from 1 to 100000'],
    [{ pageNum: '100001' }, 'pageNum must be a whole number from 1 to 100000'],
    [{ tab: 'open' }, 'tab must be one of pending, closing, closed, held, completed, all'],
  ];
  for (const [query, msg] of cases) {
    const res = await orders(s, token, query);
    assert.equal([res.code, res.key, res.msg], [400, 'field.invalid', msg], JSON.stringify(query));
  }
});

list('the routes are described in the OpenAPI document', async ({ s }) => {
  const doc = (await s.app.inject('/prod-api/openapi.json')).json() as { paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>> };
  const save = doc.paths['/prod-api/h5/order/saveContactOrder']?.post;
  assert.ok(save, 'saveContactOrder is documented');
  assert.equal(save.parameters?.filter((p) => p.in === 'query').map((p) => p.name).sort(), ['amount', 'direction', 'playId', 'symbol']);
  assert.ok(save.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'), 'the Idempotency-Key header is declared');
  assert.ok(doc.paths['/prod-api/h5/order/myOrderList']?.get, 'myOrderList is documented');
});

list.after(async () => {
  await (await boot()).s.close();
});

save.run();
list.run();
