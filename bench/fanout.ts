/**
 * The fan-out of the public ticker list behind nginx: deploy/nginx.conf (ports swapped, Debian's
 * nginx, one worker) in front of two built server processes on a throwaway PostgreSQL 15 cluster,
 * and a load generator in its own process (bench/fanout-pollers.ts) with N phones polling the list
 * every 5 s through nginx. For each N, with nginx's micro-cache and without it: the rate at which
 * requests reached the two servers (their own metrics), nginx's latency p50/p99 as the generator
 * sees it, and the CPU and resident memory of the servers and of nginx over the measured seconds.
 * Loopback only; every run is bounded by BENCH_SECONDS.
 *
 *   npm run bench:fanout                                 2,000 and 20,000 pollers, cache on and off
 *   BENCH_POLLERS=2000,5000,10000 BENCH_CACHE=on npm run bench:fanout
 *   BENCH_SECONDS=60 BENCH_WARMUP=10 BENCH_SOCKETS=256 npm run bench:fanout
 *
 * Needs `npm run build`, nginx (NGINX, default /usr/sbin/nginx) and PostgreSQL 15 (as `npm run
 * test:pg`). Writes bench/fanout-results.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startCluster } from '../test/pg-cluster.ts';
import { freePort, startNginx, stopNginx } from '../test/server/nginx-process.ts';
import { startServerProcess, type ServerProcess } from '../test/server/server-process.ts';
import type { FanoutResult } from './fanout-pollers.ts';

const POLLERS = (process.env.BENCH_POLLERS ?? '2000,20000').split(',').map(Number);
const CACHE = (process.env.BENCH_CACHE ?? 'on,off').split(',').map((v) => v === 'on');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 256);
const ROUTE = '/h5/symbol/getHomeTickerList';
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** CPU seconds, resident and peak resident MB of a process, from /proc. */
function usage(pid: number): { cpuS: number; rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { cpuS: (Number(fields[11]) + Number(fields[12])) / TICKS, rssMb: Math.round(kb('VmRSS') / 1024), hwmMb: Math.round(kb('VmHWM') / 1024) };
}

