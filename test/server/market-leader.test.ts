/**
 * One fetcher across processes: two servers on one PostgreSQL with an exchange feed, only one of
 * them fetching; when it dies the other takes over within seconds and prices keep coming. Needs
 * DATABASE_URL (PGlite is one process's database): runs under `npm run test:pg`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { skipWithout, suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { until } from '../until.ts';
import type { Ticker } from '../../src/shared/contract.ts';
import { startFakeExchange, type FakeExchange } from './fake-exchange.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const url = process.env.DATABASE_URL;
const test = suite('market feed leader across processes');

let ex: FakeExchange | undefined;
let trading: NodeJS.Timeout | undefined;
const servers: ServerProcess[] = [];
const dirs: string[] = [];

/** The exchange trades BTC every 200 ms at a price that only rises: a newer price is a larger one. */
let cents = 6_500_000;
const trade = () => ex!.trade('BTCUSDT', Math.floor(Date.now() / 1000), ((cents += 1) / 100).toFixed(2));

const btc = async (s: ServerProcess) =>
  (await s.call<Ticker[]>('GET', '/h5/symbol/getHomeTickerList')).data.find((t) => t.symbol === 'btc');

test.after(async () => {
  clearInterval(trading);
  await Promise.all(servers.map((s) => s.kill('SIGTERM')));
  await ex?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

skipWithout(test, !url && 'needs PostgreSQL (npm run test:pg)')('one process fetches; when it is killed the other takes over within seconds', async () => {
  ex = await startFakeExchange();
  for (let s = Math.floor(Date.now() / 1000) - 120; s <= Math.floor(Date.now() / 1000); s++) ex.trade('BTCUSDT', s, (cents / 100).toFixed(2));
  trading = setInterval(trade, 200);
  const env = { MARKET_FEED: 'binance', MARKET_FEED_URL: ex.url, MARKET_SYMBOLS: 'btc:BTCUSDT', LOG_LEVEL: 'info' };
  for (let i = 0; i < 2; i++) dirs.push(mkdtempSync(path.join(tmpdir(), 'tl-feed-')));
  servers.push(...(await Promise.all(dirs.map((d) => startServerProcess(d, env)))));
  for (const s of servers) await until('both serve the exchange price', async () => ((await btc(s))?.price ? true : undefined), { ms: 30_000, every: 200 });
  const leading = (s: ServerProcess) => (s.output().match(/leading; filling the gap/g) ?? []).length;
  await until('one leads', async () => (leading(servers[0]!) + leading(servers[1]!) === 1 ? true : undefined), { ms: 10_000, every: 200 });
  const [leader, follower] = leading(servers[0]!) ? [servers[0]!, servers[1]!] : [servers[1]!, servers[0]!];
  assert.is(leading(follower), 0, 'the exchange sees one client');
  const before = Number((await btc(follower))!.price);
  await leader.kill('SIGKILL');
  const killedAt = Date.now();
  await until('the follower leads', async () => (leading(follower) === 1 ? true : undefined), { ms: 10_000, every: 200 });
  const tookOver = Date.now() - killedAt;
  console.log(`  took over in ${tookOver} ms`);
  assert.ok(tookOver < 5000, `took over in ${tookOver} ms`);
  const after = await until('prices move again', async () => {
    const p = Number((await btc(follower))!.price);
    return p > before + 0.05 ? p : undefined;
  }, { ms: 10_000, every: 200 });
  assert.ok(after > before);
  const lines = () => follower.output().split('\n').filter((l) => l.includes('market feed')).map((l) => /"msg":"([^"]*)"/.exec(l)?.[1] ?? l);
  await until('the log says it is connected', async () => (lines().length >= 3 ? true : undefined), { ms: 5000, every: 200 });
  assert.equal(lines(), ['market feed binance: another process fetches now', 'market feed binance: leading; filling the gap from the exchange\'s history', 'market feed binance: connected'], 'one line per change of state');
});

test.run();
