/**
 * Token checks from the in-process cache: the app's poll (tickers + candles every 5 s) costs no
 * database round trip once its token was checked, and every way a session ends refuses the token
 * on the very next request. On PostgreSQL (`npm run test:pg`) also across two server processes.
 */
import { sql } from 'drizzle-orm';
import { skipWithout, suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { buildApp } from '../../server/app.ts';
import { createBus } from '../../server/bus/index.ts';
import type { Database } from '../../server/db/client.ts';
import { openDatabase } from '../../server/db/client.ts';
import { startTestServer, type TestServer } from './harness.ts';

const url = process.env.DATABASE_URL;

/** Counts the round trips `database` starts: statements, and transactions (a pool's connect). */
function countQueries(database: Database): () => number {
  let n = 0;
  // pg's Pool#query connects internally: that connect is the same round trip, not another one.
  let inQuery = 0;
  const target = (database.pglite ?? database.pool) as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of ['query', 'exec', 'transaction', 'connect']) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = function (this: unknown, ...args: unknown[]) {
      if (name !== 'connect' || !inQuery) n++;
      inQuery++;
      try {
        return original.apply(this, args);
      } finally {
        inQuery--;
      }
    };
  }
  return () => n;
}

const test = suite<{ s: TestServer; queries: () => number }>('token cache');

test.before(async (context) => {
  context.s = await startTestServer({}, url ? { bus: await createBus({ databaseUrl: url }) } : {});
  context.queries = countQueries(context.s.ctx.database);
});
test.after(async ({ s }) => s.close());

/** One poll of the market worker: the ticker list and the candles since the last one, signed in. */
async function poll(s: TestServer, token: string): Promise<number[]> {
  const [tickers, candles] = await Promise.all([
    s.call('GET', '/h5/symbol/getHomeTickerList'),
    s.call('GET', '/h5/symbol/getHistoryKline', { token, query: { symbol: 'btc', period: '1min', since: String(Date.now() - 60_000) } }),
  ]);
  return [tickers.code, candles.code];
}

test('a poll with a token checked before makes no database query', async ({ s, queries }) => {
  const { token } = await s.register();
  assert.equal(await poll(s, token), [200, 200]);
  const before = queries();
  for (let i = 0; i < 3; i++) {
    s.clock.advance(5_000);
    assert.equal(await poll(s, token), [200, 200]);
  }
  assert.is(queries() - before, 0, 'three polls, no round trip');
  s.clock.advance(60_000);
  assert.equal(await poll(s, token), [200, 200]);
  assert.is(queries() - before, 1, 'after a minute the token is checked again, once');
});

test('a cached token stops working when its session expires', async ({ s }) => {
  const { token } = await s.register();
  assert.equal(await poll(s, token), [200, 200]);
  s.clock.advance(7 * 24 * 3600 * 1000 - 1000);
  assert.equal(await poll(s, token), [200, 200], 'still live a second before');
  s.clock.advance(1000);
  assert.equal(await poll(s, token), [200, 401]);
});

test('logout refuses the token on the next poll', async ({ s }) => {
  const { token } = await s.register();
  assert.equal(await poll(s, token), [200, 200]);
  assert.is((await s.call('POST', '/h5/user/logout', { token })).code, 200);
  assert.equal(await poll(s, token), [200, 401]);
});

test('a password change refuses every token of the user at once, the other user keeps polling', async ({ s }) => {
  const user = await s.register();
  const laptop = await s.login(user.username, user.password);
  const other = await s.register();
  for (const token of [user.token, laptop, other.token]) assert.equal(await poll(s, token), [200, 200]);
  const changed = await s.call('POST', '/h5/user/changePwd', {
    token: user.token,
    body: { oldPassword: user.password, newPassword: 'newpass99', confirmPassword: 'newpass99' },
  });
  assert.is(changed.code, 200);
  assert.equal(await poll(s, user.token), [200, 401]);
  assert.equal(await poll(s, laptop), [200, 401], 'the other device too');
  assert.equal(await poll(s, other.token), [200, 200]);
});

