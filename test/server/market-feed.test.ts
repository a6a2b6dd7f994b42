/**
 * Exchange feeds against a local exchange speaking Binance's and OKX's documented REST: what the
 * fetcher stores reaches the home list, the chart and settlement; restarts, faults, spikes and a
 * stalled feed behave as docs/market-data.md says. The test clock stands in for waiting.
 */
import { and, eq } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Candle, ContractOrder, Page, Ticker, UserMessageList } from '../../src/shared/contract.ts';
import { contractOrders, marketCandles, marketFeed, marketSeconds } from '../../server/db/schema/index.ts';
import { binance } from '../../server/market/feeds/binance.ts';
import { okx } from '../../server/market/feeds/okx.ts';
import { RateLimited } from '../../server/market/feeds/types.ts';
import { precisionOf, type FeedConfig } from '../../server/market/config.ts';
import { marketOf } from '../../server/market/context.ts';
import { backoffMs } from '../../server/market/feed-loop.ts';
import { marketReadiness } from '../../server/market/readiness.ts';
import { Fetcher } from '../../server/market/fetcher.ts';
import { StoredMarket } from '../../server/market/stored.ts';
import { settleDue } from '../../server/orders/settle.ts';
import { startFakeExchange, type FakeExchange } from './fake-exchange.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { billSum, mustPlace, placeOrder, playsBySeconds, trader } from './order-fixtures.ts';

const SYMBOLS = ['btc', 'eth'] as const;
const quiet = { error: () => {} };

interface World {
  s: TestServer;
  ex: FakeExchange;
  market: StoredMarket;
  config: FeedConfig;
  /** A fetcher as a new leader (or a restarted process) would have it. */
  fetcher(): Fetcher;
  /** One fetch pass, then the serving side re-reads the store. */
  pass(f: Fetcher): Promise<void>;
  second(): number;
}

async function world(feed: 'binance' | 'okx' = 'binance'): Promise<World> {
  const ex = await startFakeExchange();
  const config: FeedConfig = { feed, url: ex.url, symbols: SYMBOLS, staleMs: 10_000, waitMaxMs: 600_000, spike: 0.1 };
  const s = await startTestServer({}, { prepare: (ctx) => void (ctx.feedConfig = config) });
  const market = marketOf(s.ctx) as StoredMarket;
  assert.instance(market, StoredMarket);
  // On PostgreSQL a test file has one database: each world starts from an empty market.
  for (const table of [marketFeed, marketCandles, marketSeconds]) await s.ctx.db.delete(table);
  const now = () => s.clock.now();
  const exchange = (feed === 'okx' ? okx : binance)({ symbols: SYMBOLS, baseUrl: ex.url, now });
  return {
    s,
    ex,
    market,
    config,
    fetcher: () => new Fetcher({ db: s.ctx.db, exchange, symbols: SYMBOLS, precision: precisionOf, now, spike: config.spike }),
    async pass(f) {
      await f.cycle();
      await market.refresh();
    },
    second: () => Math.floor(s.clock.now() / 1000),
  };
}

const BTC = { binance: 'BTCUSDT', okx: 'BTC-USDT' };
const ETH = { binance: 'ETHUSDT', okx: 'ETH-USDT' };
const cents = (n: number) => (n / 100).toFixed(2);

/** Two minutes of trades up to now: BTC 65,000.00 + 1 cent a second, ETH flat at 3,400.00. */
function history(w: World, feed: 'binance' | 'okx' = 'binance'): number {
  const now = w.second();
  for (let s = now - 120; s <= now; s++) {
    w.ex.trade(BTC[feed], s, cents(6_500_000 + (s - now + 120)));
    w.ex.trade(ETH[feed], s, '3400.00');
  }
  return now;
}

const tickers = async (w: World) => (await w.s.call<Ticker[]>('GET', '/h5/symbol/getHomeTickerList')).data;
const candles = async (w: World, token: string, query: string) =>
  (await w.s.call<Candle[]>('GET', `/h5/symbol/getHistoryKline?${query}`, { token })).data;

const feed = suite('exchange feed');

let shared: { w: World; f: Fetcher; token: string } | undefined;
feed.after(async () => {
  await shared?.w.s.close();
  await shared?.w.ex.close();
});

