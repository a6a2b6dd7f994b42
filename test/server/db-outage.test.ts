/**
 * Two server processes on a PostgreSQL that restarts (`pg_ctl restart -m fast`) and then stops
 * at once (`-m immediate`) for a few seconds, under a load of orders with Idempotency-Keys: both
 * processes stay up, answer 503 envelopes meanwhile (never hanging past the query timeout), answer
 * again within seconds of the database's return, and no acknowledged order is lost or doubled;
 * settlement, the daily job and cross-process pushes work afterwards. Then PostgreSQL freezes
 * (SIGSTOP: connections open, no bytes) and calls answer 503 within the query timeout. The cluster is the test's own (the shared
 * one of `npm run test:pg` serves other files at the same time). Needs PostgreSQL: runs under
 * `npm run test:pg` only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { skipWithout, test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { ContractOrder, Envelope, Play, UserInfo } from '../../src/shared/contract.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { startCluster, type Cluster } from '../pg-cluster.ts';
import { until } from '../until.ts';
import { ledgerTotals } from './ledger-checks.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { TestSocket } from './ws-client.ts';

const enabled = !!process.env.DATABASE_URL;
/** Small timeouts keep the test short; the bound a client may wait follows from them. */
const ENV = { DATABASE_QUERY_TIMEOUT_SECONDS: '3', DATABASE_CONNECT_TIMEOUT_SECONDS: '2', LOG_LEVEL: 'info' };
/** Query timeout + the client's grace + a connect timeout, with room for a busy machine. */
const BOUND_MS = 12_000;
const WORKERS = 8;

let cluster: Cluster | undefined;
let db: Database | undefined;
const servers: ServerProcess[] = [];
const dirs: string[] = [];
const sockets: TestSocket[] = [];

