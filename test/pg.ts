/**
 * Runs the server test files against PostgreSQL 15, one database per file. With DATABASE_URL set
 * it uses that server (the URL's user must be allowed to create databases); otherwise it starts a
 * throwaway cluster in a temp directory on a free port and removes it after.
 * Usage: npm run test:pg [-- name-filter]
 *
 * The schema is migrated and seeded once, into a template database; each file gets a copy of it
 * (`CREATE DATABASE … TEMPLATE`, a file copy on the server) instead of migrating its own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../server/db/client.ts';
import { seedDemo } from '../server/seed/index.ts';
import { DEMO_FUND_PASSWORD, DEMO_PASSWORD, DEMO_USERNAME } from '../server/seed/content.ts';
import { failuresIn, recordFlakes } from '../scripts/flakes.mjs';
import { startCluster } from './pg-cluster.ts';
import { cheapenPasswords } from './server/cheap-hash.ts';

const CONCURRENCY = 4;

/**
 * Files about the embedded database or the log's disk, which start PGlite whatever DATABASE_URL
 * says: on PostgreSQL they would run exactly as `npm run test:server` already ran them.
 */
const EMBEDDED_ONLY = new Set(['db-lock.test.ts', 'disk-full.test.ts', 'log-full.test.ts']);

/**
 * Files whose outcome does not depend on the database: HTTP framing and headers, static pages, the
 * API's documents, the request log, upload limits met before anything is written, pure functions.
 * `npm run test:server` runs them; a second run on PostgreSQL would check the same code paths again
 * (about a minute of CI's two cores).
 */
const DATABASE_AGNOSTIC = new Set([
  'answer-headers.test.ts',
  'asyncapi.test.ts',
  'engines.test.ts',
  'error-keys.test.ts',
  'font-link.test.ts',
  'http.test.ts',
  'log-secrets.test.ts',
  'openapi-client.test.ts',
  'openapi.test.ts',
  'request-log.test.ts',
  'schemas.test.ts',
  'static.test.ts',
  'strict-body.test.ts',
  'strict-query.test.ts',
  'suite.test.ts',
  'test-clock.test.ts',
  'upload-full-disk.test.ts',
  'upload-limits.test.ts',
  'ws-cap.test.ts',
  'ws-catch-up.test.ts',
]);

const withDatabase = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  return url.toString();
};

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A migrated, seeded database named `name` (default: one for this process); answers its name. */
export async function createTemplate(serverUrl: string, name = `tl${process.pid}_template`): Promise<string> {
  await admin(serverUrl, (c) => c.query(`create database ${name}`));
  const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, name) });
  try {
    await migrateDatabase(database);
    await seedDemo(database.db, { demoAccount: true });
    await cheapenPasswords(database.db, DEMO_USERNAME, { password: DEMO_PASSWORD, fundPassword: DEMO_FUND_PASSWORD });
  } finally {
    await database.close();
  }
  return name;
}

/** A copy of `template` named `name`; answers its URL. */
export async function cloneDatabase(serverUrl: string, template: string, name: string): Promise<string> {
  await admin(serverUrl, (c) => c.query(`create database ${name} template ${template}`));
  return withDatabase(serverUrl, name);
}

export const dropDatabase = (serverUrl: string, name: string): Promise<unknown> =>
  admin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));

/** Where a file's run writes its failures (test/suite.ts), for a flake to be kept with them. */
let scratch = '';
const failuresOf = (file: string) => path.join(scratch, `${path.basename(file)}.failures`);

function runFile(file: string, databaseUrl: string, failures: string): Promise<{ file: string; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      env: { ...process.env, DATABASE_URL: databaseUrl, FORCE_COLOR: '0', TEST_FAILURES: failures },
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
    .filter((f) => f.endsWith('.test.ts') && !EMBEDDED_ONLY.has(f) && !DATABASE_AGNOSTIC.has(f) && (!filter || f.includes(filter)))
    .sort()
    .map((f) => path.join('test/server', f));
  scratch = mkdtempSync(path.join(tmpdir(), 'test-pg-'));
  const cluster = process.env.DATABASE_URL ? undefined : await startCluster();
  const adminUrl = process.env.DATABASE_URL ?? cluster!.url;
  const run = `tl${process.pid}`;
  const started = Date.now();
  const failed: string[] = [];
  const flaky: string[] = [];
  let template: string | undefined;
  try {
    template = await createTemplate(adminUrl, `${run}_template`);
    let n = 0;
    const runOnCopy = async (file: string) => {
      const db = `${run}_${n++}`;
      const from = Date.now();
      const result = await runFile(file, await cloneDatabase(adminUrl, template!, db), failuresOf(file));
      await dropDatabase(adminUrl, db);
      console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.file} ${((Date.now() - from) / 1000).toFixed(1)} s`);
      if (!result.ok) console.log(result.output);
      return result.ok;
    };
    const queue = [...files];
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) if (!(await runOnCopy(file))) failed.push(file);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // As scripts/test-again.mjs does for the other suites: a file that failed among the others is
    // run once more alone; it passes only if that run passes, and is named.
    for (const file of [...failed]) {
      console.log(`running again, alone: ${file}`);
      const first = failuresIn(failuresOf(file));
      rmSync(failuresOf(file), { force: true });
      if (await runOnCopy(file)) {
        failed.splice(failed.indexOf(file), 1);
        flaky.push(file);
        recordFlakes('test/server (PostgreSQL)', [path.basename(file)], first);
      }
    }
  } finally {
    if (template && !cluster) await dropDatabase(adminUrl, template);
    cluster?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  if (flaky.length) console.log(`flaky: ${flaky.join(', ')} failed among the others and passed alone (the first failure is above)`);
  console.log(`${files.length - failed.length}/${files.length} files passed on PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return failed.length ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
