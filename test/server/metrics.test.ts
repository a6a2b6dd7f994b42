/** Prometheus text on the admin port: what an operations team scrapes. */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { buildAdminApp } from '../../server/admin/app.ts';
import { KEY_HEADER } from '../../server/admin/key.ts';
import { startTestServer, type TestServer } from './harness.ts';

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
  await new Promise((resolve) => setTimeout(resolve, 20));
  const text = await scrape(c);
  assert.match(text, 'http_requests_total{method="GET",route="/prod-api/common/config/list",status="200"} 1');
  assert.match(text, 'http_requests_total{method="POST",route="/prod-api/h5/user/getUserInfo",status="401"} 1');
  assert.match(text, /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/prod-api\/common\/config\/list",status="200"\} \d/);
  for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes']) assert.match(text, name);
});

test('deposits and withdrawals waiting for review are counted from the database', async (c) => {
  assert.match(await scrape(c), /money_waiting_for_review\{kind="deposit"\} 0\nmoney_waiting_for_review\{kind="withdrawal"\} 0/);
});

test('without the operator key the metrics are refused', async (c) => {
  const res = await c.admin.inject({ url: '/admin/metrics' });
  assert.is(res.statusCode, 403);
});

test.run();
