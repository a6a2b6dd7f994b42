/**
 * The simulator goes through the same storage as an exchange feed: once a process starts its
 * feed, the home list, the chart and settlement read what the fetcher stored from the simulator,
 * so the two paths cannot drift apart. No network. The test clock moves the simulated market.
 */
import { and, eq } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { until } from '../until.ts';
import type { Candle, Ticker } from '../../src/shared/contract.ts';
import { contractOrders, marketCandles, marketFeed, marketSeconds } from '../../server/db/schema/index.ts';
import { marketOf } from '../../server/market/context.ts';
import { startMarketFeed, type MarketFeed } from '../../server/market/start.ts';
import { SimulatedMarket } from '../../server/market/simulator.ts';
import { StoredMarket } from '../../server/market/stored.ts';
import { settleDue } from '../../server/orders/settle.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { mustPlace, playsBySeconds, trader } from './order-fixtures.ts';

const test = suite('the simulator through storage');
const quiet = { error: () => {} };
const log = { info: () => {}, warn: () => {} };

let s: TestServer;
let feed: MarketFeed | undefined;
/** The simulator alone, on the same clock and seed: what the stored data must agree with. */
let simulator: SimulatedMarket;

const second = () => Math.floor(s.clock.now() / 1000);

/**
 * Waits for a fetch pass that stored the current second (the loop passes every 50 ms here), then
 * reads it into the process as its once-a-second refresh would: on a loaded machine the pass's own
 * refresh can land after the test's next request.
 */
async function storedUpToNow(): Promise<void> {
  await until('a pass stored the current second', async () => {
    const [row] = await s.ctx.db.select({ t: marketFeed.priceTime }).from(marketFeed).where(eq(marketFeed.symbol, 'btc'));
    return row !== undefined && row.t >= second() * 1000;
  }, { ms: 20_000, every: 20 });
  await (marketOf(s.ctx) as StoredMarket).refresh();
}

test.before(async () => {
  s = await startTestServer();
  for (const table of [marketFeed, marketCandles, marketSeconds]) await s.ctx.db.delete(table);
  simulator = new SimulatedMarket({ seed: process.env.MARKET_SEED ?? 'trade-lite', now: () => s.clock.now() });
  assert.instance(marketOf(s.ctx), SimulatedMarket, 'before the feed starts, the simulator answers directly');
  feed = await startMarketFeed(s.ctx, log, { tickMs: 50 });
});

test.after(async () => {
  await feed?.stop();
  await s.close();
});

test('a running feed serves the simulator from storage: home list and chart equal what is stored', async () => {
  assert.instance(marketOf(s.ctx), StoredMarket, 'the process serves what is stored');
  const [count] = await s.ctx.db.select({ n: marketCandles.openTime }).from(marketCandles).where(and(eq(marketCandles.symbol, 'btc'), eq(marketCandles.period, '1min'))).limit(1);
  assert.ok(count, 'the history was filled before serving');
  const { token } = await s.register();
  const home = (await s.call<Ticker[]>('GET', '/h5/symbol/getHomeTickerList')).data;
  assert.is(home.length, simulator.symbols.length, 'every simulated coin is listed');
  const [btc] = await s.ctx.db.select({ price: marketFeed.price }).from(marketFeed).where(eq(marketFeed.symbol, 'btc'));
  assert.is(home[0]!.price, Number(btc!.price).toFixed(2), 'the home list shows the stored price');
  assert.is(home[0]!.price, simulator.priceAt('btc', home.length && (await newestSecond('btc')) * 1000), 'which is the simulator\'s price of that second');

  const chart = (await s.call<Candle[]>('GET', '/h5/symbol/getHistoryKline?symbol=btc&period=5min&size=500', { token })).data;
  assert.is(chart.length, 500, 'a full chart from storage');
  const stored = await s.ctx.db
    .select({ time: marketCandles.openTime })
    .from(marketCandles)
    .where(and(eq(marketCandles.symbol, 'btc'), eq(marketCandles.period, '5min')));
  const times = new Set(stored.map((r) => r.time));
  assert.ok(chart.every((c) => times.has(c.time)), 'every candle the chart shows is a stored one');
  const prices = (list: Candle[]) => list.slice(1, 100).map(({ time, open, high, low, close }) => ({ time, open, high, low, close }));
  assert.equal(prices(chart), prices(simulator.candles('btc', '5min', 500)), 'closed candles are the simulator\'s');
});

async function newestSecond(symbol: string): Promise<number> {
  const [row] = await s.ctx.db.select({ t: marketFeed.priceTime }).from(marketFeed).where(eq(marketFeed.symbol, symbol));
  return row!.t / 1000;
}

test('an order opens at the stored price and settles at the stored price of its expiry second', async () => {
  const u = await trader(s, '1000');
  const plays = await playsBySeconds(s);
  s.clock.advance(1000);
  await storedUpToNow();
  const placed = await mustPlace(s, u.token, { symbol: 'eth', playId: String(plays.get(60)!.id), direction: 'up', amount: '100' });
  const opened = await s.ctx.db.select({ price: marketSeconds.price }).from(marketSeconds).where(and(eq(marketSeconds.symbol, 'eth'), eq(marketSeconds.second, await newestSecond('eth'))));
  assert.is(placed.openPrice, Number(opened[0]!.price).toFixed(2), 'opened at the newest stored price');
  s.clock.advance(61_000);
  assert.is(await settleDue(s.ctx, quiet), 0, 'before a pass has stored its expiry second, it waits');
  await storedUpToNow();
  await until('it settles', async () => (await settleDue(s.ctx, quiet)) === 1, { ms: 20_000, every: 20 });
  const expiry = Math.floor(placed.expiresAt / 1000);
  const [atExpiry] = await s.ctx.db.select({ price: marketSeconds.price }).from(marketSeconds).where(and(eq(marketSeconds.symbol, 'eth'), eq(marketSeconds.second, expiry)));
  const [row] = await s.ctx.db.select().from(contractOrders).where(eq(contractOrders.orderNo, placed.orderNo));
  assert.is(row!.status, 'settled');
  assert.is(row!.closePrice, atExpiry!.price, 'the stored price of the expiry second');
  assert.is(Number(row!.closePrice).toFixed(2), simulator.priceAt('eth', expiry * 1000), 'the simulator\'s price of that second');
});

test('a jump of the clock is caught up in one pass, so prices are never left stale', async () => {
  s.clock.advance(20 * 60_000);
  await storedUpToNow();
  const home = (await s.call<Ticker[]>('GET', '/h5/symbol/getHomeTickerList')).data;
  assert.ok(home.every((t) => t.age === undefined), 'no symbol is stale');
  const [gap] = await s.ctx.db.select({ price: marketSeconds.price }).from(marketSeconds).where(and(eq(marketSeconds.symbol, 'btc'), eq(marketSeconds.second, second() - 10 * 60)));
  assert.ok(gap, 'a second in the middle of the jump is stored');
});

test.run();
