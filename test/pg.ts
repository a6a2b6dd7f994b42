/**
 * Runs the server test files against PostgreSQL 15, one fresh database per file. With
 * DATABASE_URL set it uses that server (the URL's user must be allowed to create databases);
 * otherwise it starts a throwaway cluster in a temp directory on a free port and removes it after.
 * Usage: npm run test:pg [-- name-filter]
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startCluster } from './pg-cluster.ts';

const CONCURRENCY = 4;

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
