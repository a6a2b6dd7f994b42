/**
 * deploy/pgbouncer.ini between two server processes and PostgreSQL 15 (docs/deployment.md#pgbouncer):
 * in session mode pushes cross the processes through it both ways and the market feed has one
 * leader; a process pointed at the same database in transaction mode refuses to start and says
 * why. Needs DATABASE_URL and Debian's pgbouncer: runs under `npm run test:pg`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { UserInfo } from '../../src/shared/contract.ts';
import { FEED_LOCK } from '../../server/market/leader.ts';
import { freePort } from './nginx-process.ts';
import { startPgBouncer, stopPgBouncer } from './pgbouncer-process.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { TestSocket } from './ws-client.ts';

const url = process.env.DATABASE_URL;

interface Ctx {
  bouncer: ChildProcess;
  port: number;
  one: ServerProcess;
  two: ServerProcess;
  dirs: string[];
  sockets: TestSocket[];
}
const test = suite<Ctx>('two processes through PgBouncer', { dirs: [], sockets: [] } as unknown as Ctx);

const through = (c: Ctx, database: 'trade' | 'trade_tx') => `postgres://${new URL(url!).username || 'postgres'}@127.0.0.1:${c.port}/${database}`;

async function query<T extends pg.QueryResultRow>(connectionString: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

test.before(async (c) => {
  if (!url) return;
  // The statement timeout the server sends when it connects is one PgBouncer must ignore; the
  // database's own default stands in for it (deploy/pgbouncer.ini).
  const name = new URL(url).pathname.slice(1);
  await query(url, `alter database ${name} set statement_timeout = '10s'`);
  c.dirs = [mkdtempSync(path.join(tmpdir(), 'tl-bouncer-')), mkdtempSync(path.join(tmpdir(), 'tl-bouncer-')), mkdtempSync(path.join(tmpdir(), 'tl-bouncer-'))];
  c.port = await freePort();
  c.bouncer = await startPgBouncer({ dir: c.dirs[0]!, port: c.port, databaseUrl: url });
  // At info the feed says when it leads and when it follows.
  [c.one, c.two] = await Promise.all(c.dirs.slice(1).map((dir) => startServerProcess(dir, { DATABASE_URL: through(c, 'trade'), LOG_LEVEL: 'info' })));
});

test.after(async (c) => {
  for (const s of c.sockets) s.close();
  await Promise.all([c.one?.kill('SIGTERM'), c.two?.kill('SIGTERM')]);
  await stopPgBouncer(c.bouncer);
  for (const dir of c.dirs) rmSync(dir, { recursive: true, force: true });
});

async function socketOf(c: Ctx, s: ServerProcess, token: string): Promise<TestSocket> {
  const socket = await TestSocket.open(`${s.url.replace('http', 'ws')}/prod-api/ws`);
  c.sockets.push(socket);
  socket.send(JSON.stringify({ type: 'auth', token }));
  assert.is((await socket.nextJson()).type, 'ready');
  return socket;
}

/** The next frame with this push code; others may come first (registration's own pushes, in any order). */
async function nextPush(socket: TestSocket, code: string): Promise<Record<string, unknown>> {
  for (;;) {
    const msg = await socket.nextJson();
    if (msg.code === code) return msg;
  }
}

/**
 * When a process led, by its log: from each "leading" line to its next "another process fetches
 * now" (a leader that lost its lock steps down before the server hands the lock on), or to now.
 */
function leadSpans(s: ServerProcess): [number, number][] {
  const spans: [number, number][] = [];
  for (const line of s.output().split('\n')) {
    if (!line.includes('"market feed ')) continue;
    const { time, msg } = JSON.parse(line) as { time: number; msg: string };
    if (msg.includes('leading; filling the gap')) spans.push([time, Infinity]);
    else if (msg.includes('another process fetches now') && spans.at(-1)?.[1] === Infinity) spans.at(-1)![1] = time;
  }
  return spans;
}

test('session mode: an operator action on either process reaches the user’s socket on the other', async (c) => {
  if (!url) return console.log('  skipped: needs DATABASE_URL (npm run test:pg)');
  const username = `bouncer${process.pid % 10000}`;
  const token = (await c.one.call<string>('POST', '/h5/user/register', { body: { username, password: 'glass-river-58', confirmPassword: 'glass-river-58' } })).data;
  assert.ok((await c.two.call<UserInfo>('POST', '/h5/user/getUserInfo', { token })).data.userId, 'the session made through one is found through the other');
  const onTwo = await socketOf(c, c.two, token);
  assert.is((await c.one.operator('POST', '/balance', { username, amount: '+25.5', reason: 'goodwill credit' })).code, 200);
  assert.equal(await nextPush(onTwo, 'balance'), { code: 'balance' }, 'the credit made on one is pushed by two');
  const onOne = await socketOf(c, c.one, token);
  assert.is((await c.two.operator('POST', '/message', { username, content: 'Your document was approved' })).code, 200);
  assert.equal(await nextPush(onOne, 'mes'), { code: 'mes' }, 'and the other way round');
  assert.equal(await nextPush(onTwo, 'mes'), { code: 'mes' }, 'to each of the user’s sockets');
});

test('session mode: the market feed’s lock is held by one session, so one process leads', async (c) => {
  if (!url) return;
  // pg_locks lists the locks of every database of the server, and other files' leaders hold the
  // same key in theirs while the suite runs files side by side.
  const held = await query<{ holders: number }>(
    url,
    `select count(*)::int as holders from pg_locks where locktype = 'advisory' and objid = ${FEED_LOCK} and granted and database = (select oid from pg_database where datname = current_database())`,
  );
  assert.is(held[0]!.holders, 1, 'one session holds the feed’s lock in this database');
  const [one, two] = [leadSpans(c.one), leadSpans(c.two)];
  assert.equal([one, two].filter((spans) => spans.some(([, to]) => to === Infinity)).length, 1, 'one process leads now');
  for (const [from, to] of one) {
    const overlap = two.find(([f, t]) => f < to && from < t);
    assert.not.ok(overlap, `both led from ${Math.max(from, overlap?.[0] ?? 0)}`);
  }
  const timeout = await query<{ statement_timeout: string }>(through(c, 'trade'), 'show statement_timeout');
  assert.is(timeout[0]!.statement_timeout, '10s', 'the database’s default statement timeout holds through PgBouncer');
});

test('transaction mode: a process refuses to start, and says to use session mode', async (c) => {
  if (!url) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'tl-bouncer-'));
  c.dirs.push(dir);
  let started: ServerProcess | undefined;
  const failed = await startServerProcess(dir, { DATABASE_URL: through(c, 'trade_tx') }).then(
    (s) => ((started = s), ''),
    (e: Error) => e.message,
  );
  await started?.kill('SIGKILL');
  assert.match(failed, /exited with 1 before it started/, 'it never serves');
  assert.match(failed, /a pooler in transaction or statement mode/);
  assert.match(failed, /set pool_mode = session/);
});

test.run();
