/**
 * Start-up against a database that is not there: a host that accepts connections and never
 * answers makes the server give up after DATABASE_WAIT_SECONDS with a clear line (no hang, no
 * stack, no password); a PostgreSQL that is stopped is waited for and the server comes up once it
 * starts; a database that does not exist is said so plainly at once. The last two need PostgreSQL
 * (`npm run test:pg`); the cluster is the test's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { skipWithout, test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { startCluster, type Cluster } from '../pg-cluster.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const dirs: string[] = [];
const servers: ServerProcess[] = [];
let silent: Server | undefined;
const held: Socket[] = [];
let cluster: Cluster | undefined;
test.after(async () => {
  await Promise.all(servers.map((s) => s.kill('SIGKILL')));
  for (const s of held) s.destroy();
  silent?.close();
  try {
    cluster?.stop();
  } catch {
    // Already stopped.
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const dir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'tl-start-'));
  dirs.push(d);
  return d;
};

/** Starts a server that is expected to exit before its start-up line; answers its output. */
async function failedStart(env: Record<string, string>): Promise<{ output: string; ms: number }> {
  const started = Date.now();
  try {
    servers.push(await startServerProcess(dir(), env));
  } catch (e) {
    return { output: String((e as Error).message), ms: Date.now() - started };
  }
  throw new Error('the server started');
}

test('a host that accepts connections and never answers: the server gives up with a clear line', async () => {
  silent = createServer((socket) => void held.push(socket));
  await new Promise<void>((r) => silent!.listen(0, '127.0.0.1', r));
  const port = (silent.address() as { port: number }).port;
  const { output, ms } = await failedStart({
    DATABASE_URL: `postgres://trader:secretpw@127.0.0.1:${port}/tl`,
    DATABASE_WAIT_SECONDS: '3',
    DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
  });
  assert.match(output, 'exited with 1', 'a non-zero exit');
  assert.match(output, `database not reachable yet (PostgreSQL 127.0.0.1:${port}/tl): no answer within 1 s`, 'each attempt says what is wrong');
  assert.match(output, `database unreachable (PostgreSQL 127.0.0.1:${port}/tl)`, 'the last line names host, port and database');
  assert.match(output, /gave up after \d+(\.\d)? s \(DATABASE_WAIT_SECONDS=3\)/);
  assert.not.match(output, 'secretpw', 'never the password');
  assert.not.match(output, /\n\s+at /, 'no stack');
  assert.ok(ms < 60_000, `within the stated time (and start-up), not forever: ${ms} ms`);
});

const pgTest = skipWithout(test, !process.env.DATABASE_URL && 'needs PostgreSQL (npm run test:pg)');

pgTest('PostgreSQL stopped at start-up: the server waits and comes up once it starts', async () => {
  cluster = await startCluster();
  cluster.ctl('stop', 'fast');
  let waiting!: () => void;
  // Said twice: the server has tried again, and waits on, rather than giving up at the first refusal.
  const saidTwice = new Promise<void>((r) => (waiting = r));
  let said = 0;
  const starting = startServerProcess(dir(), { DATABASE_URL: cluster.url, DATABASE_WAIT_SECONDS: '120' }, (out) => {
    said += out.split('database not reachable yet').length - 1;
    if (said >= 2) waiting();
  });
  await saidTwice;
  cluster.ctl('start');
  const s = await starting;
  servers.push(s);
  assert.match(s.output(), `database not reachable yet (PostgreSQL 127.0.0.1:${cluster.port}/postgres): connection refused`, s.output().slice(0, 1500));
  assert.match(s.output(), 'database reachable');
  assert.is((await s.call('GET', '/h5/symbol/getPlays')).code, 200, 'and serves');
});

pgTest('a database that does not exist: said plainly, at once', async () => {
  assert.ok(cluster, 'the test before started its cluster');
  const url = new URL(cluster.url);
  url.pathname = '/no_such_db';
  url.password = 'secretpw';
  const { output } = await failedStart({ DATABASE_URL: url.toString(), DATABASE_WAIT_SECONDS: '120' });
  assert.match(output, 'exited with 1');
  assert.match(output, `the database does not exist on that server (PostgreSQL 127.0.0.1:${cluster.port}/no_such_db)`);
  assert.not.match(output, 'secretpw');
  assert.not.match(output, /\n\s+at /, 'no stack, no raw error fields');
  assert.not.match(output, 'retrying', 'no retry: waiting cannot create it');
});

test.run();
