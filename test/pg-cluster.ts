/** Throwaway PostgreSQL clusters for `npm run test:pg` and the server load bench. */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** PostgreSQL refuses to run as root, so the cluster belongs to the `postgres` user then. */
function asClusterOwner(cmd: string, args: string[]): void {
  const quoted = [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const res =
    process.getuid?.() === 0
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (res.status !== 0) throw new Error(`${path.basename(cmd)} failed: ${res.stderr}${res.stdout}`);
}

/**
 * A throwaway PostgreSQL 15 cluster in a temp directory on a free port, tuned for speed over
 * durability; `stop()` removes it. For tests and benchmarks, never for data that matters.
 */
export interface Cluster {
  url: string;
  port: number;
  /** The cluster's data directory (its `postmaster.pid` names the server process). */
  dataDir: string;
  /** Stops the server and removes the cluster. */
  stop(): void;
  /** `pg_ctl start`, or `stop`/`restart` in a shutdown mode, as an operator (or a failover) would. */
  ctl(action: 'start' | 'stop' | 'restart', mode?: 'fast' | 'immediate'): void;
  /** Sends `signal` to the postmaster and every backend: SIGSTOP freezes the server with its connections open. */
  signalAll(signal: 'SIGSTOP' | 'SIGCONT'): void;
}

/**
 * `durableCommits`: keep `synchronous_commit` on, for tests that stop the server with `-m immediate`
 * (an acknowledged commit must survive that; with it off, the last ones are lost by design).
 */
export async function startCluster(o: { durableCommits?: boolean } = {}): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tl-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  asClusterOwner(path.join(BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off${o.durableCommits ? '' : ' -c synchronous_commit=off'} -c full_page_writes=off -c max_connections=200`;
  const pgCtl = (action: string, mode?: string) =>
    asClusterOwner(path.join(BIN, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, ...(mode ? ['-m', mode] : []), action]);
  pgCtl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir: data,
    ctl: pgCtl,
    signalAll: (signal) => {
      const postmaster = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(postmaster, signal);
      for (const pid of childrenOf(postmaster)) {
        try {
          process.kill(pid, signal);
        } catch (e) {
          // A backend that ended since it was listed (a closed connection) needs no signal.
          if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
        }
      }
    },
    stop: () => {
      try {
        asClusterOwner(path.join(BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function childrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) pids.push(Number(name));
    } catch {
      // The process ended while the list was read.
    }
  }
  return pids;
}

function userIds(name: string): { uid: number; gid: number } {
  const out = spawnSync('id', [name]).stdout.toString();
  return { uid: Number(/uid=(\d+)/.exec(out)![1]), gid: Number(/gid=(\d+)/.exec(out)![1]) };
}
