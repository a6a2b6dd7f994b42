/**
 * What orders and their settlement write to PostgreSQL, for the capacity model in
 * docs/deployment.md: one built server process on a throwaway PostgreSQL 15 cluster, `BENCH_USERS`
 * funded users placing 1-minute orders back to back for `BENCH_SECONDS`, then the server's test
 * clock moved past their expiry and the settlement job left to pay them. For each phase: orders a
 * second, request latency, and from PostgreSQL the transactions, rows inserted and updated and WAL
 * bytes per order (pg_stat_database, read after the backends' 10 s idle flush; pg_current_wal_lsn).
 *
 *   npm run bench:writes
 *   BENCH_USERS=20 BENCH_SECONDS=10 npm run bench:writes
 *
 * Needs `npm run build` and PostgreSQL 15 (as `npm run test:pg`). Loopback only.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { hashToken } from '../server/auth/session.ts';
import { openDatabase } from '../server/db/client.ts';
import { sessions, users } from '../server/db/schema/index.ts';
import type { Play } from '../src/shared/contract.ts';
import { startCluster } from '../test/pg-cluster.ts';
import { startServerProcess } from '../test/server/server-process.ts';

const USERS = Number(process.env.BENCH_USERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** PostgreSQL 15 backends flush their statistics at most 10 s after going idle. */
const STATS_FLUSH_MS = 11_000;

interface Counters {
  commits: number;
  inserted: number;
  updated: number;
  deleted: number;
  wal: string;
}

async function counters(client: pg.Client): Promise<Counters> {
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query(
    `select xact_commit::bigint as commits, tup_inserted::bigint as inserted, tup_updated::bigint as updated, tup_deleted::bigint as deleted, pg_current_wal_lsn()::text as wal
       from pg_stat_database where datname = current_database()`,
  );
  const r = rows[0] as Record<string, string>;
  return { commits: Number(r.commits), inserted: Number(r.inserted), updated: Number(r.updated), deleted: Number(r.deleted), wal: r.wal! };
}

const walBetween = async (client: pg.Client, from: Counters, to: Counters) =>
  Number(((await client.query('select pg_wal_lsn_diff($1, $2)::bigint as bytes', [to.wal, from.wal])).rows[0] as { bytes: string }).bytes);

/** What the server writes with no order at all (the market's seconds, the jobs' passes), a second. */
interface Idle {
  commits: number;
  inserted: number;
  updated: number;
  deleted: number;
  wal: number;
}

/** Per order, less what the idle server would have written in the same `seconds`. */
async function perOrder(client: pg.Client, from: Counters, to: Counters, seconds: number, idle: Idle, orders: number) {
  const per = (n: number, key: keyof Idle) => Number(((n - idle[key] * seconds) / orders).toFixed(1));
  return {
    commits: per(to.commits - from.commits, 'commits'),
    rowsInserted: per(to.inserted - from.inserted, 'inserted'),
    rowsUpdated: per(to.updated - from.updated, 'updated'),
    rowsDeleted: per(to.deleted - from.deleted, 'deleted'),
    walBytes: Math.round(per(await walBetween(client, from, to), 'wal')),
  };
}

