/**
 * Push sockets at scale, on loopback: two built server processes (as `npm start` runs them: node
 * options and environment) on a throwaway PostgreSQL 15 cluster; N signed-in users (written
 * straight into the database) each open one idle socket to process B. Reports:
 * - B's resident memory and V8 heap per socket (idle before, idle with the N sockets; the heap
 *   from B's own metrics, the least of a few samples, so a collection pending does not count);
 * - push latency from an operator's credit sent to process A (its transaction commits there, and
 *   its push crosses by LISTEN/NOTIFY) to the `balance` frame on that user's socket held by B,
 *   p50/p99 over BENCH_PUSHES users one after another;
 * - a notice to everyone sent to A: from the call to each of the N sockets' `mes` frame on B,
 *   p50/p99/max over the sockets, BENCH_NOTICES times.
 * Every socket is opened and read by this process; the frames' arrival includes its own work.
 *
 *   npm run bench:sockets                         10,000 sockets, 200 credits, 3 notices
 *   BENCH_SOCKETS=2000 BENCH_PUSHES=50 BENCH_NOTICES=1 npm run bench:sockets
 *
 * Each socket is a file descriptor in this process and in B: when `ulimit -n` is below what N
 * needs, the bench runs itself again under a shell that raises it to the hard limit. Needs
 * `npm run build` and PostgreSQL 15 (as `npm run test:pg`). Writes bench/sockets-results.json.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { like } from 'drizzle-orm';
import WebSocket from 'ws';
import { hashToken } from '../server/auth/session.ts';
import { openDatabase } from '../server/db/client.ts';
import { sessions, users } from '../server/db/schema/index.ts';
import { openFileLimit } from '../server/ws/cap.ts';
import { startCluster, type Cluster } from '../test/pg-cluster.ts';
import { OPERATOR_KEY, startServerProcess, type ServerProcess } from '../test/server/server-process.ts';
import { startCommand } from '../test/start-command.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 200);
const NOTICES = Number(process.env.BENCH_NOTICES ?? 3);
/** Sockets being opened at once: a phone fleet reconnecting after a restart comes about this fast. */
const OPENING = 200;
/** Descriptors beyond the sockets: the database, files, this runtime's own. */
const FD_SPARE = 1024;
const REEXEC = 'BENCH_SOCKETS_RAISED';

/** Runs this script again with `ulimit -n` raised to the hard limit; answers false when no raise is needed. */
function raiseFileLimit(): boolean {
  const soft = openFileLimit();
  if (soft === null || soft >= SOCKETS + FD_SPARE) return false;
  if (process.env[REEXEC]) throw new Error(`ulimit -n is ${soft} after raising it: ${SOCKETS} sockets need ${SOCKETS + FD_SPARE}; raise the hard limit`);
  console.log(`ulimit -n is ${soft}; running again with the hard limit`);
  const child = spawn('sh', ['-c', 'ulimit -n "$(ulimit -Hn)" && exec "$0" "$@"', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [REEXEC]: '1' },
    stdio: 'inherit',
  });
  child.on('exit', (code) => process.exit(code ?? 1));
  return true;
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1));
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

/** The least heap in use over a few seconds (B's metrics): what stays after a collection. */
async function heapKb(server: ServerProcess): Promise<number> {
  let least = Infinity;
  for (let i = 0; i < 5; i++) {
    const text = await (await fetch(`${server.adminUrl}/admin/metrics`, { headers: { 'x-operator-key': OPERATOR_KEY } })).text();
    least = Math.min(least, Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)![1]) / 1024);
    await sleep(1000);
  }
  return least;
}

interface Users {
  tokens: string[];
  names: string[];
}

/** Signed-in users straight in the database (signing in through the API would measure password hashing). */
async function seedUsers(databaseUrl: string, count: number): Promise<Users> {
  const database = await openDatabase({ databaseUrl });
  try {
    const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
    const names = tokens.map((_, i) => `socket${i}`);
    await database.db.delete(users).where(like(users.username, 'socket%'));
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    for (let from = 0; from < count; from += 1000) {
      const made = await database.db
        .insert(users)
        .values(names.slice(from, from + 1000).map((username, i) => ({ username, passwordHash: 'none', inviteCode: `S${from + i}` })))
        .returning({ id: users.id });
      await database.db.insert(sessions).values(made.map((u, i) => ({ userId: u.id, tokenHash: hashToken(tokens[from + i]!), expiresAt })));
    }
    return { tokens, names };
  } finally {
    await database.close();
  }
}

/** One user's socket: signed in, and where each push code's next frame is awaited. */
interface Held {
  ws: WebSocket;
  waiting: Map<string, (at: number) => void>;
}

function openSocket(url: string, token: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const held: Held = { ws, waiting: new Map() };
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('error', reject);
    ws.on('close', (code, reason) => reject(new Error(`socket closed with ${code} ${reason.toString()}`)));
    ws.on('message', (data) => {
      const at = now();
      const text = data.toString();
      if (text === 'pong') return;
      const msg = JSON.parse(text) as { type?: string; code?: string; key?: string };
      if (msg.type === 'ready') return resolve(held);
      if (msg.type === 'error') return reject(new Error(`refused: ${msg.key}`));
      const waiter = msg.code && held.waiting.get(msg.code);
      if (waiter) {
        held.waiting.delete(msg.code!);
        waiter(at);
      }
    });
  });
}

