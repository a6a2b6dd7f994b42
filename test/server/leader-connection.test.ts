/**
 * The leader's lock lives on one connection of its own (server/market/leader.ts): when that
 * connection is ended or goes silent and the server gives the lock to another process, the old
 * leader stops leading at its next round, so no round has two leaders. Two leaderships, as two
 * processes hold them, each reach PostgreSQL through a relay the test can cut. Needs DATABASE_URL:
 * runs under `npm run test:pg`.
 */
import pg from 'pg';
import * as assert from 'uvu/assert';
import { CONFIRM_MS, FEED_LOCK, pgLeadership, type Leadership } from '../../server/market/leader.ts';
import { skipWithout, suite } from '../suite.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const url = process.env.DATABASE_URL;

interface Ctx {
  admin: pg.Client;
  proxies: TcpProxy[];
  leaderships: Leadership[];
}
const test = suite<Ctx>('the leader’s own connection', { proxies: [], leaderships: [] } as unknown as Ctx);

test.before(async (c) => {
  if (!url) return;
  c.admin = new pg.Client({ connectionString: url });
  await c.admin.connect();
});

/** Closes the leaderships and relays of a test, so that the next one starts with the lock free. */
async function closeAll(c: Ctx): Promise<void> {
  await Promise.all(c.leaderships.splice(0).map((l) => l.close()));
  await Promise.all(c.proxies.splice(0).map((p) => p.close()));
}

test.after(async (c) => {
  await closeAll(c);
  await c.admin?.end();
});

/** A leadership of the feed's lock reaching this file's database through a relay of its own. */
async function leadershipThroughRelay(c: Ctx): Promise<{ leadership: Leadership; cut: () => void }> {
  const target = new URL(url!);
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  c.proxies.push(proxy);
  const through = new URL(url!);
  through.hostname = '127.0.0.1';
  through.port = String(proxy.port);
  const leadership = pgLeadership(through.toString(), FEED_LOCK);
  c.leaderships.push(leadership);
  return { leadership, cut: proxy.freeze };
}

/** The backends holding the feed's lock in this database (pg_locks lists every database's). */
const holders = async (c: Ctx): Promise<number[]> =>
  (
    await c.admin.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and objid = $1 and granted and database = (select oid from pg_database where datname = current_database())`,
      [FEED_LOCK],
    )
  ).rows.map((r) => r.pid);

/**
 * Rounds as the feed loops run them (each process asks once a round) until one of them leads;
 * fails on a round in which both say they lead. Answers which one leads.
 */
async function roundsUntilLed(one: Leadership, two: Leadership, limit = 20): Promise<'one' | 'two'> {
  for (let round = 1; round <= limit; round++) {
    const [a, b] = await Promise.all([one.lead(), two.lead()]);
    assert.ok(!(a && b), `round ${round}: both lead`);
    if (a || b) return a ? 'one' : 'two';
  }
  throw new Error(`nobody led within ${limit} rounds`);
}

async function oneLeadsTwoFollows(c: Ctx) {
  const one = await leadershipThroughRelay(c);
  const two = await leadershipThroughRelay(c);
  assert.ok(await one.leadership.lead(), 'the first to ask leads');
  assert.not.ok(await two.leadership.lead(), 'the second follows');
  const [pid, ...more] = await holders(c);
  assert.equal(more, [], 'one session holds the lock');
  return { one, two, pid: pid! };
}

skipWithout(test, !url && 'needs PostgreSQL (npm run test:pg)')('the leader’s backend ended: one of the two leads again, never both', async (c) => {
  try {
    const { one, two, pid } = await oneLeadsTwoFollows(c);
    await c.admin.query('select pg_terminate_backend($1)', [pid]);
    await roundsUntilLed(one.leadership, two.leadership);
    assert.is((await holders(c)).length, 1);
  } finally {
    await closeAll(c);
  }
});

skipWithout(test, !url && 'needs PostgreSQL (npm run test:pg)')('the leader’s connection gone silent and its backend ended: it steps down at its next round, and the other leads', async (c) => {
  try {
    const { one, two, pid } = await oneLeadsTwoFollows(c);
    // A network cut: the leader hears nothing more, not even that the server ended its session
    // and gave the lock up for another process to take.
    one.cut();
    await c.admin.query('select pg_terminate_backend($1)', [pid]);
    const asked = Date.now();
    assert.not.ok(await one.leadership.lead(), 'the old leader no longer leads');
    const took = Date.now() - asked;
    assert.ok(took < CONFIRM_MS + 1000, `it knew within ${took} ms`);
    assert.is(await roundsUntilLed(one.leadership, two.leadership), 'two');
    assert.is((await holders(c)).length, 1);
  } finally {
    await closeAll(c);
  }
});

skipWithout(test, !url && 'needs PostgreSQL (npm run test:pg)')('a leader whose connection went silent closes without waiting for it', async (c) => {
  try {
    const { one } = await oneLeadsTwoFollows(c);
    one.cut();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'still closing'>((resolve) => (timer = setTimeout(() => resolve('still closing'), CONFIRM_MS + 1000)));
    const closed = await Promise.race([one.leadership.close().then(() => 'closed' as const), waited]);
    clearTimeout(timer);
    assert.is(closed, 'closed', 'closing waits for the silent connection at most a confirmation');
  } finally {
    await closeAll(c);
  }
});

test.run();