feed('Binance prices reach the home list and the chart', async () => {
  const w = await world();
  const now = history(w);
  const f = w.fetcher();
  await f.load();
  await f.backfill();
  await w.pass(f);
  const list = await tickers(w);
  assert.equal(list.map((t) => t.symbol), ['btc', 'eth']);
  assert.is(list[0].price, cents(6_500_120), 'the newest trade');
  assert.is(list[0].age, undefined, 'a current price carries no age');
  assert.is(list[1].price, '3400.00');
  const { token } = await trader(w.s);
  const chart = await candles(w, token, 'symbol=btc&period=1min&size=500');
  assert.ok(chart.length >= 2 && chart.length <= 3, `${chart.length} minutes of history`);
  const minute = Math.floor(now / 60) * 60;
  assert.is(chart[0].time, minute * 1000, 'newest first, the forming minute');
  assert.is(chart[0].close, list[0].price, 'the forming candle closes at the ticker price');
  assert.is(chart[0].open, cents(6_500_000 + (minute - now + 120)), 'opened at its first trade');
  shared = { w, f, token };
});

feed('a restart fills its gap from the exchange history before serving', async () => {
  const { w, token } = shared!;
  const before = w.second();
  // Ten minutes without any server, while the market traded on.
  for (let s = before + 1; s <= before + 600; s++) w.ex.trade(BTC.binance, s, cents(6_600_000 + s - before));
  w.s.clock.advance(600_000);
  const restarted = w.fetcher();
  await restarted.load();
  await restarted.backfill();
  await w.pass(restarted);
  const minutes = (await candles(w, token, 'symbol=btc&period=1min&size=500')).map((c) => c.time / 1000);
  for (let m = Math.floor(before / 60) * 60; m <= before + 600; m += 60) assert.ok(minutes.includes(m), `minute ${m} filled`);
  const middle = before + 300;
  assert.is(await w.market.settlementPrice('btc', middle * 1000), cents(6_600_300), 'a second in the gap has its price');
  shared!.f = restarted;
});

feed('duplicate and out-of-order candles are stored once; a late correction is applied', async () => {
  const { w, f, token } = shared!;
  w.ex.messy = true;
  const now = w.second();
  for (let s = now + 1; s <= now + 70; s++) w.ex.trade(BTC.binance, s, cents(6_700_000 + s - now));
  w.s.clock.advance(71_000);
  await w.pass(f);
  const chart = await candles(w, token, 'symbol=btc&period=1min&size=500');
  const times = chart.map((c) => c.time);
  assert.equal(times, [...new Set(times)].sort((a, b) => b - a), 'one candle per minute, newest first');
  // The exchange corrects a trade of the last closed minute after we fetched it.
  const closed = chart[1];
  const at = closed.time / 1000 + 30;
  w.ex.trade(BTC.binance, at, '68000.00');
  w.ex.messy = false;
  w.s.clock.advance(10_000);
  await w.pass(f);
  const corrected = (await candles(w, token, 'symbol=btc&period=1min&size=500')).find((c) => c.time === closed.time)!;
  assert.is(corrected.high, '68000.00', 'the corrected high replaced the one stored');
});

feed('a glitch halts its symbol until trusted prices have come for the resume bound; its seconds have no price', async () => {
  const { w, f } = shared!;
  const now = w.second();
  w.ex.trade(ETH.binance, now + 1, '9000.00');
  w.ex.trade(ETH.binance, now + 2, '3401.00');
  w.s.clock.advance(3000);
  await w.pass(f);
  const eth = () => tickers(w).then((list) => list[1]);
  assert.equal([(await eth()).price, (await eth()).halted], ['3400.00', true], 'neither shown nor trusted; the quote says halted');
  assert.is(await w.market.settlementPrice('eth', (now + 2) * 1000), null, 'the seconds from the glitch on wait');
  for (let at = now + 3; at <= now + 14; at++) w.ex.trade(ETH.binance, at, '3402.00');
  w.s.clock.advance(12_000);
  await w.pass(f);
  assert.equal([(await eth()).price, (await eth()).halted], ['3402.00', undefined], 'trusted again after ten seconds of trusted prices');
  assert.is(await w.market.settlementPrice('eth', now * 1000), '3400.00', 'before the glitch: its own price');
  assert.is(await w.market.settlementPrice('eth', (now + 1) * 1000), 'skipped', 'the glitch: no price exists');
  assert.is(await w.market.settlementPrice('eth', (now + 2) * 1000), '3401.00', 'from the first of the trusted readings on: their own prices');
  assert.is(await w.market.settlementPrice('eth', (now + 3) * 1000), '3402.00');
});

