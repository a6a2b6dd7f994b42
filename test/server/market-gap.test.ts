/**
 * A stop longer than the fetcher's fill window (an hour of second prices) leaves seconds nobody
 * fetched. An order that expired in one has no honest price: it is refunded in full, exactly once,
 * with its reason on the order and in the message, never settled at the last price before the stop.
 * Orders expiring just before and just after the skipped seconds settle as usual.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as assert from 'uvu/assert';
import type { ContractOrder, Page, UserMessageList } from '../../src/shared/contract.ts';
import { contractOrders, marketCandles, marketFeed, marketGaps, marketSeconds, walletBills } from '../../server/db/schema/index.ts';
import { precisionOf, type FeedConfig } from '../../server/market/config.ts';
import { marketOf } from '../../server/market/context.ts';
import { binance } from '../../server/market/feeds/binance.ts';
import { Fetcher } from '../../server/market/fetcher.ts';
import { StoredMarket } from '../../server/market/stored.ts';
import { settleDue } from '../../server/orders/settle.ts';
import { suite } from '../suite.ts';
import { startFakeExchange, type FakeExchange } from './fake-exchange.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { billSum, mustPlace, playsBySeconds, trader } from './order-fixtures.ts';

const SYMBOLS = ['btc', 'eth'] as const;
const quiet = { error: () => {} };
const test = suite('orders expiring in seconds the feed skipped');

let s: TestServer;
let ex: FakeExchange;
let market: StoredMarket;
let t0 = 0;

/** BTC trades every second at 65,000.00 plus one cent per second since t0: a price names its second. */
const priceOf = (second: number) => ((6_500_000 + second - t0) / 100).toFixed(2);
const trade = (from: number, to: number) => {
  for (let at = from; at <= to; at++) {
    ex.trade('BTCUSDT', at, priceOf(at));
    ex.trade('ETHUSDT', at, '3400.00');
  }
};
const second = () => Math.floor(s.clock.now() / 1000);
const fetcher = () =>
  new Fetcher({
    db: s.ctx.db,
    exchange: binance({ symbols: SYMBOLS, baseUrl: ex.url, now: () => s.clock.now() }),
    symbols: SYMBOLS,
    precision: precisionOf,
    now: () => s.clock.now(),
  });
/** A process taking the lead: it loads what is stored, fills candles and runs a pass. */
const lead = async () => {
  const f = fetcher();
  await f.load();
  await f.backfill();
  await f.cycle();
  await market.refresh();
  return f;
};
/** Moves the clock to the start of `at` (epoch s), with the exchange trading every second meanwhile. */
const runTo = (at: number) => {
  trade(second() + 1, at);
  s.clock.advance(at * 1000 - s.clock.now());
};

test.before(async () => {
  ex = await startFakeExchange();
  const config: FeedConfig = { feed: 'binance', url: ex.url, symbols: SYMBOLS, staleMs: 10_000, waitMaxMs: 600_000, spike: 0.1 };
  s = await startTestServer({}, { prepare: (ctx) => void (ctx.feedConfig = config) });
  market = marketOf(s.ctx) as StoredMarket;
  assert.instance(market, StoredMarket);
  for (const table of [marketFeed, marketCandles, marketSeconds, marketGaps]) await s.ctx.db.delete(table);
  s.clock.advance(1000 - (s.clock.now() % 1000));
  t0 = second();
  trade(t0 - 120, t0);
});
test.after(async () => {
  await s.close();
  await ex.close();
});

