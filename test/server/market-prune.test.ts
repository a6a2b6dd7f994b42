/**
 * One-second prices (about a million rows a day with twelve symbols) are kept only as long as
 * settlement can need them: the fetching process deletes older ones once a minute, oldest first
 * and an hour of them at a time, and never one an open order may still settle at.
 */
import { and, asc, eq } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { marketCandles, marketFeed, marketSeconds } from '../../server/db/schema/index.ts';
import { precisionOf } from '../../server/market/config.ts';
import { simulatedExchange } from '../../server/market/feeds/simulated.ts';
import { Fetcher, keepSecondsFor, PRUNE_EVERY_MS } from '../../server/market/fetcher.ts';
import { SimulatedMarket } from '../../server/market/simulator.ts';
import { storedPriceAt, upsertSeconds } from '../../server/market/store.ts';
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

test.run();
