/** Prometheus text on the admin port: what an operations team scrapes. */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { until } from '../until.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { KEY_HEADER } from '../../server/operator/api/key.ts';
import { startDaily } from '../../server/jobs/daily.ts';
import { startSettlement } from '../../server/orders/settle.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { mustPlace, playsBySeconds, trader } from './order-fixtures.ts';
import { TestSocket } from './ws-client.ts';

const KEY = 'k'.repeat(32);
const test = suite<{ s: TestServer; admin: Awaited<ReturnType<typeof buildAdminApp>> }>('metrics', {} as never);
test.before(async (c) => {
  c.s = await startTestServer();
  c.admin = await buildAdminApp(c.s.ctx, { key: KEY });
});
test.after(async (c) => {
  await c.admin.close();
  await c.s.close();
});

const scrape = async (c: { admin: Awaited<ReturnType<typeof buildAdminApp>> }) => {
  const res = await c.admin.inject({ url: '/admin/metrics', headers: { [KEY_HEADER]: KEY } });
  assert.is(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^text\/plain/);
  return res.body;
};

test('requests are counted and timed per route and status; process figures are there', async (c) => {
  await c.s.app.inject({ url: '/prod-api/common/config/list' });
  await c.s.app.inject({ method: 'POST', url: '/prod-api/h5/user/getUserInfo' });
  const counted = ['http_requests_total{method="GET",route="/prod-api/common/config/list",status="200"} 1', 'http_requests_total{method="POST",route="/prod-api/h5/user/getUserInfo",status="401"} 1'];
  // A request is counted once its answer has gone out, which may be after inject resolves.
  const text = await until('both requests counted', async () => {
    const t = await scrape(c);
    return counted.every((line) => t.includes(line)) && t;
  }).catch(() => scrape(c));
  for (const line of counted) assert.match(text, line);
  assert.match(text, /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/prod-api\/common\/config\/list",status="200"\} \d/);
  for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes']) assert.match(text, name);
});

test('deposits and withdrawals waiting for review are counted from the database', async (c) => {
  assert.match(await scrape(c), /money_waiting_for_review\{kind="deposit"\} 0\nmoney_waiting_for_review\{kind="withdrawal"\} 0/);
});

/** The value of the sample `name{labels}` (or a bare `name`) in `text`. */
const sample = (text: string, name: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(name + ' '));
  if (!line) throw new Error(`no sample ${name} in:\n${text.slice(0, 3000)}`);
  return Number(line.slice(name.length + 1));
};

test('database queries are timed', async (c) => {
  const before = sample(await scrape(c), 'db_query_duration_seconds_count');
  await c.s.app.inject({ url: '/prod-api/common/config/list' });
  const { token } = await c.s.register();
  await c.s.call('POST', '/h5/user/getUserInfo', { token });
  const after = await scrape(c);
  // Register alone is a transaction of several statements: each one counts.
  assert.ok(sample(after, 'db_query_duration_seconds_count') >= before + 5, after.match(/db_query_duration_seconds_count.*/)?.[0]);
  assert.ok(sample(after, 'db_query_duration_seconds_sum') > 0);
});

test('push sockets are counted while they are open, authenticated or not', async (c) => {
  await c.s.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(c.s.app.server.address() as { port: number }).port}/prod-api/ws`;
  const { token } = await c.s.register();
  const waiting = await TestSocket.open(url);
  const ready = await TestSocket.open(url);
  ready.send(JSON.stringify({ type: 'auth', token }));
  assert.is((await ready.nextJson()).type, 'ready');
  const open = await scrape(c);
  assert.is(sample(open, 'ws_connections{state="authenticated"}'), 1);
  assert.is(sample(open, 'ws_connections{state="pending"}'), 1);
  waiting.close();
  ready.close();
  await Promise.all([waiting.closed, ready.closed]);
  // The client's close comes before the server has handled it.
  const closed = await until('both sockets uncounted', async () => {
    const t = await scrape(c);
    return sample(t, 'ws_connections{state="authenticated"}') + sample(t, 'ws_connections{state="pending"}') === 0 && t;
  }).catch(() => scrape(c));
  assert.is(sample(closed, 'ws_connections{state="authenticated"}'), 0);
  assert.is(sample(closed, 'ws_connections{state="pending"}'), 0);
});

test('settlement lag is the age of the oldest open order past its expiry, and a settlement pass is counted', async (c) => {
  assert.is(sample(await scrape(c), 'settlement_lag_seconds'), 0);
  const { token } = await trader(c.s);
  const play = (await playsBySeconds(c.s)).get(60)!;
  await mustPlace(c.s, token, { symbol: 'btc', amount: String(play.minAmount), playId: String(play.id), direction: 'up' });
  assert.is(sample(await scrape(c), 'settlement_lag_seconds'), 0, 'not expired yet');
  c.s.clock.advance(60_000 + 45_000);
  const lag = sample(await scrape(c), 'settlement_lag_seconds');
  assert.ok(lag >= 44 && lag <= 46, `lag ${lag}`);
  const job = startSettlement(c.s.ctx, { intervalMs: 60_000, log: { error() {} } });
  await job.stop();
  const after = await scrape(c);
  assert.is(sample(after, 'job_runs_total{job="settlement",outcome="ok"}'), 1);
});

test('a daily job pass that pays a day is counted', async (c) => {
  c.s.clock.advance(86_400_000);
  const job = startDaily(c.s.ctx, { intervalMs: 60_000, log: { error() {} } });
  await job.stop();
  assert.is(sample(await scrape(c), 'job_runs_total{job="daily",outcome="ok"}'), 1);
});

test('without the operator key the metrics are refused', async (c) => {
  const res = await c.admin.inject({ url: '/admin/metrics' });
  assert.is(res.statusCode, 403);
});

test.run();
