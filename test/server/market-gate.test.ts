/**
 * The price gate against a local exchange misbehaving as a real one has: absurd prices for 45 s,
 * a large jump that lasts, a flapping feed, prices as JSON numbers, and two feeds that disagree.
 * Nothing opens or settles at a price that cannot be true; the symbol halts (the rest trades on),
 * says so on /readyz, in the metrics, in the log once and in the console, and ends its halt when
 * trusted prices return or an operator decides. The test clock stands in for waiting.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope, Ticker } from '../../src/shared/contract.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { KEY_HEADER } from '../../server/operator/api/key.ts';
import { addOperator } from '../../server/operator/console/accounts.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import type { MarketHalt } from '../../src/shared/contract/console.ts';
import { auditLog, contractOrders, marketCandles, marketFeed, marketGaps, marketSeconds, operators } from '../../server/db/schema/index.ts';
import { feedConfigFromEnv, precisionOf, type FeedConfig } from '../../server/market/config.ts';
import { marketOf } from '../../server/market/context.ts';
import { binance } from '../../server/market/feeds/binance.ts';
import { okx } from '../../server/market/feeds/okx.ts';
import { Fetcher } from '../../server/market/fetcher.ts';
import { StoredMarket } from '../../server/market/stored.ts';
import { settleDue } from '../../server/orders/settle.ts';
import { Readiness } from '../../server/health/readiness.ts';
import { startFakeExchange, type FakeExchange } from './fake-exchange.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { billSum, mustPlace, placeOrder, playsBySeconds, trader } from './order-fixtures.ts';

const SYMBOLS = ['btc', 'eth'] as const;
const quiet = { error: () => {} };
const ABSURD = '99999999999999999999';
const KEY = 'k'.repeat(32);
const PASSWORD = 'a long operator password';

interface World {
  s: TestServer;
  ex: FakeExchange;
  market: StoredMarket;
  admin: FastifyInstance;
  lines: string[];
  f: Fetcher;
  /** One fetch pass `ms` after the last, then the serving side re-reads the store. */
  pass(ms?: number): Promise<void>;
  second(): number;
  close(): Promise<void>;
}

async function world(extra: Partial<FeedConfig> = {}): Promise<World> {
  const ex = await startFakeExchange();
  const config: FeedConfig = { feed: 'binance', url: ex.url, symbols: SYMBOLS, staleMs: 10_000, waitMaxMs: 600_000, spike: 0.1, ...extra };
  const s = await startTestServer(
    {},
    {
      prepare: (ctx) => {
        ctx.feedConfig = config;
        // One answer serves a second of the test clock, not of real time.
        ctx.readiness = new Readiness({ now: () => ctx.clock.now() });
      },
    },
  );
  const market = marketOf(s.ctx) as StoredMarket;
  for (const table of [marketFeed, marketCandles, marketSeconds, marketGaps]) await s.ctx.db.delete(table);
  s.clock.advance(1000 - (s.clock.now() % 1000));
  const now = () => s.clock.now();
  const exchangeOf = (name: 'binance' | 'okx', url: string) => (name === 'okx' ? okx : binance)({ symbols: SYMBOLS, baseUrl: url, now });
  const lines: string[] = [];
  const f = new Fetcher({
    db: s.ctx.db,
    exchange: exchangeOf(config.feed as 'binance' | 'okx', ex.url),
    confirm: config.second ? exchangeOf(config.second.feed, ex.url) : undefined,
    agree: config.agree,
    symbols: SYMBOLS,
    precision: precisionOf,
    now,
    spike: config.spike,
    log: { info: (m) => lines.push(m), warn: (m) => lines.push(m) },
  });
  const admin = await buildAdminApp(s.ctx, { key: KEY, consoleDir: '/nonexistent' });
  // Two minutes of history: BTC flat at 65,000.00, ETH at 3,400.00, on both exchanges.
  const t = Math.floor(now() / 1000);
  for (let at = t - 120; at <= t; at++) for (const [b, o, p] of PAIRS) (ex.trade(b, at, p), ex.trade(o, at, p));
  await f.load();
  await f.backfill();
  await f.cycle();
  await market.refresh();
  return {
    s,
    ex,
    market,
    admin,
    lines,
    f,
    async pass(ms = 1000) {
      s.clock.advance(ms);
      await f.cycle();
      await market.refresh();
    },
    second: () => Math.floor(now() / 1000),
    async close() {
      await admin.close();
      await s.close();
      await ex.close();
    },
  };
}

const PAIRS = [
  ['BTCUSDT', 'BTC-USDT', '65000.00'],
  ['ETHUSDT', 'ETH-USDT', '3400.00'],
] as const;