feed('a 429 is honoured for its Retry-After, without a request meanwhile; the weight budget pauses too', async () => {
  const { w, f } = shared!;
  w.ex.fail(1, 429, { 'retry-after': '7' });
  const err = await f.cycle().catch((e: unknown) => e);
  assert.instance(err, RateLimited);
  assert.is((err as RateLimited).retryAfterMs, 7000);
  const sent = w.ex.requests.length;
  assert.instance(await f.cycle().catch((e: unknown) => e), RateLimited);
  assert.is(w.ex.requests.length, sent, 'nothing was sent while told to wait');
  w.s.clock.advance(7000);
  await w.pass(f);
  assert.ok(w.ex.requests.length > sent, 'asked again after the wait');
  w.ex.fail(1, 418, { 'retry-after': '120' });
  assert.is(((await f.cycle().catch((e: unknown) => e)) as RateLimited).retryAfterMs, 120_000, 'a ban is waited out too');
  w.s.clock.advance(120_000);
  w.ex.weight = 5000;
  const before = w.ex.requests.length;
  assert.instance(await f.cycle().catch((e: unknown) => e), RateLimited, 'at 80 % of 6,000 we pause until the minute turns');
  assert.is(w.ex.requests.length, before + 1, 'after the answer that reported it');
  assert.instance(await f.cycle().catch((e: unknown) => e), RateLimited);
  assert.is(w.ex.requests.length, before + 1);
  w.ex.weight = 1;
  w.s.clock.advance(60_000);
  await w.pass(f);
  for (let i = 0; i < 50; i++) {
    const wait = backoffMs(i + 1);
    assert.ok(wait >= 500 && wait <= 60_000, `backoff ${wait} ms`);
  }
});

feed('a stalled feed tells the age and refuses new orders with market.stale; orders resume with prices', async () => {
  const { w, f, token } = shared!;
  const plays = await playsBySeconds(w.s);
  const order = { symbol: 'btc', playId: String(plays.get(60)!.id), direction: 'up', amount: '10' };
  w.s.clock.advance(15_000);
  await w.pass(f);
  const btc = (await tickers(w))[0];
  assert.ok(btc.age! >= 15, `age ${btc.age}`);
  const refused = await placeOrder(w.s, token, order);
  assert.equal([refused.code, refused.key], [409, 'market.stale']);
  assert.equal(marketReadiness(w.s.ctx), { ok: false, stale: ['btc', 'eth'], halted: [] }, 'the readiness check says so');
  w.ex.trade(BTC.binance, w.second(), '66000.00');
  w.s.clock.advance(1000);
  await w.pass(f);
  assert.is((await tickers(w))[0].age, undefined, 'a current price carries no age');
  assert.equal(marketReadiness(w.s.ctx).stale, ['eth'], 'only the symbol without news stays stale');
  assert.is((await mustPlace(w.s, token, order)).openPrice, '66000.00', 'opened at the newest stored price');
});

feed('an order whose expiry second has no price yet waits, then settles at the last trade before it', async () => {
  const { w, f } = shared!;
  const u = await trader(w.s, '1000');
  const plays = await playsBySeconds(w.s);
  const start = w.second();
  w.ex.trade(BTC.binance, start, '66000.00');
  w.s.clock.advance(1000);
  await w.pass(f);
  const placed = await mustPlace(w.s, u.token, { symbol: 'btc', playId: String(plays.get(60)!.id), direction: 'up', amount: '100' });
  const expiry = Math.floor(placed.expiresAt / 1000);
  w.ex.trade(BTC.binance, expiry - 2, '66500.00');
  w.s.clock.advance(62_000);
  await w.pass(f);
  assert.is(await settleDue(w.s.ctx, quiet), 0, 'no trade seen at or after the expiry second yet');
  const waiting = await w.s.call<Page<ContractOrder>>('GET', '/h5/order/myOrderList?tab=closing&pageNum=1&pageSize=10', { token: u.token });
  assert.equal(waiting.data.rows.map((o) => [o.orderNo, o.status]), [[placed.orderNo, 'open']], 'waiting for its price');
  w.ex.trade(BTC.binance, expiry + 3, '66400.00');
  w.s.clock.advance(5000);
  await w.pass(f);
  assert.ok((await settleDue(w.s.ctx, quiet)) >= 1);
  const [row] = await w.s.ctx.db.select().from(contractOrders).where(eq(contractOrders.orderNo, placed.orderNo));
  assert.equal([row!.status, row!.closePrice, row!.result], ['settled', '66500.00', 'win'], 'the trade before the expiry, never the one after');
  assert.is(await settleDue(w.s.ctx, quiet), 0, 'exactly once');
});