test('an order expiring in skipped seconds is refunded once; the ones just before and after settle', async () => {
  await lead();
  const plays = await playsBySeconds(s);
  const minute = String(plays.get(60)!.id);
  const hour = String(plays.get(3600)!.id);
  const u = await trader(s, '100000');
  const place = (playId: string, amount: string) => mustPlace(s, u.token, { symbol: 'btc', playId, direction: 'up', amount });

  // t0: the order expiring on the last skipped second; t0+1: the one just after, and the one just before.
  const lastSkipped = await place(hour, '500');
  runTo(t0 + 1);
  await lead();
  const after = await place(hour, '600');
  const before = await place(minute, '100');
  runTo(t0 + 2);
  const firstSkipped = await place(minute, '200');
  const e = (o: ContractOrder) => Math.floor(o.expiresAt / 1000);
  assert.equal([e(before), e(firstSkipped), e(lastSkipped), e(after)], [t0 + 61, t0 + 62, t0 + 3600, t0 + 3601]);

  // The last pass before the stop stores every second up to the "before" order's expiry.
  runTo(t0 + 62);
  await lead();
  assert.is(await market.settlementPrice('btc', (t0 + 61) * 1000), priceOf(t0 + 61));
  assert.is(await settleDue(s.ctx, quiet), 1, 'the order before the stop settles');

  // Stopped for two hours while the market traded on; a restart fills only the last hour.
  runTo(t0 + 3601 + 3600);
  const restarted = fetcher();
  await restarted.load();
  await restarted.backfill();
  ex.fail(1, 500);
  assert.ok(await restarted.cycle().then(() => false, () => true), 'the first pass after the restart fails');
  await restarted.cycle();
  // Another process takes the lead: what was skipped is stored, not held in one process's memory.
  await lead();

  assert.is(await market.settlementPrice('btc', (t0 + 62) * 1000), 'skipped', 'the first skipped second has no price');
  assert.is(await market.settlementPrice('btc', (t0 + 3600) * 1000), 'skipped', 'nor the last');
  assert.is(await market.settlementPrice('btc', (t0 + 3601) * 1000), priceOf(t0 + 3601), 'the first fetched second has its own');

  // Two passes at once (two processes) and a retry: each order is handled exactly once.
  const counts = await Promise.all([settleDue(s.ctx, quiet), settleDue(s.ctx, quiet)]);
  assert.is(counts[0] + counts[1], 3);
  assert.is(await settleDue(s.ctx, quiet), 0, 'a retry finds nothing to do');

  const rows = await s.ctx.db
    .select({ orderNo: contractOrders.orderNo, status: contractOrders.status, closePrice: contractOrders.closePrice, refundReason: contractOrders.refundReason })
    .from(contractOrders)
    .where(eq(contractOrders.userId, u.userId));
  const by = new Map(rows.map((r) => [r.orderNo, r]));
  assert.equal(by.get(before.orderNo), { orderNo: before.orderNo, status: 'settled', closePrice: priceOf(t0 + 61), refundReason: null });
  assert.equal(by.get(after.orderNo), { orderNo: after.orderNo, status: 'settled', closePrice: priceOf(t0 + 3601), refundReason: null });
  for (const o of [firstSkipped, lastSkipped]) {
    assert.equal(by.get(o.orderNo), { orderNo: o.orderNo, status: 'refunded', closePrice: null, refundReason: 'feed_gap' }, `${o.orderNo} refunded`);
  }

  const refunds = await s.ctx.db
    .select({ ref: walletBills.ref, n: sql<number>`count(*)::int`, sum: sql<string>`sum(${walletBills.amount})::numeric(20,8)::text` })
    .from(walletBills)
    .where(and(eq(walletBills.userId, u.userId), eq(walletBills.bizType, 'order_refund'), inArray(walletBills.ref, [firstSkipped.orderNo, lastSkipped.orderNo])))
    .groupBy(walletBills.ref);
  assert.equal(
    new Map(refunds.map((r) => [r.ref, [r.n, r.sum]])),
    new Map([
      [firstSkipped.orderNo, [1, '200.00000000']],
      [lastSkipped.orderNo, [1, '500.00000000']],
    ]),
    'one refund bill each, for the whole amount',
  );
  // Both settled orders rose (up): each paid its amount plus 10 % (a minute) or 30 % (an hour).
  assert.is(await billSum(s.ctx.db, u.userId), (100000 + 10 + 180).toFixed(8), 'balance: the two wins, the two refunds');
  const info = await s.call<{ balance: string }>('POST', '/h5/user/getUserInfo', { token: u.token });
  assert.is(Number(info.data.balance), 100000 + 10 + 180, 'the balance the user sees is the sum of the bills');

  const list = await s.call<Page<ContractOrder>>('GET', '/h5/order/myOrderList?tab=all&pageNum=1&pageSize=10', { token: u.token });
  const shown = new Map(list.data.rows.map((o) => [o.orderNo, [o.status, o.refundReason]]));
  assert.equal(shown.get(firstSkipped.orderNo), ['refunded', 'feed_gap'], 'the app is told why');
  assert.equal(shown.get(before.orderNo), ['settled', null]);
  const inbox = await s.call<UserMessageList>('GET', '/h5/message/userMessage?pageNum=1&pageSize=10', { token: u.token });
  const told = inbox.data.rows.filter((m) => m.key === 'orderRefund').map((m) => [m.params!.orderNo, m.params!.cause]);
  assert.equal(told.sort(), [[firstSkipped.orderNo, 'feed_gap'], [lastSkipped.orderNo, 'feed_gap']].sort(), 'one message each, saying why');
});

test('a second after the skipped ones with no trade of its own has no price either', async () => {
  // Its last trade might have been in the skipped seconds: the stored one before them is no answer.
  await s.ctx.db.delete(marketSeconds).where(and(eq(marketSeconds.symbol, 'btc'), sql`${marketSeconds.second} between ${t0 + 3601} and ${t0 + 3610}`));
  assert.is(await market.settlementPrice('btc', (t0 + 3605) * 1000), 'skipped');
  assert.is(await market.settlementPrice('btc', (t0 + 3611) * 1000), priceOf(t0 + 3611), 'a second with a trade after the skipped ones has its own');
});

test('a skipped range goes with the last stored second before it, and its seconds stay without a price', async () => {
  assert.ok((await s.ctx.db.select().from(marketGaps)).length > 0, 'the range is stored while a second before it is');
  runTo(second() + 120);
  await lead();
  assert.equal(await s.ctx.db.select().from(marketGaps), [], 'pruned with the seconds before it');
  assert.is(await market.settlementPrice('btc', (t0 + 62) * 1000), null, 'no stored price at or before it: nothing to settle on');
  assert.is(await market.settlementPrice('btc', (t0 + 3600) * 1000), null);
});

test.run();