const ticker = async (w: World, symbol: string) => (await w.s.call<Ticker[]>('GET', '/h5/symbol/getHomeTickerList')).data.find((t) => t.symbol === symbol)!;
/** The exchange's trades from `from` to `to` (epoch s, both included). */
const trades = (w: World, symbol: string, from: number, to: number, price: (at: number) => string) => {
  for (let at = from; at <= to; at++) w.ex.trade(symbol, at, price(at));
};
/** Runs passes every `step` ms until the clock reaches `to` (epoch s). */
const passTo = async (w: World, to: number, step = 3000) => {
  while (w.second() < to) await w.pass(Math.min(step, to * 1000 - w.s.clock.now()));
};
const readyz = async (w: World) => {
  const res = await w.s.app.inject({ method: 'GET', url: '/readyz' });
  const { checks } = res.json() as { checks: Record<string, string> };
  return { status: res.statusCode, halts: checks.marketHalts };
};
const halted = async (w: World) => {
  const res = await w.admin.inject({ url: '/admin/metrics', headers: { [KEY_HEADER]: KEY } });
  return res.body.split('\n').filter((l) => l.startsWith('market_halted{'));
};
const orderRow = async (w: World, orderNo: string) => (await w.s.ctx.db.select().from(contractOrders).where(eq(contractOrders.orderNo, orderNo)))[0]!;

async function consoleSession(w: World): Promise<(method: 'GET' | 'POST', url: string) => Promise<Envelope<unknown>>> {
  await addOperator(w.s.ctx, 'ana', PASSWORD, ['admin']);
  const [row] = await w.s.ctx.db.select().from(operators).where(eq(operators.name, 'ana'));
  const res = await w.admin.inject({
    method: 'POST',
    url: '/console/api/sign-in',
    headers: { 'x-console': '1' },
    payload: { name: 'ana', password: PASSWORD, code: codeAt(row!.totpSecret, stepAt(w.s.clock.now())) },
  });
  assert.is(res.statusCode, 200, res.body);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  return async (method, url) =>
    (await w.admin.inject({ method, url: `/console/api${url}`, headers: { cookie, ...(method === 'POST' ? { 'x-console': '1' } : {}) }, ...(method === 'POST' ? { payload: {} } : {}) })).json();
}

const gate = suite('price gate');

gate('an absurd price sent for 45 s is never shown, opened or settled at; only its symbol halts, then trusted prices end it', async () => {
  const w = await world();
  try {
    const plays = await playsBySeconds(w.s);
    const minute = String(plays.get(60)!.id);
    const u = await trader(w.s, '1000');
    const placed = await mustPlace(w.s, u.token, { symbol: 'btc', playId: minute, direction: 'up', amount: '100' });
    const down = await mustPlace(w.s, u.token, { symbol: 'btc', playId: minute, direction: 'down', amount: '50' });
    const t = w.second();
    trades(w, 'ETHUSDT', t + 1, t + 120, () => '3400.00');
    // Trusted for 30 s, then the absurd price for 45 s, across both orders' expiry.
    trades(w, 'BTCUSDT', t + 1, t + 30, () => '65000.00');
    trades(w, 'BTCUSDT', t + 31, t + 75, () => ABSURD);
    await passTo(w, t + 50);

    const btc = await ticker(w, 'btc');
    assert.equal([btc.price, btc.high, btc.halted], ['65000.00', '65000.00', true], 'the quote keeps the trusted price and says it is halted');
    const refused = await placeOrder(w.s, u.token, { symbol: 'btc', playId: minute, direction: 'up', amount: '10' });
    assert.equal([refused.code, refused.key], [409, 'market.halted'], 'no new order on the halted symbol');
    assert.match(refused.msg, /failed our checks/);
    await mustPlace(w.s, u.token, { symbol: 'eth', playId: minute, direction: 'up', amount: '10' });
    assert.equal(await readyz(w), { status: 200, halts: 'prices halted: btc (absurd)' }, 'named, and the server stays in service');
    assert.equal(await halted(w), ['market_halted{symbol="btc",reason="absurd"} 1']);
    assert.is(await w.market.settlementPrice('btc', (t + 31) * 1000), null, 'no second from the refused one on is complete');

    await passTo(w, t + 76);
    assert.is(await settleDue(w.s.ctx, quiet), 0, 'orders expiring in the halt wait; the ETH one is not due yet');
    assert.equal((await orderRow(w, placed.orderNo)).status, 'open');

    // The exchange is sane again: ten seconds of trusted prices end the halt by themselves.
    trades(w, 'BTCUSDT', t + 76, t + 120, () => '65010.00');
    await passTo(w, t + 90);
    assert.equal([(await ticker(w, 'btc')).price, (await ticker(w, 'btc')).halted], ['65010.00', undefined]);
    assert.equal(await readyz(w), { status: 200, halts: 'ok' });
    assert.equal(await halted(w), []);
    assert.ok((await settleDue(w.s.ctx, quiet)) >= 2);
    for (const o of [placed, down]) {
      const row = await orderRow(w, o.orderNo);
      assert.equal([row.status, row.closePrice, row.refundReason], ['refunded', null, 'feed_gap'], 'refunded: no trusted price exists for its expiry');
    }
    assert.is(await billSum(w.s.ctx.db, u.userId), '990.00000000', 'both amounts back; only the ETH order is open');
    assert.is((await mustPlace(w.s, u.token, { symbol: 'btc', playId: minute, direction: 'up', amount: '10' })).openPrice, '65010.00');
    const said = w.lines.filter((l) => l.startsWith('market btc'));
    assert.is(said.length, 2, said.join('\n'));
    assert.match(said[0]!, /^market btc: halted, a price failed the checks: absurd \(99999999999999999999 after 65000\.00\)/);
    assert.match(said[1]!, /^market btc: trusted prices again/);
    const stored = await w.s.ctx.db.select().from(marketSeconds).where(and(eq(marketSeconds.symbol, 'btc'), eq(marketSeconds.price, ABSURD)));
    assert.equal(stored, [], 'the absurd price was never stored');
  } finally {
    await w.close();
  }
});

