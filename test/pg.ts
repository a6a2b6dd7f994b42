/**
 * Runs the server test files against PostgreSQL 15, one fresh database per file. With
 * DATABASE_URL set it uses that server (the URL's user must be allowed to create databases);
 * otherwise it starts a throwaway cluster in a temp directory on a free port and removes it after.
 * Usage: npm run test:pg [-- name-filter]
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const CONCURRENCY = 4;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/** PostgreSQL refuses to run as root, so the cluster belongs to the `postgres` user then. */
function asClusterOwner(cmd: string, args: string[]): void {
  const quoted = [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const res =
    process.getuid?.() === 0
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (res.status !== 0) throw new Error(`${path.basename(cmd)} failed: ${res.stderr}${res.stdout}`);
}

async function startCluster(): Promise<{ url: string; stop(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tl-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  asClusterOwner(path.join(BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  asClusterOwner(path.join(BIN, 'pg_ctl'), [
    '-D', data, '-l', path.join(dir, 'log'), '-w', '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        asClusterOwner(path.join(BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  const out = spawnSync('id', [name]).stdout.toString();
  return { uid: Number(/uid=(\d+)/.exec(out)![1]), gid: Number(/gid=(\d+)/.exec(out)![1]) };
}

function runFile(file: string, databaseUrl: string): Promise<{ file: string; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      env: { ...process.env, DATABASE_URL: databaseUrl, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ file, ok: code === 0, output }));
  });
}

async function main(): Promise<number> {
  const filter = process.argv[2];
  const files = readdirSync('test/server')
    .filter((f) => f.endsWith('.test.ts') && (!filter || f.includes(filter)))
    .sort()
    .map((f) => path.join('test/server', f));
  const cluster = process.env.DATABASE_URL ? undefined : await startCluster();
  const adminUrl = process.env.DATABASE_URL ?? cluster!.url;
  const admin = new pg.Pool({ connectionString: adminUrl, max: CONCURRENCY });
  const run = `tl${process.pid}`;
  const started = Date.now();
  let failed = 0;
  try {
    const queue = files.map((file, i) => ({ file, db: `${run}_${i}` }));
    const worker = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        await admin.query(`create database ${job.db}`);
        const url = new URL(adminUrl);
        url.pathname = '/' + job.db;
        const result = await runFile(job.file, url.toString());
        await admin.query(`drop database if exists ${job.db} with (force)`);
        if (!result.ok) failed++;
        console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.file}`);
        if (!result.ok) console.log(result.output);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    await admin.end();
    cluster?.stop();
  }
  console.log(`${files.length - failed}/${files.length} files passed on PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
