/**
 * The leader tells the other processes when it wrote (PostgreSQL NOTIFY): a real server process
 * fetches from a local exchange, and this test process follows it the way every other server
 * process does, with its once-a-second re-read switched off, so only a notice can bring it a new
 * price. Needs DATABASE_URL: runs under `npm run test:pg`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { until } from '../until.ts';
import type { Ticker } from '../../src/shared/contract.ts';
import type { Database } from '../../server/db/client.ts';
import { pgTimeoutsFromEnv } from '../../server/db/pg-pool.ts';
import { followWrites, MARKET_CHANNEL, type WriteFollower } from '../../server/market/notify.ts';
import { StoredMarket } from '../../server/market/stored.ts';
import { openTestDatabase } from './db.ts';
import { startFakeExchange, type FakeExchange } from './fake-exchange.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const url = process.env.DATABASE_URL;
const test = suite('market notices across processes');
/** Without PostgreSQL the PGlite run counts these as skipped; `npm run test:pg` runs them. */
const pgTest = url ? test : test.skip;

let ex: FakeExchange | undefined;
let server: ServerProcess | undefined;
let database: Database | undefined;
let follower: WriteFollower | undefined;
let dir: string | undefined;
const lines: string[] = [];

const now = () => Math.floor(Date.now() / 1000);
/** The exchange's BTC trades at `price` from now on (and in the seconds just before, so no spike hold). */
const tradeAt = (price: string) => {
  for (let s = now() - 2; s <= now() + 30; s++) ex!.trade('BTCUSDT', s, price);
};

test.after(async () => {
  await follower?.stop();
  await server?.kill('SIGTERM');
  await database?.close();
  await ex?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

pgTest('a process hears each write of the leader and serves the new price without polling', async () => {
  ex = await startFakeExchange();
  for (let s = now() - 120; s <= now() + 30; s++) ex.trade('BTCUSDT', s, '65000.00');
  dir = mkdtempSync(path.join(tmpdir(), 'tl-notify-'));
  server = await startServerProcess(dir, { MARKET_FEED: 'binance', MARKET_FEED_URL: ex.url, MARKET_SYMBOLS: 'btc:BTCUSDT' });
  database = await openTestDatabase();
  const market = new StoredMarket({ db: database.db, symbols: ['btc'], now: Date.now, staleMs: 10_000 });
  follower = await followWrites({
    connectionString: url!,
    timeouts: pgTimeoutsFromEnv(),
    refresh: () => market.refresh(),
    log: (m) => lines.push(m),
    // Ten minutes: within this test only a notice (or getting the connection back) re-reads.
    pollMs: 600_000,
  });
  assert.ok(follower.listening(), 'listening from the start');
  const btc = () => market.tickers().find((t) => t.symbol === 'btc')?.price;
  await until('the follower has the leader\'s first price', () => (btc() === '65000.00' ? true : undefined), { ms: 15_000 });

  tradeAt('65010.00');
  const changed = Date.now();
  await until('the follower has the new price', () => (btc() === '65010.00' ? true : undefined), { ms: 5000 });
  console.log(`  a new price reached the follower ${Date.now() - changed} ms after the exchange had it`);
  const served = (await server.call<Ticker[]>('GET', '/h5/symbol/getHomeTickerList')).data.find((t) => t.symbol === 'btc')!.price;
  assert.is(served, '65010.00', 'the leader serves the same price');
});

pgTest('notices missed while the connection was down are made up for when it is back', async () => {
  const market = new StoredMarket({ db: database!.db, symbols: ['btc'], now: Date.now, staleMs: 10_000 });
  await follower!.stop();
  follower = await followWrites({ connectionString: url!, timeouts: pgTimeoutsFromEnv(), refresh: () => market.refresh(), log: (m) => lines.push(m), pollMs: 600_000 });
  const btc = () => market.tickers().find((t) => t.symbol === 'btc')?.price;
  await until('the follower has the price', () => (btc() === '65010.00' ? true : undefined), { ms: 5000 });
  // Every LISTEN connection on the market channel is cut, the server process's too.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = $1 and pid <> pg_backend_pid()`, [`LISTEN ${MARKET_CHANNEL}`]);
    assert.ok((rowCount ?? 0) >= 2, `the follower's and the server's listeners were cut (${rowCount})`);
  } finally {
    await admin.end();
  }
  await until('the follower notices', () => (follower!.listening() ? undefined : true), { ms: 5000 });
  tradeAt('65020.00');
  await until('the follower has the price written while it was deaf', () => (btc() === '65020.00' ? true : undefined), { ms: 15_000 });
  await until('it listens again', () => (follower!.listening() ? true : undefined), { ms: 15_000 });
  tradeAt('65030.00');
  await until('and hears the next write', () => (btc() === '65030.00' ? true : undefined), { ms: 5000 });
  assert.ok(lines.some((l) => l.includes('connection lost')), 'the loss is logged');
  assert.ok(lines.some((l) => l.includes('listening again')), 'the return is logged');
  const served = (await server!.call<Ticker[]>('GET', '/h5/symbol/getHomeTickerList')).data.find((t) => t.symbol === 'btc')!.price;
  assert.is(served, '65030.00', 'the server process hears again too');
});

test.run();
