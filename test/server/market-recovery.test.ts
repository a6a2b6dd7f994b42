/**
 * How soon prices flow again once their source is back, in real time: an exchange down for a while
 * is asked again within the backoff's cap, so trusted prices are stored within 10 s of its return;
 * the simulator's prices return within 2 s of a database fault ending; a 429's Retry-After is
 * waited out, no more and no less.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { skipWithout, test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { precisionOf } from '../../server/market/config.ts';
import { binance } from '../../server/market/feeds/binance.ts';
import { FeedError, RateLimited } from '../../server/market/feeds/types.ts';
import { backoffMs, MAX_BACKOFF_MS, retryWaitMs, runFeed } from '../../server/market/feed-loop.ts';
import { Fetcher } from '../../server/market/fetcher.ts';
import { soleLeader } from '../../server/market/leader.ts';
import { startMarketFeed } from '../../server/market/start.ts';
import { marketCandles, marketFeed, marketGaps, marketSeconds } from '../../server/db/schema/index.ts';
import { openDatabase } from '../../server/db/client.ts';
import { pgliteTemplate } from './db.ts';
import { startFakeExchange } from './fake-exchange.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { mountTmpfs, tmpfsMissing } from './tmpfs.ts';

const SYMBOLS = ['btc'] as const;

test('the wait after a failure: at most 5 s for an exchange, a tick for the database, exactly the Retry-After of a 429', () => {
  for (let failures = 1; failures <= 40; failures++) {
    assert.ok(backoffMs(failures, () => 1) <= MAX_BACKOFF_MS, `failure ${failures}: ${backoffMs(failures, () => 1)} ms`);
    assert.ok(retryWaitMs(new FeedError('HTTP 503'), failures, 1000, () => 1) <= 5000);
    assert.is(retryWaitMs(new Error('relation "market_feed" does not exist'), failures, 1000), 1000, 'our database: next tick');
    assert.is(retryWaitMs(new RateLimited(429, 7000), failures), 7000, 'what the exchange said');
    assert.is(retryWaitMs(new RateLimited(429, 1500), failures), 1500, 'not longer because earlier tries failed');
  }
  assert.is(backoffMs(1, () => 1), 1000, 'the first retry comes after a second');
});

test('an exchange back after 16 s down has trusted prices stored within 10 s of its return', async () => {
  const ex = await startFakeExchange();
  const s = await startTestServer();
  for (const table of [marketFeed, marketCandles, marketSeconds, marketGaps]) await s.ctx.db.delete(table);
  const tradeNow = () => {
    const now = Math.floor(Date.now() / 1000);
    for (let at = now - 120; at <= now; at++) if (!ex.trades.get('BTCUSDT')?.has(at)) ex.trade('BTCUSDT', at, '65000.00');
  };
  tradeNow();
  const trading = setInterval(tradeNow, 200);
  ex.downUntil = Date.now() + 16_000;
  let back!: (at: number) => void;
  const stored = new Promise<number>((resolve) => (back = resolve));
  const lines: string[] = [];
  const fetcher = new Fetcher({ db: s.ctx.db, exchange: binance({ symbols: SYMBOLS, baseUrl: ex.url }), symbols: SYMBOLS, precision: precisionOf, now: Date.now });
  // The slowest jitter: every wait is the whole of its ceiling.
  const loop = runFeed({ fetcher, leadership: soleLeader, log: { info: (m) => lines.push(m), warn: (m) => lines.push(m) }, name: 'binance', random: () => 1, onPass: () => back(Date.now()) });
  try {
    const at = await stored;
    const [row] = await s.ctx.db.select().from(marketFeed);
    assert.ok(row && row.priceTime >= ex.downUntil - 1000, 'a price from after the return is stored');
    assert.ok(at - ex.downUntil <= 10_000, `stored ${at - ex.downUntil} ms after the exchange was back`);
    assert.match(lines[1] ?? '', /^market feed binance: delayed \(.*HTTP 503 down for maintenance\); retrying with backoff$/);
    assert.equal(lines.filter((l) => !l.includes('delayed')), ["market feed binance: leading; filling the gap from the exchange's history", 'market feed binance: recovered'], 'one line per change of state, however many tries failed');
    assert.is(lines.filter((l) => l.includes('delayed')).length, 1);
  } finally {
    clearInterval(trading);
    await loop.stop();
    await s.close();
    await ex.close();
  }
});

test("the simulator's prices return within 2 s of a database fault ending", async () => {
  const s = await startTestServer();
  const waiters: Array<{ line: RegExp; resolve: () => void }> = [];
  const heard = (line: RegExp) => new Promise<void>((resolve) => waiters.push({ line, resolve }));
  const say = (m: string) => {
    for (const w of waiters.filter((w) => w.line.test(m))) w.resolve();
  };
  const connected = heard(/connected$/);
  const feed = await startMarketFeed(s.ctx, { info: say, warn: say });
  try {
    await connected;
    const delayed = heard(/delayed/);
    // Every pass writes the feed rows: without their table each one fails, as on a full disk.
    await s.ctx.db.execute(sql`alter table market_feed rename to market_feed_away`);
    await delayed;
    // Fixed wait: the fault lasts long enough for an exponential backoff to have grown past 2 s
    // (1, 2, 4 s with jitter). The feed tries again on real timers and says nothing per try.
    await new Promise((r) => setTimeout(r, 8000));
    const recovered = heard(/recovered$/);
    await s.ctx.db.execute(sql`alter table market_feed_away rename to market_feed`);
    const healthy = Date.now();
    await recovered;
    assert.ok(Date.now() - healthy <= 2000, `prices again ${Date.now() - healthy} ms after the database was`);
  } finally {
    await feed?.stop();
    await s.close();
  }
});

skipWithout(test, tmpfsMissing())("the simulator's prices return within 2 s of a full disk being freed", async () => {
  const disk = mountTmpfs(80);
  let s: TestServer | undefined;
  let feed: Awaited<ReturnType<typeof startMarketFeed>>;
  // The simulator trades on with time: each second brings rows that need room on the disk.
  let ticking: NodeJS.Timeout | undefined;
  try {
    const pglite = await PGlite.create({ dataDir: path.join(disk.dir, 'db'), loadDataDir: await pgliteTemplate() });
    s = await startTestServer({}, { database: await openDatabase({ pglite }) });
    const clock = s.clock;
    ticking = setInterval(() => clock.advance(1000), 100);
    const waiters: Array<{ line: RegExp; resolve: () => void }> = [];
    const heard = (line: RegExp) => new Promise<void>((resolve) => waiters.push({ line, resolve }));
    const say = (m: string) => {
      for (const w of waiters.filter((w) => w.line.test(m))) w.resolve();
    };
    const connected = heard(/connected$/);
    feed = await startMarketFeed(s.ctx, { info: say, warn: say }, { tickMs: 200 });
    await connected;
    const delayed = heard(/delayed/);
    const filler = disk.fill();
    await delayed;
    // Fixed wait: as above, long enough for a backoff to have grown past 2 s.
    await new Promise((r) => setTimeout(r, 8000));
    const recovered = heard(/recovered$/);
    rmSync(filler);
    const freed = Date.now();
    await recovered;
    assert.ok(Date.now() - freed <= 2000, `prices again ${Date.now() - freed} ms after the disk was freed`);
  } finally {
    clearInterval(ticking);
    await feed?.stop();
    await s?.close().catch(() => {});
    disk.unmount();
  }
});

test.run();