/** nginx's worker, the one child of the master that serves (beside the cache manager and loader). */
function workerOf(master: ChildProcess): number {
  const children = readFileSync(`/proc/${master.pid}/task/${master.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  const workers = children.filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('worker process'));
  if (workers.length !== 1) throw new Error(`nginx has ${workers.length} workers`);
  return workers[0]!;
}

function runPollers(base: string, pollers: number): Promise<FanoutResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', new URL('./fanout-pollers.ts', import.meta.url).pathname], {
      env: { ...process.env, BASE: base, POLLERS: String(pollers), SECONDS: String(SECONDS), WARMUP: String(WARMUP), SOCKETS: String(SOCKETS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as FanoutResult) : reject(new Error(`load generator exited with ${code}`))));
  });
}

interface Row extends Omit<FanoutResult, 'cache'> {
  cache: boolean;
  /** Requests a second that reached the two servers over the measured seconds. */
  originPerSecond: number;
  /** CPU of both servers together, percent of one core. */
  serversCpuPercent: number;
  nginxCpuPercent: number;
  /** Resident MB of each server at the end, and the most either reached. */
  serversRssMb: number[];
  serversPeakRssMb: number;
  nginxRssMb: number;
  loadAvg: number;
  /** nginx's answers by X-Cache, as the generator counted them. */
  cacheStatuses: Record<string, number>;
}

async function measure(servers: ServerProcess[], dir: string, pollers: number, cache: boolean): Promise<Row> {
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const nginxDir = await mkdtemp(path.join(dir, `nginx-${pollers}-${cache ? 'on' : 'off'}-`));
  const nginx = await startNginx({
    dir: nginxDir,
    upstreams: [new URL(servers[0]!.url).host, new URL(servers[1]!.url).host],
    httpPort,
    httpsPort,
    // Each client connection may hold one to a server too (without the cache, every request does).
    workerConnections: 2 * SOCKETS + 512,
    cache,
  });
  try {
    const worker = workerOf(nginx);
    const origin = async () => (await Promise.all(servers.map((s) => s.answered(ROUTE)))).reduce((a, b) => a + b, 0);
    let from: { origin: number; cpu: number[]; nginx: number } | undefined;
    let to: typeof from;
    const mark = async () => ({ origin: await origin(), cpu: servers.map((s) => usage(s.pid).cpuS), nginx: usage(worker).cpuS });
    const marks = [
      setTimeout(() => void mark().then((m) => (from = m)), WARMUP * 1000),
      setTimeout(() => void mark().then((m) => (to = m)), (WARMUP + SECONDS) * 1000),
    ];
    const result = await runPollers(`http://127.0.0.1:${httpPort}`, pollers).finally(() => marks.forEach(clearTimeout));
    if (!from || !to) throw new Error('the measured seconds were not marked');
    const { cache: cacheStatuses, ...rest } = result;
    const serversUse = servers.map((s) => usage(s.pid));
    return {
      ...rest,
      cache,
      cacheStatuses,
      originPerSecond: Number(((to.origin - from.origin) / SECONDS).toFixed(1)),
      serversCpuPercent: Math.round((100 * to.cpu.reduce((a, b, i) => a + b - from!.cpu[i]!, 0)) / SECONDS),
      nginxCpuPercent: Math.round((100 * (to.nginx - from.nginx)) / SECONDS),
      serversRssMb: serversUse.map((u) => u.rssMb),
      serversPeakRssMb: Math.max(...serversUse.map((u) => u.hwmMb)),
      nginxRssMb: usage(worker).rssMb,
      loadAvg: Number(os.loadavg()[0]!.toFixed(1)),
    };
  } finally {
    await stopNginx(nginx);
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'trade-lite-fanout-'));
  const cluster = await startCluster();
  const servers: ServerProcess[] = [];
  const rows: Row[] = [];
  try {
    // The system clock (prices move every second, as in production); the first start migrates.
    const env = { DATABASE_URL: cluster.url, TRUST_PROXY: '1', TEST_CLOCK: '0', MALLOC_ARENA_MAX: '1' };
    servers.push(await startServerProcess(path.join(dir, 'one'), env));
    servers.push(await startServerProcess(path.join(dir, 'two'), env));
    for (const pollers of POLLERS) {
      for (const cache of CACHE) {
        const r = await measure(servers, dir, pollers, cache);
        rows.push(r);
        console.log(
          `${pollers} pollers, cache ${cache ? 'on' : 'off'}: ${r.perSecond} req/s through nginx, ${r.originPerSecond} req/s reached the servers; ` +
            `p50 ${r.ms.p50} ms, p99 ${r.ms.p99} ms; servers ${r.serversCpuPercent} % CPU, RSS ${r.serversRssMb.join(' + ')} MB (peak ${r.serversPeakRssMb}); ` +
            `nginx ${r.nginxCpuPercent} % CPU, ${r.nginxRssMb} MB; errors ${r.errors}; ${JSON.stringify(r.statuses)} ${JSON.stringify(r.cacheStatuses)}; ` +
            `generator lag p99 ${r.generatorLagP99} ms; load ${r.loadAvg}`,
        );
      }
    }
    console.log(`\n| pollers | cache | req/s through nginx | reached the servers | p50 | p99 | servers' CPU | servers' RSS (peak) | nginx CPU / RSS | errors |\n|---|---|---|---|---|---|---|---|---|---|`);
    for (const r of rows) {
      console.log(
        `| ${r.pollers.toLocaleString('en')} | ${r.cache ? 'on' : 'off'} | ${r.perSecond} | ${r.originPerSecond}/s | ${r.ms.p50} ms | ${r.ms.p99} ms | ${r.serversCpuPercent} % | ${r.serversRssMb.join(' + ')} MB (${r.serversPeakRssMb}) | ${r.nginxCpuPercent} % / ${r.nginxRssMb} MB | ${r.errors} |`,
      );
    }
    await writeFile(new URL('./fanout-results.json', import.meta.url), JSON.stringify({ seconds: SECONDS, warmup: WARMUP, sockets: SOCKETS, rows }, null, 2) + '\n');
  } finally {
    await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    cluster.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
