/**
 * The server under the app's polling: 2,000 signed-in users each asking for the ticker list and
 * their chart's candles every 5 s (800 requests/s), from a load generator in its own process
 * (bench/pollers.ts), against the built server (dist-server/) on PGlite and on PostgreSQL 15 (a
 * throwaway cluster, as `npm run test:pg` starts). Reports latency p50/p95/p99, errors, and the
 * server's resident memory: the peak of its first start on an empty data directory, idle, under
 * load, and the peak of any second (the kernel's high-water mark, so nothing between samples is missed).
 *
 *   npm run bench:server                          both databases, 30 s measured after 20 s warm-up
 *   BENCH_DB=pglite npm run bench:server          one database (pglite | postgres)
 *   BENCH_RUNS=3 BENCH_SECONDS=60 npm run bench:server
 *   BENCH_USERS=2000 npm run bench:server         more users (requests/s = users × 2 / 5)
 *   BENCH_SERVER=../old/dist-server/server.js npm run bench:server   another build (e.g. an older
 *                                                 commit's), for a before/after comparison
 *   BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench:server   profile the server
 *   LOG_LEVEL=warn npm run bench:server           the server's log level (default info, as deployed)
 *
 * Users and their sessions are written straight into the database (signing in 2,000 users through
 * the API would measure password hashing and the sign-in rate limits). Needs `npm run build`;
 * writes bench/server-results.json.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { hashToken } from '../server/auth/session.ts';
import { openDatabase } from '../server/db/client.ts';
import { sessions, users } from '../server/db/schema/index.ts';
import { startServer, type ServerHandle } from '../test/e2e/harness.ts';
import { startCluster } from '../test/pg-cluster.ts';
import { startCommand } from '../test/start-command.ts';
import type { PollResult } from './pollers.ts';

const USERS = Number(process.env.BENCH_USERS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const KINDS = (process.env.BENCH_DB ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const BUNDLE = process.env.BENCH_SERVER;
const GOALS = { p99: 50, rssMb: 256 };
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** Signed-in users straight in the database: one session token each. */
async function seedUsers(options: { databaseUrl?: string; dataDir?: string }, count: number): Promise<string[]> {
  const database = await openDatabase(options);
  try {
    const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
    await database.db.delete(users).where(like(users.username, 'poller%'));
    const made = await database.db
      .insert(users)
      .values(tokens.map((_, i) => ({ username: `poller${i}`, passwordHash: 'none', inviteCode: `P${i}` })))
      .returning({ id: users.id });
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    await database.db.insert(sessions).values(made.map((u, i) => ({ userId: u.id, tokenHash: hashToken(tokens[i]!), expiresAt })));
    return tokens;
  } finally {
    await database.close();
  }
}

/**
 * The most a process has been resident since it began (VmHWM, kept by the kernel): the peak from
 * its first second, including the moments a sampler would miss.
 */
function peakRss(pid: number): number {
  const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!hwm) throw new Error(`the server (pid ${pid}) has exited`);
  return Math.round(Number(hwm[1]) / 1024);
}

/** Resident memory (MB) and CPU time (s) of a process, from /proc. */
function usage(pid: number): { rssMb: number; cpuS: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = /VmRSS:\s+(\d+)/.exec(status);
  if (!rss) throw new Error(`the server (pid ${pid}) has exited`);
  const rssKb = Number(rss[1]);
  // Fields after the command name, which is in parentheses and may hold spaces.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { rssMb: Math.round(rssKb / 1024), cpuS: (Number(fields[11]) + Number(fields[12])) / TICKS };
}

function runPollers(base: string, tokensFile: string): Promise<PollResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', new URL('./pollers.ts', import.meta.url).pathname], {
      env: { ...process.env, BASE: base, TOKENS: tokensFile, SECONDS: String(SECONDS), WARMUP: String(WARMUP) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as PollResult) : reject(new Error(`load generator exited with ${code}`))));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface RunResult extends PollResult {
  database: string;
  run: number;
  rssIdleMb: number;
  rssLoadPeakMb: number;
  rssAfterMb: number;
  /** Peak of the first start on an empty directory, from its first second. */
  rssFirstStartMb: number;
  /** Peak of either process (first start; restart through the load), from its first second. */
  rssPeakMb: number;
  serverCpuPercent: number;
  /** Server CPU time per request: what the server's own work costs, however busy the machine is. */
  serverCpuMsPerRequest: number;
  /** The machine's 1-minute load average at the end: other programs sharing the cores. */
  loadAvg: number;
}

