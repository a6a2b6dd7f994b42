/**
 * One-second prices (about a million rows a day with twelve symbols) are kept only as long as
 * settlement can need them: the fetching process deletes older ones once a minute, oldest first
 * and an hour of them at a time, and never one an open order may still settle at. Chart candles
 * are kept as far back as the chart can ask: the newest 500 of each period.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Candle } from '../../src/shared/contract.ts';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { marketCandles, marketFeed, marketSeconds } from '../../server/db/schema/index.ts';
import { precisionOf } from '../../server/market/config.ts';
import { simulatedExchange } from '../../server/market/feeds/simulated.ts';
import { Fetcher } from '../../server/market/fetcher.ts';
import { keepSecondsFor, PRUNE_EVERY_MS } from '../../server/market/fetcher-options.ts';
import { SimulatedMarket } from '../../server/market/simulator.ts';
import { PERIOD_MS } from '../../server/market/feeds/types.ts';
import { KLINE_PERIODS, MAX_CANDLES } from '../../server/market/source.ts';
import { type CandleRow, candleKeepFrom, forgetOldCandles, storedPriceAt, upsertCandles, upsertSeconds } from '../../server/market/store.ts';
import { startTestServer, type TestServer } from './harness.ts';

const test = suite('pruning one-second prices');
let s: TestServer;

test.before(async () => {
  s = await startTestServer();
  for (const table of [marketFeed, marketCandles, marketSeconds]) await s.ctx.db.delete(table);
});
test.after(() => s.close());

const oldest = async (symbol: string) =>
  (await s.ctx.db.select({ second: marketSeconds.second }).from(marketSeconds).where(eq(marketSeconds.symbol, symbol)).orderBy(asc(marketSeconds.second)).limit(1))[0]?.second;

test('the retention is an hour past the wait bound, at least two hours', () => {
  assert.is(keepSecondsFor(600_000), 7200, 'the default 10 min wait: two hours');
  assert.is(keepSecondsFor(3 * 3600_000), 3 * 3600 + 3600, 'a 3 h wait: four hours');
});

test('the fetcher deletes seconds past the retention, an hour at a time, once a minute', async () => {
  const now = () => s.clock.now();
  const keep = keepSecondsFor(600_000);
  const fetcher = new Fetcher({
    db: s.ctx.db,
    exchange: simulatedExchange(new SimulatedMarket({ seed: 'prune', now })),
    symbols: ['btc'],
    precision: precisionOf,
    now,
    keepSeconds: keep,
  });
  const start = Math.floor(now() / 1000);
  // Five hours of stored second prices left by a leader whose pruning never ran.
  const rows = [];
  for (let t = start - 5 * 3600; t <= start; t += 10) rows.push({ symbol: 'btc', second: t, price: '65000.00' }, { symbol: 'eth', second: t, price: '3400.00' });
  await upsertSeconds(s.ctx.db, rows);

  await fetcher.cycle();
  assert.is(await oldest('btc'), start - 4 * 3600, 'the oldest hour went first');
  assert.is(await oldest('eth'), start - 4 * 3600, 'for every symbol');
  s.clock.advance(PRUNE_EVERY_MS - 1000);
  await fetcher.cycle();
  assert.is(await oldest('btc'), start - 4 * 3600, 'not again within the minute');
  s.clock.advance(1000);
  await fetcher.cycle();
  assert.is(await oldest('btc'), start - 3 * 3600, 'the next hour a minute later');
  for (let i = 0; i < 3; i++) {
    s.clock.advance(PRUNE_EVERY_MS);
    await fetcher.cycle();
  }
  const cut = Math.floor(now() / 1000) - keep;
  const left = (await oldest('btc'))!;
  assert.ok(left >= cut && left < cut + 10, `nothing older than the retention is left (${left - cut} s past the cut)`);
  const settleable = start - 3600;
  const [kept] = await s.ctx.db.select().from(marketSeconds).where(and(eq(marketSeconds.symbol, 'btc'), eq(marketSeconds.second, settleable)));
  assert.ok(kept, 'a second an hour old is kept');
  assert.is(await storedPriceAt(s.ctx.db, 'btc', settleable), '65000.00', 'and an order expiring then still settles at it');
});

const candleCounts = async () =>
  new Map(
    (
      await s.ctx.db
        .select({ period: marketCandles.period, n: sql<number>`count(*)::int`, oldest: sql<string>`min(${marketCandles.openTime})::text` })
        .from(marketCandles)
        .where(eq(marketCandles.symbol, 'btc'))
        .groupBy(marketCandles.period)
    ).map((r) => [r.period, [r.n, Number(r.oldest)]]),
  );

test('the same job keeps the newest 500 candles of each period, as many as the chart asks for', async () => {
  const now = () => s.clock.now();
  await s.ctx.db.delete(marketCandles);
  // Candles no one pruned: far more of each period than the chart can show.
  const rows: CandleRow[] = [];
  for (const period of KLINE_PERIODS) {
    const length = PERIOD_MS[period];
    const current = Math.floor(now() / length) * length;
    for (let i = 0; i < MAX_CANDLES + 300; i++) {
      rows.push({ symbol: 'btc', period, time: current - i * length, open: '1', high: '2', low: '1', close: '2', volume: '3' });
    }
  }
  await upsertCandles(s.ctx.db, rows);
  const { token } = await s.register();
  const chartBefore = new Map<string, Candle[]>();
  for (const period of KLINE_PERIODS) {
    chartBefore.set(period, (await s.call<Candle[]>('GET', `/h5/symbol/getHistoryKline?symbol=btc&period=${period}&size=${MAX_CANDLES}`, { token })).data);
  }

  await forgetOldCandles(s.ctx.db, now(), 100);
  const total = [...(await candleCounts()).values()].reduce((a, [n]) => a + n, 0);
  assert.is(total, KLINE_PERIODS.length * (MAX_CANDLES + 300) - 100, 'at most the given rows a statement');

  const fetcher = new Fetcher({
    db: s.ctx.db,
    exchange: simulatedExchange(new SimulatedMarket({ seed: 'prune', now })),
    symbols: ['btc'],
    precision: precisionOf,
    now,
  });
  await fetcher.cycle();
  const counts = await candleCounts();
  for (const period of KLINE_PERIODS) {
    assert.equal(counts.get(period), [MAX_CANDLES, candleKeepFrom(period, now())], `${period}: the newest ${MAX_CANDLES}, the forming one included`);
    const chart = (await s.call<Candle[]>('GET', `/h5/symbol/getHistoryKline?symbol=btc&period=${period}&size=${MAX_CANDLES}`, { token })).data;
    assert.equal(chart.map((c) => c.time), chartBefore.get(period)!.map((c) => c.time), `${period}: the chart shows what it showed`);
  }
  assert.is(candleKeepFrom('1min', Date.UTC(2026, 0, 2, 0, 0, 30)), Date.UTC(2026, 0, 2) - 499 * 60_000, '1min: 8 h 19 min back from the forming minute');
  assert.is(candleKeepFrom('1day', Date.UTC(2026, 0, 2, 12)), Date.UTC(2026, 0, 2) - 499 * 86_400_000, '1day: 499 days before today');
});

test.run();