gate('a 50 % jump that lasts is not confirmed by lasting; open orders are refunded after the wait bound; an operator ends the halt, on record', async () => {
  const w = await world({ waitMaxMs: 120_000 });
  try {
    const plays = await playsBySeconds(w.s);
    const u = await trader(w.s, '1000');
    const order = { symbol: 'btc', playId: String(plays.get(60)!.id), direction: 'up', amount: '10' };
    const waiting = await mustPlace(w.s, u.token, { ...order, amount: '200' });
    const t = w.second();
    trades(w, 'ETHUSDT', t + 1, t + 400, () => '3400.00');
    trades(w, 'BTCUSDT', t + 1, t + 400, () => '97500.00');
    await passTo(w, t + 300, 10_000);
    assert.equal([(await ticker(w, 'btc')).price, (await ticker(w, 'btc')).halted], ['65000.00', true], 'five minutes of it change nothing');
    assert.is((await placeOrder(w.s, u.token, order)).key, 'market.halted');
    assert.equal(w.lines.filter((l) => l.includes('halted')).length, 1, 'said once');
    // On PostgreSQL the file's earlier worlds share the database: their open orders are due too.
    assert.ok((await settleDue(w.s.ctx, quiet)) >= 1, 'the order expiring in the halt, past the wait bound');
    const refunded = await orderRow(w, waiting.orderNo);
    assert.equal([refunded.status, refunded.closePrice, refunded.refundReason], ['refunded', null, 'no_price'], 'in full, never settled at the jump');
    assert.is(await billSum(w.s.ctx.db, u.userId), '1000.00000000');

    const call = await consoleSession(w);
    const halts = (await call('GET', '/market/halts')).data as MarketHalt[];
    assert.equal(halts, [{ symbol: 'btc', since: (t + 1) * 1000, reason: 'jump', released: false }], 'the console lists the halt');
    assert.is((await call('POST', '/market/eth/release')).key, 'market.notHalted');
    assert.is((await call('POST', '/market/btc/release')).code, 200);
    const [row] = await w.s.ctx.db.select().from(auditLog).where(eq(auditLog.kind, 'market.release'));
    assert.equal([row!.operatorName, row!.target, row!.before, row!.after], ['ana', 'btc', { haltedSince: (t + 1) * 1000, reason: 'jump' }, { releasedAt: w.s.clock.now() }]);
    assert.is((await placeOrder(w.s, u.token, order)).key, 'market.halted', 'until the fetcher has taken the decision');
    await w.pass(2000);
    assert.equal([(await ticker(w, 'btc')).price, (await ticker(w, 'btc')).halted], ['97500.00', undefined], "the market's price is trusted from the decision on");
    assert.equal((await call('GET', '/market/halts')).data, []);
    assert.is((await mustPlace(w.s, u.token, order)).openPrice, '97500.00');
    assert.is(await w.market.settlementPrice('btc', (t + 150) * 1000), 'skipped', 'the halted seconds have no price');
    assert.ok(w.lines.some((l) => l.startsWith('market btc: halt ended by an operator')));
  } finally {
    await w.close();
  }
});