test.after(async () => {
  for (const s of sockets) s.close();
  await Promise.all(servers.map((s) => s.kill('SIGKILL')));
  await db?.close().catch(() => {});
  try {
    cluster?.stop();
  } catch {
    // Already stopped: the directory is removed all the same.
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  env?: Envelope<unknown>;
  retryAfter: string | null;
  ms: number;
  error?: string;
}

/** One call over HTTP, whatever the status; a broken connection is an answer too. */
async function call(s: ServerProcess, method: 'GET' | 'POST', route: string, o: { token?: string; query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const started = Date.now();
  const qs = o.query ? `?${new URLSearchParams(o.query)}` : '';
  try {
    const res = await fetch(`${s.url}/prod-api${route}${qs}`, {
      method,
      headers: { ...(o.token ? { authorization: o.token } : {}), ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}), ...o.headers },
      ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let env: Envelope<unknown> | undefined;
    try {
      env = JSON.parse(text) as Envelope<unknown>;
    } catch {
      // Not JSON: counted below as a wrong answer.
    }
    return { status: res.status, env, retryAfter: res.headers.get('retry-after'), ms: Date.now() - started };
  } catch (e) {
    return { status: 0, retryAfter: null, ms: Date.now() - started, error: String((e as Error).cause ?? e) };
  }
}

/** Waits until `s` places an order again; answers how long that took. */
async function answersAgain(s: ServerProcess, token: string, playId: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const a = await call(s, 'POST', '/h5/order/saveContactOrder', { token, query: { symbol: 'btc', playId: String(playId), direction: 'up', amount: '10' }, headers: { 'idempotency-key': `probe-${s.pid}-${started}` } });
    if (a.status === 200 && a.env?.code === 200) return Date.now() - started;
    assert.ok(Date.now() - started < 30_000, `process ${s.pid} did not answer within 30 s of the database's return: ${JSON.stringify(a)}`);
    await sleep(200);
  }
}

const pgTest = skipWithout(test, !enabled && 'needs PostgreSQL (npm run test:pg)');

pgTest('a PostgreSQL restart and an immediate stop under load: both processes ride them out, nothing acknowledged is lost or doubled', async () => {
  cluster = await startCluster({ durableCommits: true });
  const url = new URL(cluster.url);
  url.pathname = '/outage';
  const admin = await openDatabase({ databaseUrl: cluster.url, poolMax: 1 });
  await admin.pool!.query('create database outage');
  await admin.close();
  dirs.push(mkdtempSync(path.join(tmpdir(), 'tl-outage-')), mkdtempSync(path.join(tmpdir(), 'tl-outage-')));
  const env = { ...ENV, DATABASE_URL: url.toString() };
  servers.push(...(await Promise.all(dirs.map((dir) => startServerProcess(dir, env)))));
  const [one, two] = servers as [ServerProcess, ServerProcess];
  db = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });

  const users: Array<{ username: string; token: string; userId: number }> = [];
  for (let i = 0; i < 4; i++) {
    const username = `outage${process.pid % 10000}u${i}`;
    const token = (await one.call<string>('POST', '/h5/user/register', { body: { username, password: 'glass-river-58', confirmPassword: 'glass-river-58' } })).data;
    const { userId } = (await one.call<UserInfo>('POST', '/h5/user/getUserInfo', { token })).data;
    assert.is((await one.operator('POST', '/balance', { username, amount: '+100000', reason: 'test funds' })).code, 200);
    users.push({ username, token, userId });
  }
  // Savings that earn while the outages come and go: the daily job must pay them afterwards.
  assert.is((await one.call('POST', '/h5/user/openProfit', { token: users[0]!.token, body: { direction: 'in', amount: '1000' } })).code, 200);
  const play = (await one.call<Play[]>('GET', '/h5/symbol/getPlays')).data.find((p) => p.seconds === 60)!;

  // The load: each worker places orders, each with its own key, and retries a key until it gets
  // an answer that is not "try again" (503 or a broken connection), as the app's retry would.
  // Prices delayed is a refusal to try again later too: the feed stores no price while the
  // database is away, and its first pass after the return may come after the first orders.
  const acked = new Map<string, string>();
  const wrong: Answer[] = [];
  const unavailable: Answer[] = [];
  const delayed: Answer[] = [];
  let slowest = 0;
  let stop = false;
  let n = 0;
  const worker = async (w: number) => {
    const u = users[w % users.length]!;
    const s = w % 2 ? two : one;
    while (!stop) {
      const key = `outage-${w}-${++n}`;
      for (;;) {
        const a = await call(s, 'POST', '/h5/order/saveContactOrder', { token: u.token, query: { symbol: 'btc', playId: String(play.id), direction: key.length % 2 ? 'up' : 'down', amount: '10' }, headers: { 'idempotency-key': key } });
        slowest = Math.max(slowest, a.ms);
        if (a.status === 200 && a.env?.code === 200) {
          acked.set(key, (a.env.data as ContractOrder).orderNo);
          break;
        }
        if (a.status === 503 && a.env?.code === 503) unavailable.push(a);
        else if (a.status === 409 && a.env?.key === 'market.stale') delayed.push(a);
        else if (a.status !== 0) wrong.push(a);
        await sleep(100);
      }
    }
  };
  const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));

  // Each phase lasts until the load has met it: orders answered, or refused while the database is away.
  const moreOrders = (n: number, what: string) => {
    const from = acked.size;
    return until(what, () => acked.size >= from + n, { ms: 30_000 });
  };
  await moreOrders(10, 'orders acknowledged before the restart');
  cluster.ctl('restart', 'fast');
  const afterRestart = await Promise.all([answersAgain(one, users[0]!.token, play.id), answersAgain(two, users[1]!.token, play.id)]);
  await moreOrders(10, 'orders acknowledged after the restart');
  cluster.ctl('stop', 'immediate');
  const refusedBefore = unavailable.length;
  await until('/readyz says not ready', async () => (await fetch(`${one.url}/readyz`)).status === 503, { ms: 30_000 });
  const ready = await fetch(`${one.url}/readyz`);
  const readyBody = (await ready.json()) as { checks: Record<string, string> };
  assert.is(ready.status, 503, '/readyz says not ready while the database is stopped');
  assert.match(readyBody.checks.database!, /unreachable/);
  await until('the load refused while the database is stopped', () => unavailable.length >= refusedBefore + 8, { ms: 30_000 });
  cluster.ctl('start');
  const afterStart = await Promise.all([answersAgain(one, users[2]!.token, play.id), answersAgain(two, users[3]!.token, play.id)]);
  await moreOrders(10, 'orders acknowledged after the start');
  stop = true;
  await load;
  console.log(`  answering again ${afterRestart.map((ms) => `${ms} ms`).join(', ')} after the restart, ${afterStart.map((ms) => `${ms} ms`).join(', ')} after the start; ${acked.size} orders acknowledged, ${unavailable.length} answers 503, ${delayed.length} prices delayed, slowest ${slowest} ms`);

  assert.is(await Promise.race([one.exited, two.exited, sleep(10).then(() => 'running')]), 'running', 'both processes are still running');
  assert.equal(wrong.slice(0, 3), [], 'every answer was an order, a 503 envelope or prices delayed');
  assert.ok(unavailable.length > 0, 'clients got 503 envelopes during the outage');
  for (const a of unavailable) {
    assert.is(a.env!.key, 'http.unavailable');
    assert.ok(Number(a.retryAfter) > 0, 'with Retry-After');
  }
  assert.ok(slowest < BOUND_MS, `no request waited over ${BOUND_MS} ms (slowest ${slowest} ms)`);
  for (const ms of [...afterRestart, ...afterStart]) assert.ok(ms < 15_000, `answering again within seconds (${ms} ms)`);

  // Every acknowledged order is stored once, and nothing else was stored for these keys' users.
  const ids = users.map((u) => u.userId);
  const stored = ((await db.db.execute(sql`select order_no as "orderNo" from contract_orders where user_id in (${sql.raw(ids.join(','))})`)) as unknown as { rows: Array<{ orderNo: string }> }).rows.map((r) => r.orderNo);
  for (const orderNo of acked.values()) assert.ok(stored.includes(orderNo), `acknowledged order ${orderNo} is stored`);
  assert.is(stored.length, acked.size + 4, `only the acknowledged orders and the four probes are stored: ${JSON.stringify(stored.filter((o) => ![...acked.values()].includes(o)))}`);
  assert.is(new Set(acked.values()).size, acked.size, 'no two keys got the same order');
  const t = await ledgerTotals(db.db, ids);
  for (const w of t.wallets) assert.is(w.balance, w.billAmount, `user ${w.userId}: balance = sum of bills`);

  // Settlement and the daily job resume: two days on, every order is due and a day of interest too.
  await Promise.all([one.advanceClock(2 * 86_400_000), two.advanceClock(2 * 86_400_000)]);
  const started = Date.now();
  for (;;) {
    const [row] = ((await db.db.execute(sql`select
        (select count(*) from contract_orders where status = 'open' and user_id in (${sql.raw(ids.join(','))}))::int as open,
        (select count(*) from savings_income where user_id = ${users[0]!.userId})::int as paid`)) as unknown as { rows: Array<{ open: number; paid: number }> }).rows;
    if (row!.open === 0 && row!.paid > 0) break;
    assert.ok(Date.now() - started < 20_000, `settlement or the daily job did not resume: ${JSON.stringify(row)}`);
    await sleep(200);
  }
  const settled = await ledgerTotals(db.db, ids);
  assert.is(settled.settlementBillsTwice, 0, 'no order paid twice');

  // Pushes cross processes again: the LISTEN connection of each process listens anew.
  for (const [from, to] of [[one, two], [two, one]] as const) {
    const socket = await TestSocket.open(`${to.url.replace('http', 'ws')}/prod-api/ws`);
    sockets.push(socket);
    socket.send(JSON.stringify({ type: 'auth', token: users[0]!.token }));
    assert.is((await socket.nextJson()).type, 'ready');
    const deadline = Date.now() + 15_000;
    let pushed = false;
    // The listener re-listens within its backoff; an operator credit made before that is not heard.
    while (!pushed && Date.now() < deadline) {
      assert.is((await from.operator('POST', '/balance', { username: users[0]!.username, amount: '+1', reason: 'after the outage' })).code, 200);
      pushed = await socket.nextJson(1000).then((m) => m.code === 'balance', () => false);
    }
    assert.ok(pushed, 'a credit on one process is pushed by the other');
  }

  const log = one.output() + two.output();
  assert.match(log, 'database unavailable (PostgreSQL 127.0.0.1', 'the outage is logged with the database it concerns');
  assert.match(log, 'database reachable again', 'and its end');
  assert.not.match(log, 'Unhandled', 'no unhandled error event');
  assert.not.match(log, 'postgres://', 'no connection string (and so no password) in the log');
});