test('a password reset (revoke all, no token in the request) refuses the cached tokens', async ({ s }) => {
  const { token } = await s.register();
  assert.is((await s.call('GET', '/common/sms', { query: { phone: '11912345678', area: '55' } })).code, 200);
  assert.is((await s.call('POST', '/h5/user/setPhone', { token, body: { phone: '11912345678', area: '55', code: s.codes.at(-1)!.code } })).code, 200);
  assert.equal(await poll(s, token), [200, 200]);
  s.clock.advance(61_000);
  await s.call('GET', '/common/sms', { query: { phone: '11912345678', area: '55' } });
  const reset = await s.call('POST', '/h5/user/forget', {
    body: { type: 'sms', phone: '11912345678', area: '55', code: s.codes.at(-1)!.code, password: 'fresh123', confirmPassword: 'fresh123' },
  });
  assert.is(reset.code, 200);
  assert.equal(await poll(s, token), [200, 401]);
});

test('sessions ended by SQL alone (no app code path) are refused at once: the database announces them', async ({ s }) => {
  const a = await s.register();
  const b = await s.register();
  for (const token of [a.token, b.token]) assert.equal(await poll(s, token), [200, 200]);
  await s.ctx.db.execute(sql`update sessions set revoked = true where user_id = (select id from users where username = ${a.username})`);
  await refusedAtOnce(s, a.token, 'revoked by hand');
  await s.ctx.db.execute(sql`delete from users where username = ${b.username}`);
  await refusedAtOnce(s, b.token, 'user deleted, sessions gone by cascade');
});

/**
 * PGlite announces before the statement returns; PostgreSQL sends NOTIFY at commit to the
 * process's listening connection, which hears it a moment after the statement's own answer.
 */
async function refusedAtOnce(s: TestServer, token: string, what: string): Promise<void> {
  const check = async () => (await poll(s, token))[1]!;
  if (url) assert.ok((await refusedWithin(check)) < 200, what);
  else assert.is(await check(), 401, what);
}

test('a revocation rolled back keeps the token working', async ({ s }) => {
  const { token, username } = await s.register();
  assert.equal(await poll(s, token), [200, 200]);
  await s.ctx.db
    .transaction(async (tx) => {
      await tx.execute(sql`update sessions set revoked = true where user_id = (select id from users where username = ${username})`);
      throw new Error('rollback');
    })
    .catch(() => {});
  assert.equal(await poll(s, token), [200, 200]);
});

skipWithout(test, !url && 'needs PostgreSQL (npm run test:pg)')('PostgreSQL: a token revoked through one server process is refused by the other at once', async ({ s }) => {
  const database = await openDatabase({ databaseUrl: url });
  const bus = await createBus({ databaseUrl: url, pool: database.pool });
  const other = await buildApp({ ...s.ctx, db: database.db, database, bus, tokens: undefined });
  const queries = countQueries(database);
  const pollOther = async (token: string) =>
    (await other.inject({ method: 'GET', url: '/prod-api/h5/symbol/getHistoryKline?symbol=btc&period=1min&size=1', headers: { authorization: token } })).json()
      .code as number;
  try {
    const user = await s.register();
    const laptop = await s.login(user.username, user.password);
    for (const token of [user.token, laptop]) assert.is(await pollOther(token), 200);
    const before = queries();
    for (const token of [user.token, laptop]) assert.is(await pollOther(token), 200);
    assert.is(queries() - before, 0, 'the other process answers both from its cache');

    assert.is((await s.call('POST', '/h5/user/logout', { token: user.token })).code, 200);
    assert.ok((await refusedWithin(() => pollOther(user.token))) < 200, 'logout on one process');
    assert.is(await pollOther(laptop), 200, 'the other session is untouched');

    const changed = await s.call('POST', '/h5/user/changePwd', {
      token: laptop,
      body: { oldPassword: user.password, newPassword: 'newpass99', confirmPassword: 'newpass99' },
    });
    assert.is(changed.code, 200);
    assert.ok((await refusedWithin(() => pollOther(laptop))) < 200, 'password change on one process');
  } finally {
    await other.close();
    await bus.close();
    await database.close();
  }
});

/**
 * Milliseconds until `check` answers 401. NOTIFY reaches the other process a moment after the
 * commit, as the answer reaches the client; the cache would otherwise hold the token a minute.
 */
async function refusedWithin(check: () => Promise<number>): Promise<number> {
  const started = Date.now();
  while ((await check()) !== 401) {
    if (Date.now() - started > 2000) throw new Error('still accepted 2 s after the revocation');
    await new Promise((r) => setTimeout(r, 2));
  }
  return Date.now() - started;
}

test.run();