feed('an order whose expiry never gets a price is refunded in full after the bound, with a message', async () => {
  const { w, f } = shared!;
  const u = await trader(w.s, '1000');
  const plays = await playsBySeconds(w.s);
  w.ex.trade(BTC.binance, w.second(), '66000.00');
  w.s.clock.advance(1000);
  await w.pass(f);
  const placed = await mustPlace(w.s, u.token, { symbol: 'btc', playId: String(plays.get(60)!.id), direction: 'down', amount: '250' });
  assert.is(await billSum(w.s.ctx.db, u.userId), '750.00000000');
  w.s.clock.advance(60_000 + w.config.waitMaxMs - 1000);
  await w.pass(f);
  assert.is(await settleDue(w.s.ctx, quiet), 0, 'still within the bound: it waits');
  w.s.clock.advance(2000);
  assert.is(await settleDue(w.s.ctx, quiet), 1);
  assert.is(await settleDue(w.s.ctx, quiet), 0, 'exactly once');
  const [row] = await w.s.ctx.db.select().from(contractOrders).where(eq(contractOrders.orderNo, placed.orderNo));
  assert.equal([row!.status, row!.closePrice, row!.result, row!.payout, row!.refundReason], ['refunded', null, null, '250.00000000', 'no_price']);
  assert.is(await billSum(w.s.ctx.db, u.userId), '1000.00000000', 'the whole amount came back');
  const inbox = await w.s.call<UserMessageList>('GET', '/h5/message/userMessage?pageNum=1&pageSize=10', { token: u.token });
  const message = inbox.data.rows.find((m) => m.key === 'orderRefund');
  assert.ok(message, 'the user is told');
  assert.equal(message!.params, { orderNo: placed.orderNo, amount: '250', status: 'refunded', effect: 'credited', cause: 'no_price' });
  assert.ok(
    (await w.s.ctx.db.select().from(marketSeconds).where(and(eq(marketSeconds.symbol, 'btc'), eq(marketSeconds.second, Math.floor(placed.expiresAt / 1000))))).length === 0,
    'there really was no price for that second',
  );
});

feed('OKX prices reach the home list and the chart', async () => {
  const w = await world('okx');
  try {
    history(w, 'okx');
    const f = w.fetcher();
    await f.load();
    await f.backfill();
    await w.pass(f);
    const list = await tickers(w);
    assert.equal(list.map((t) => [t.symbol, t.price]), [['btc', cents(6_500_120)], ['eth', '3400.00']]);
    const { token } = await trader(w.s);
    const chart = await candles(w, token, 'symbol=btc&period=1min&size=500');
    assert.is(chart[0].close, list[0].price);
    assert.ok(chart.length >= 2);
  } finally {
    await w.s.close();
    await w.ex.close();
  }
});

feed('the feed loop logs one line per change of state, not one per failure', async () => {
  const lines: string[] = [];
  let calls = 0;
  // Three failures, then passes: delayed once (with the reason), recovered once.
  const fetcher = {
    load: async () => {},
    backfill: async () => {},
    cycle: async () => {
      if (++calls <= 3) throw new Error('connect ECONNREFUSED');
    },
  } as unknown as Fetcher;
  const { soleLeader } = await import('../../server/market/leader.ts');
  const { runFeed } = await import('../../server/market/feed-loop.ts');
  const loop = runFeed({ fetcher, leadership: soleLeader, log: { info: (m) => lines.push(m), warn: (m) => lines.push(m) }, name: 'binance', tickMs: 5 });
  const end = Date.now() + 20_000;
  while (calls < 8 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  await loop.stop();
  assert.ok(calls >= 8, `${calls} passes`);
  assert.equal(lines, [
    "market feed binance: leading; filling the gap from the exchange's history",
    'market feed binance: delayed (connect ECONNREFUSED); retrying with backoff',
    'market feed binance: recovered',
  ]);
});

feed.run();