pgTest('a frozen PostgreSQL (connections open, no bytes): calls answer 503 within the query timeout, and serve again when it thaws', async () => {
  assert.ok(servers.length === 2 && cluster, 'the test before left its cluster and two servers running');
  const [one, two] = servers as [ServerProcess, ServerProcess];
  const token = (await one.call<string>('POST', '/login', { body: { username: 'demo01', password: 'demo1234' } })).data;
  const play = (await one.call<Play[]>('GET', '/h5/symbol/getPlays')).data.find((p) => p.seconds === 60)!;
  cluster.signalAll('SIGSTOP');
  let answers: Answer[];
  try {
    answers = await Promise.all(
      [one, two].flatMap((s, i) => [
        call(s, 'POST', '/login', { body: { username: 'demo01', password: 'demo1234' } }),
        call(s, 'POST', '/h5/user/getUserInfo', { token }),
        call(s, 'POST', '/h5/order/saveContactOrder', { token, query: { symbol: 'btc', playId: String(play.id), direction: 'up', amount: '10' }, headers: { 'idempotency-key': `frozen-${i}` } }),
      ]),
    );
    const ready = await fetch(`${one.url}/readyz`, { signal: AbortSignal.timeout(BOUND_MS) });
    assert.is(ready.status, 503, '/readyz says not ready while the database is frozen');
  } finally {
    cluster.signalAll('SIGCONT');
  }
  for (const a of answers) {
    assert.is(a.status, 503, `a 503, not a hang: ${JSON.stringify(a)}`);
    assert.is(a.env?.key, 'http.unavailable');
    assert.ok(a.ms < BOUND_MS, `answered within ${BOUND_MS} ms (${a.ms} ms)`);
  }
  console.log(`  frozen: answers in ${answers.map((a) => a.ms).join(', ')} ms`);
  await Promise.all([answersAgain(one, token, play.id), answersAgain(two, token, play.id)]);
});

test.run();