async function runOnce(kind: 'pglite' | 'postgres', run: number, scratch: string): Promise<RunResult> {
  const cluster = kind === 'postgres' ? await startCluster() : undefined;
  let server: ServerHandle | undefined;
  try {
    // The server as `npm start` runs it (node options and environment), then the bench's own.
    const start = startCommand();
    const env = {
      ...start.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
    };
    const nodeArgs = [...start.nodeArgs, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
    // An empty data directory: the first start creates, migrates and seeds it, as a new install does.
    server = await startServer({ env, nodeArgs, fresh: true, wasmTierUp: true, ...(BUNDLE ? { bundle: BUNDLE } : {}) });
    const rssFirstStartMb = peakRss(server.pid()!);
    // The users go in while no server holds the database.
    await server.halt();
    const tokens = await seedUsers(cluster ? { databaseUrl: cluster.url } : { dataDir: server.dataDir }, USERS);
    await server.start();
    const tokensFile = path.join(scratch, `tokens-${kind}-${run}.json`);
    await writeFile(tokensFile, JSON.stringify(tokens));

    const pid = server.pid()!;
    await sleep(5000);
    const idle = usage(pid);
    let peak = idle.rssMb;
    // A server that died mid-run is reported with its output, not as a crash of the bench.
    let lost: unknown;
    const sample = (read: () => void) => {
      try {
        read();
      } catch (e) {
        lost ??= e;
      }
    };
    const sampler = setInterval(() => sample(() => (peak = Math.max(peak, usage(pid).rssMb))), 500);
    // Server CPU over the measured seconds only, as the generator counts requests.
    let cpuFrom = 0;
    let cpuTo = 0;
    const marks = [
      setTimeout(() => sample(() => (cpuFrom = usage(pid).cpuS)), WARMUP * 1000),
      setTimeout(() => sample(() => (cpuTo = usage(pid).cpuS)), (WARMUP + SECONDS) * 1000),
    ];
    const result = await runPollers(server.url, tokensFile).finally(() => {
      clearInterval(sampler);
      marks.forEach(clearTimeout);
    });
    if (lost) throw lost;
    const loadAvg = Number(os.loadavg()[0]!.toFixed(1));
    await sleep(5000);
    const rssRestartPeakMb = peakRss(pid);
    return {
      database: cluster ? 'PostgreSQL 15' : 'PGlite',
      run,
      ...result,
      rssIdleMb: idle.rssMb,
      rssLoadPeakMb: peak,
      rssAfterMb: usage(pid).rssMb,
      rssFirstStartMb,
      rssPeakMb: Math.max(rssFirstStartMb, rssRestartPeakMb),
      serverCpuPercent: Math.round((100 * (cpuTo - cpuFrom)) / SECONDS),
      serverCpuMsPerRequest: Number(((1000 * (cpuTo - cpuFrom)) / result.requests).toFixed(2)),
      loadAvg,
    };
  } catch (e) {
    if (server) console.error(server.output().slice(-4000));
    throw e;
  } finally {
    await server?.stop();
    cluster?.stop();
  }
}

async function main(): Promise<void> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'trade-lite-bench-'));
  const results: RunResult[] = [];
  try {
    for (const kind of KINDS) {
      for (let run = 1; run <= RUNS; run++) {
        const r = await runOnce(kind, run, scratch);
        results.push(r);
        console.log(
          `${r.database} run ${run}: ${r.perSecond} req/s, p50 ${r.ms.p50} ms, p95 ${r.ms.p95} ms, p99 ${r.ms.p99} ms, ` +
            `max ${r.ms.max} ms, errors ${r.errors}${r.errorSamples.length ? ' (' + r.errorSamples.join('; ') + ')' : ''}, ` +
            `RSS first start ≤ ${r.rssFirstStartMb} MB, idle ${r.rssIdleMb} MB, under load ≤ ${r.rssLoadPeakMb} MB, peak ${r.rssPeakMb} MB, server CPU ${r.serverCpuPercent}% ` +
            `(${r.serverCpuMsPerRequest} ms per request), generator lag p99 ${r.generatorLagP99} ms, load average ${r.loadAvg}`,
        );
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  console.log(`\n${USERS} users polling tickers + candles every 5 s, ${SECONDS} s measured after ${WARMUP} s warm-up:\n`);
  console.log('| database | run | req/s | p50 | p95 | p99 | max | errors | RSS first start (peak) | RSS idle | RSS under load (peak) | RSS peak, any second | server CPU per request | load average |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const over = (v: number, goal: number) => (v > goal ? ' (over)' : '');
    console.log(
      `| ${r.database} | ${r.run} | ${r.perSecond} | ${r.ms.p50} ms | ${r.ms.p95} ms | ${r.ms.p99} ms${over(r.ms.p99, GOALS.p99)} | ${r.ms.max} ms | ` +
        `${r.errors} | ${r.rssFirstStartMb} MB | ${r.rssIdleMb} MB | ${r.rssLoadPeakMb} MB | ${r.rssPeakMb} MB${over(r.rssPeakMb, GOALS.rssMb)} | ${r.serverCpuMsPerRequest} ms | ${r.loadAvg} |`,
    );
  }
  console.log(`\ngoals: p99 ≤ ${GOALS.p99} ms, 0 errors, RSS ≤ ${GOALS.rssMb} MB at every second from the first start (RSS peaks are the kernel's VmHWM)`);
  await writeFile(new URL('./server-results.json', import.meta.url), JSON.stringify({ users: USERS, seconds: SECONDS, goals: GOALS, results }, null, 2) + '\n');
}

await main();