gate('a flapping feed stays halted and says so once; a price within the bound is not a halt', async () => {
  const w = await world();
  try {
    const t = w.second();
    trades(w, 'ETHUSDT', t + 1, t + 80, () => '3400.00');
    // 5 % a second later is within the 10 % bound: trusted.
    trades(w, 'BTCUSDT', t + 1, t + 10, () => '68250.00');
    await passTo(w, t + 11);
    assert.equal([(await ticker(w, 'btc')).price, (await ticker(w, 'btc')).halted], ['68250.00', undefined]);
    trades(w, 'BTCUSDT', t + 11, t + 40, (at) => ((at - t) % 2 ? ABSURD : '68260.00'));
    trades(w, 'BTCUSDT', t + 41, t + 80, () => '68270.00');
    for (let at = t + 13; at <= t + 41; at += 2) {
      await passTo(w, at, 2000);
      assert.ok((await ticker(w, 'btc')).halted, `halted at +${at - t} s`);
    }
    await passTo(w, t + 60);
    assert.equal([(await ticker(w, 'btc')).price, (await ticker(w, 'btc')).halted], ['68270.00', undefined]);
    assert.equal(
      w.lines.filter((l) => l.startsWith('market btc')).map((l) => l.split(':').slice(0, 2).join(':')),
      ['market btc: halted, a price failed the checks', 'market btc: trusted prices again; halt ended'],
      'one line when it halted, one when it ended',
    );
    for (let at = t + 11; at <= t + 39; at++) assert.is(await w.market.settlementPrice('btc', at * 1000), 'skipped', `second +${at - t}`);
    assert.is(await w.market.settlementPrice('btc', (t + 40) * 1000), '68260.00', 'the first of the trusted run that ended it');
    assert.is(await w.market.settlementPrice('btc', (t + 51) * 1000), '68270.00');
  } finally {
    await w.close();
  }
});

gate('prices sent as JSON numbers keep every digit the exchange sent', async () => {
  const w = await world();
  try {
    w.ex.numbers = true;
    const t = w.second();
    const exact = '65000.615080361012';
    trades(w, 'BTCUSDT', t + 1, t + 5, () => exact);
    await passTo(w, t + 6);
    const [row] = await w.s.ctx.db.select({ price: marketSeconds.price }).from(marketSeconds).where(and(eq(marketSeconds.symbol, 'btc'), eq(marketSeconds.second, t + 3)));
    assert.is(row?.price, exact, 'not the double nearest to it (65000.61508036101)');
    assert.is((await ticker(w, 'btc')).price, exact);
  } finally {
    await w.close();
  }
});

gate('with two feeds a price both do not agree on is not trusted', async () => {
  assert.equal(feedConfigFromEnv({ MARKET_FEED: 'binance,okx', MARKET_FEED_URL: 'http://a,http://b' }).second, { feed: 'okx', url: 'http://b' });
  assert.is(feedConfigFromEnv({ MARKET_FEED: 'binance,okx', MARKET_AGREE: '0.002' }).agree, 0.002);
  assert.throws(() => feedConfigFromEnv({ MARKET_FEED: 'simulator,okx' }), /two different exchanges/);
  const w = await world({ second: { feed: 'okx' }, agree: 0.01 });
  try {
    const t = w.second();
    trades(w, 'ETHUSDT', t + 1, t + 60, () => '3400.00');
    trades(w, 'ETH-USDT', t + 1, t + 60, () => '3401.00');
    trades(w, 'BTCUSDT', t + 1, t + 60, () => '65100.00');
    // OKX agrees within 1 % for ten seconds, then is 4 % away.
    trades(w, 'BTC-USDT', t + 1, t + 10, () => '65050.00');
    trades(w, 'BTC-USDT', t + 11, t + 30, () => '67700.00');
    await passTo(w, t + 10);
    assert.equal([(await ticker(w, 'btc')).price, (await ticker(w, 'btc')).halted], ['65100.00', undefined], 'agreed: trusted');
    await passTo(w, t + 25);
    assert.equal([(await ticker(w, 'btc')).price, (await ticker(w, 'btc')).halted], ['65100.00', true]);
    assert.equal((await readyz(w)).halts, 'prices halted: btc (disagree)');
    assert.is((await ticker(w, 'eth')).halted, undefined, 'ETH agrees on both');
    trades(w, 'BTC-USDT', t + 31, t + 60, () => '65120.00');
    await passTo(w, t + 50);
    assert.is((await ticker(w, 'btc')).halted, undefined, 'agreeing again for the resume bound ends it');
    assert.is(await w.market.settlementPrice('btc', (t + 20) * 1000), 'skipped');
  } finally {
    await w.close();
  }
});

gate.run();
