/**
 * The embedded database's disk fills up: orders and logins answer "out of storage space, try again
 * later" (HTTP 503, key http.diskFull, Retry-After), not an internal error; once space is freed the
 * same Idempotency-Key places its order, once. PGlite's data directory lives on a small tmpfs made
 * for the test (needs root: skipped otherwise).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { skipWithout, test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope } from '../../src/shared/contract.ts';
import { openDatabase } from '../../server/db/client.ts';
import { contractOrders } from '../../server/db/schema/index.ts';
import { pgliteTemplate } from './db.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { playsBySeconds, trader } from './order-fixtures.ts';
import { mountTmpfs, tmpfsMissing, type Tmpfs } from './tmpfs.ts';

let disk: Tmpfs | null = null;
let s: TestServer | undefined;
test.after(async () => {
  await s?.close().catch(() => {});
  disk?.unmount();
});

async function raw(method: 'GET' | 'POST', url: string, o: { token?: string; query?: Record<string, string>; body?: object; key?: string } = {}) {
  const res = await s!.app.inject({
    method,
    url: '/prod-api' + url,
    query: o.query,
    headers: { ...(o.token ? { authorization: o.token } : {}), ...(o.key ? { 'idempotency-key': o.key } : {}) },
    remoteAddress: '10.77.0.1',
    ...(o.body ? { payload: o.body } : {}),
  });
  return { status: res.statusCode, headers: res.headers, env: res.json() as Envelope<unknown> };
}

const assertDiskFull = (a: Awaited<ReturnType<typeof raw>>, what: string) => {
  assert.is(a.status, 503, `${what}: HTTP 503`);
  assert.is(a.env.code, 503, `${what}: envelope code 503`);
  assert.is(a.env.key, 'http.diskFull', `${what}: a key of its own, not http.internal`);
  assert.ok(Number(a.headers['retry-after']) > 0, `${what}: Retry-After`);
  assert.is(a.headers['cache-control'], 'no-store');
};

skipWithout(test, tmpfsMissing())('a full disk: orders and logins answer 503 http.diskFull, and the same key places its order once space is back', async () => {
  disk = mountTmpfs(80);
  const pglite = await PGlite.create({ dataDir: path.join(disk.dir, 'db'), loadDataDir: await pgliteTemplate() });
  s = await startTestServer({}, { database: await openDatabase({ pglite }) });
  const plays = await playsBySeconds(s);
  const play = plays.get(60)!;
  const { username, password } = await s.register();
  const u = await trader(s, '100000');
  const filler = disk.fill();

  // Rows fit in the table's last page until one needs a new page: then the file must grow.
  let failed: { key: string; answer: Awaited<ReturnType<typeof raw>> } | undefined;
  for (let i = 0; i < 400 && !failed; i++) {
    const key = `disk-full-${i}`;
    const a = await raw('POST', '/h5/order/saveContactOrder', { token: u.token, key, query: { symbol: 'btc', playId: String(play.id), direction: 'up', amount: '10' } });
    if (a.env.code !== 200) failed = { key, answer: a };
  }
  assert.ok(failed, 'an order needed more disk within 400 orders');
  assertDiskFull(failed!.answer, 'an order');

  let login: Awaited<ReturnType<typeof raw>> | undefined;
  for (let i = 0; i < 400 && !login; i++) {
    const a = await raw('POST', '/login', { body: { username, password } });
    if (a.env.code !== 200) login = a;
  }
  assert.ok(login, 'a login needed more disk within 400 logins');
  assertDiskFull(login!, 'a login');

  rmSync(filler);
  const retry = await raw('POST', '/h5/order/saveContactOrder', { token: u.token, key: failed!.key, query: { symbol: 'btc', playId: String(play.id), direction: 'up', amount: '10' } });
  assert.is(retry.env.code, 200, `the retry with the same key succeeds once space is back: ${retry.env.msg}`);
  const again = await raw('POST', '/h5/order/saveContactOrder', { token: u.token, key: failed!.key, query: { symbol: 'btc', playId: String(play.id), direction: 'up', amount: '10' } });
  assert.equal(again.env.data, retry.env.data, 'and a second retry answers the same order');
  const orderNo = (retry.env.data as { orderNo: string }).orderNo;
  assert.is((await s.ctx.db.select().from(contractOrders).where(eq(contractOrders.orderNo, orderNo))).length, 1, 'stored once');
  assert.is((await raw('POST', '/login', { body: { username, password } })).env.code, 200, 'logins work again');
});

test.run();
