/**
 * `/healthz` and `/readyz` as a supervisor and a load balancer read them: cheap, unauthenticated,
 * never cached; readiness fails with the reason when a check fails (the database, migrations not
 * applied, or a check a feature registered), and a check that hangs counts as failed in time.
 */
import { sql } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import Fastify from 'fastify';
import { Readiness } from '../../server/health/readiness.ts';
import { healthRoutes } from '../../server/health/routes.ts';
import { startTestServer, type TestServer } from './harness.ts';

const test = suite<{ s: TestServer }>('health and readiness', {} as { s: TestServer });
test.before(async (c) => {
  // Readiness keeps its answer for a second: on the test's clock, a test moves past it at once.
  c.s = await startTestServer({}, { prepare: (ctx) => (ctx.readiness = new Readiness({ now: () => ctx.clock.now() })) });
});
test.after(async (c) => {
  await c.s?.close();
});

test('/healthz answers while the process runs, without a token, never cached', async ({ s }) => {
  const res = await s.app.inject({ method: 'GET', url: '/healthz' });
  assert.is(res.statusCode, 200);
  assert.equal(res.json(), { status: 'ok' });
  assert.is(res.headers['cache-control'], 'no-store');
  assert.is(res.headers['x-content-type-options'], 'nosniff');
});

test('/readyz: ready with the database reachable and every migration applied', async ({ s }) => {
  const res = await s.app.inject({ method: 'GET', url: '/readyz' });
  assert.is(res.statusCode, 200);
  assert.equal(res.json(), { status: 'ready', checks: { database: 'ok', migrations: 'ok', market: 'ok', marketHalts: 'ok' } });
  assert.is(res.headers['cache-control'], 'no-store');
});

test('/readyz: 503 with the reason when the database lacks a migration this build has', async ({ s }) => {
  s.clock.advance(1100);
  const [row] = ((await s.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`)) as unknown as { rows: Array<{ hash: string; created_at: string }> }).rows;
  try {
    const res = await s.app.inject({ method: 'GET', url: '/readyz' });
    assert.is(res.statusCode, 503);
    assert.match(res.json().checks.migrations, /pending/);
    assert.is(res.json().checks.database, 'ok');
    assert.ok(Number(res.headers['retry-after']) > 0);
  } finally {
    await s.ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${row!.created_at})`);
  }
});

test('a feature registers its own check: /readyz names it and its reason', async ({ s }) => {
  let fresh = false;
  s.ctx.readiness!.add('market', async () => (fresh ? null : 'prices are 90 s old'));
  const stale = await s.app.inject({ method: 'GET', url: '/readyz' });
  assert.is(stale.statusCode, 503);
  assert.equal(stale.json(), { status: 'not ready', checks: { database: 'ok', migrations: 'ok', market: 'prices are 90 s old', marketHalts: 'ok' } });
  fresh = true;
  s.ctx.readiness!.add('market', async () => (fresh ? null : 'prices are 90 s old'));
  assert.is((await s.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
});

test('a note is named with its reason while the process stays ready', async ({ s }) => {
  s.ctx.readiness!.add('marketHalts', async () => 'prices halted: btc (jump)', { note: true });
  const res = await s.app.inject({ method: 'GET', url: '/readyz' });
  assert.is(res.statusCode, 200);
  assert.equal(res.json(), { status: 'ready', checks: { database: 'ok', migrations: 'ok', market: 'ok', marketHalts: 'prices halted: btc (jump)' } });
});

test('probes are not logged at info (a load balancer polls every few seconds)', async () => {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  await app.register(healthRoutes, { readiness: new Readiness() });
  assert.is((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  assert.is((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
  await app.close();
  assert.equal(lines.filter((l) => l.includes('healthz') || l.includes('readyz')), []);
});

test('a check that hangs fails within the timeout; one result serves callers for a second', async () => {
  let now = 0;
  const r = new Readiness({ timeoutMs: 50, now: () => now });
  let runs = 0;
  r.add('slow', () => new Promise(() => void runs++));
  const started = Date.now();
  assert.equal(await r.run(), { ready: false, checks: { slow: 'no answer within 0.05 s' } });
  assert.ok(Date.now() - started < 1000);
  await r.run();
  assert.is(runs, 1, 'the second call within a second reuses the result');
  now += 1000;
  await r.run();
  assert.is(runs, 2);
});

test.run();