/** CPU seconds a process has used, from /proc (USER_HZ 100). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const at = (xs: number[], p: number) => Number((xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)] ?? NaN).toFixed(1));

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'trade-lite-writes-'));
  const cluster = await startCluster();
  const client = new pg.Client({ connectionString: cluster.url });
  try {
    // The first start migrates and seeds; the users go in straight after, with a session each.
    const server = await startServerProcess(path.join(dir, 'one'), { DATABASE_URL: cluster.url });
    const database = await openDatabase({ databaseUrl: cluster.url });
    const tokens = Array.from({ length: USERS }, () => randomBytes(32).toString('base64url'));
    try {
      const made = await database.db
        .insert(users)
        .values(tokens.map((_, i) => ({ username: `writer${i}`, passwordHash: 'none', inviteCode: `W${i}` })))
        .returning({ id: users.id });
      await database.db.insert(sessions).values(made.map((u, i) => ({ userId: u.id, tokenHash: hashToken(tokens[i]!), expiresAt: new Date(Date.now() + 86_400_000) })));
    } finally {
      await database.close();
    }
    for (let i = 0; i < USERS; i++) {
      const funded = await server.operator('POST', '/balance', { username: `writer${i}`, amount: '+1000000', reason: 'bench funds' });
      if (funded.code !== 200) throw new Error(`funding: ${funded.msg}`);
    }
    const plays = (await server.call<Play[]>('GET', '/h5/symbol/getPlays')).data;
    const play = plays.find((p) => p.seconds === 60) ?? plays[0]!;
    await client.connect();

    await sleep(STATS_FLUSH_MS);
    const idleFrom = await counters(client);
    const idleStart = performance.now();
    await sleep(3 * STATS_FLUSH_MS);
    const before = await counters(client);
    const idleSeconds = (performance.now() - idleStart) / 1000;
    const idle: Idle = {
      commits: (before.commits - idleFrom.commits) / idleSeconds,
      inserted: (before.inserted - idleFrom.inserted) / idleSeconds,
      updated: (before.updated - idleFrom.updated) / idleSeconds,
      deleted: (before.deleted - idleFrom.deleted) / idleSeconds,
      wal: (await walBetween(client, idleFrom, before)) / idleSeconds,
    };
    const phaseStart = performance.now();
    const cpuFrom = cpuSeconds(server.pid);
    const latencies: number[] = [];
    let refused = 0;
    const started = performance.now();
    await Promise.all(
      tokens.map(async (token, u) => {
        for (let n = 0; performance.now() - started < SECONDS * 1000; n++) {
          const query = { symbol: 'btc', playId: String(play.id), direction: n % 2 ? 'up' : 'down', amount: String(play.minAmount) };
          const sent = performance.now();
          const placed = await server.call('POST', '/h5/order/saveContactOrder', { token, query, body: {}, headers: { 'idempotency-key': `w${u}-${n}` } });
          latencies.push(performance.now() - sent);
          if (placed.code !== 200) refused++;
        }
      }),
    );
    const placeSeconds = (performance.now() - started) / 1000;
    const cpuPlaced = cpuSeconds(server.pid);
    const orders = latencies.length - refused;
    await sleep(STATS_FLUSH_MS);
    const placedCounters = await counters(client);
    const placePhase = (performance.now() - phaseStart) / 1000;

    // Every order falls due at once: the settlement job's own pace.
    const cpuBeforeSettle = cpuSeconds(server.pid);
    await server.advanceClock((play.seconds + 5) * 1000);
    const settlePhaseStart = performance.now();
    const settleStart = settlePhaseStart;
    for (;;) {
      const { rows } = await client.query(`select count(*)::int as n from contract_orders where status = 'open'`);
      if ((rows[0] as { n: number }).n === 0) break;
      if (performance.now() - settleStart > 120_000) throw new Error('settlement did not finish within 2 minutes');
      await sleep(100);
    }
    const settleSeconds = (performance.now() - settleStart) / 1000;
    const cpuSettled = cpuSeconds(server.pid);
    await sleep(STATS_FLUSH_MS);
    const settledCounters = await counters(client);
    const settlePhase = (performance.now() - settlePhaseStart) / 1000;

    const result = {
      users: USERS,
      place: {
        orders,
        refused,
        perSecond: Math.round(orders / placeSeconds),
        ms: { p50: at(latencies, 0.5), p99: at(latencies, 0.99) },
        serverCpuMsPerOrder: Number(((1000 * (cpuPlaced - cpuFrom)) / orders).toFixed(2)),
        perOrder: await perOrder(client, before, placedCounters, placePhase, idle, orders),
      },
      settle: {
        seconds: Number(settleSeconds.toFixed(1)),
        perSecond: Math.round(orders / settleSeconds),
        serverCpuMsPerOrder: Number(((1000 * (cpuSettled - cpuBeforeSettle)) / orders).toFixed(2)),
        perOrder: await perOrder(client, placedCounters, settledCounters, settlePhase, idle, orders) },
      idlePerSecond: Object.fromEntries(Object.entries(idle).map(([k, v]) => [k, Number(v.toFixed(1))])),
      loadAvg: Number(os.loadavg()[0]!.toFixed(1)),
    };
    console.log(JSON.stringify(result, null, 2));
    await server.kill('SIGTERM');
  } finally {
    await client.end().catch(() => {});
    cluster.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