function nextFrame(held: Held, code: string, ms = 30_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${code} within ${ms} ms`)), ms);
    held.waiting.set(code, (at) => {
      clearTimeout(timer);
      resolve(at);
    });
  });
}

async function main(): Promise<void> {
  if (raiseFileLimit()) return;
  console.log(`ulimit -n ${openFileLimit() ?? 'unlimited'}; ${SOCKETS} sockets, ${PUSHES} credits, ${NOTICES} notices`);
  let cluster: Cluster | undefined;
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const held: Held[] = [];
  try {
    cluster = await startCluster();
    const start = startCommand();
    const env = { ...start.env, NODE_OPTIONS: start.nodeArgs.join(' '), DATABASE_URL: cluster.url, WS_MAX_SOCKETS: String(SOCKETS + 100) };
    for (let i = 0; i < 2; i++) {
      dirs.push(mkdtempSync(path.join(os.tmpdir(), 'tl-sockets-')));
      // One after the other: the first migrates and seeds the database.
      servers.push(await startServerProcess(dirs[i]!, env));
    }
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const people = await seedUsers(cluster.url, SOCKETS);
    await sleep(3000);
    const idle = { rssKb: rssKb(b.pid), heapKb: await heapKb(b) };

    const url = `${b.url.replace('http', 'ws')}/prod-api/ws`;
    const opened = now();
    for (let from = 0; from < SOCKETS; from += OPENING) {
      const batch = people.tokens.slice(from, from + OPENING);
      held.push(...(await Promise.all(batch.map((token) => openSocket(url, token)))));
    }
    const openSeconds = (now() - opened) / 1000;
    // The app's heartbeat, so that the server keeps them past its 120 s of silence.
    const beat = setInterval(() => held.forEach((h) => h.ws.send('ping')), 50_000);
    await sleep(5000);
    const full = { rssKb: rssKb(b.pid), heapKb: await heapKb(b) };

    const credits: number[] = [];
    for (let i = 0; i < PUSHES; i++) {
      const k = Math.floor((i * SOCKETS) / PUSHES);
      const frame = nextFrame(held[k]!, 'balance');
      const sent = now();
      const res = await a.operator('POST', '/balance', { username: people.names[k], amount: '+1', reason: 'bench' });
      if (res.code !== 200) throw new Error(`credit refused: ${res.msg}`);
      credits.push((await frame) - sent);
    }
    credits.sort((x, y) => x - y);

    const notices: Array<{ p50: number; p99: number; max: number }> = [];
    for (let i = 0; i < NOTICES; i++) {
      const frames = held.map((h) => nextFrame(h, 'mes'));
      const sent = now();
      const res = await a.operator('POST', '/notice', { title: 'Bench', content: `notice ${i}` });
      if (res.code !== 200) throw new Error(`notice refused: ${res.msg}`);
      const times = (await Promise.all(frames)).map((at) => at - sent).sort((x, y) => x - y);
      notices.push({ p50: percentile(times, 50), p99: percentile(times, 99), max: percentile(times, 100) });
      await sleep(1000);
    }
    clearInterval(beat);

    const result = {
      sockets: SOCKETS,
      fileLimit: openFileLimit(),
      openSeconds: Number(openSeconds.toFixed(1)),
      idle: { rssMb: Math.round(idle.rssKb / 1024), heapMb: Math.round(idle.heapKb / 1024) },
      withSockets: { rssMb: Math.round(full.rssKb / 1024), heapMb: Math.round(full.heapKb / 1024) },
      perSocketKb: { rss: Number(((full.rssKb - idle.rssKb) / SOCKETS).toFixed(1)), heap: Number(((full.heapKb - idle.heapKb) / SOCKETS).toFixed(1)) },
      creditToFrameMs: { pushes: PUSHES, p50: percentile(credits, 50), p99: percentile(credits, 99), max: percentile(credits, 100) },
      noticeToFramesMs: notices,
      loadAvg: Number(os.loadavg()[0]!.toFixed(1)),
    };
    console.log(
      `${SOCKETS} sockets on one process (opened in ${result.openSeconds} s): RSS ${result.idle.rssMb} → ${result.withSockets.rssMb} MB, ` +
        `heap ${result.idle.heapMb} → ${result.withSockets.heapMb} MB; per socket ${result.perSocketKb.rss} KB resident, ${result.perSocketKb.heap} KB heap`,
    );
    console.log(`credit on A → balance frame on B: p50 ${result.creditToFrameMs.p50} ms, p99 ${result.creditToFrameMs.p99} ms, max ${result.creditToFrameMs.max} ms (${PUSHES} users)`);
    for (const [i, n] of notices.entries()) console.log(`notice ${i + 1} on A → mes on all ${SOCKETS} sockets on B: p50 ${n.p50} ms, p99 ${n.p99} ms, last ${n.max} ms`);
    console.log(`load average ${result.loadAvg}`);
    await writeFile(new URL('./sockets-results.json', import.meta.url), JSON.stringify(result, null, 2) + '\n');
  } catch (e) {
    for (const s of servers) console.error(s.output().slice(-3000));
    console.error(`failed with ${held.length} sockets open`);
    throw e;
  } finally {
    for (const h of held) h.ws.terminate();
    await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    cluster?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
