import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { FastifyInstance } from 'fastify';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { createAdjustableClock, testClockFromEnv } from '../../server/clock/adjustable.ts';
import { marketOf } from '../../server/market/context.ts';
import { startTestServer, type TestServer } from './harness.ts';

const KEY = 'test-operator-key';

const test = suite<{ s: TestServer }>('test clock', {} as { s: TestServer });
test.before(async (c) => {
  c.s = await startTestServer();
});
test.after(async ({ s }) => {
  await s.close();
});

const advance = (admin: FastifyInstance, body: unknown, key = KEY) =>
  admin.inject({ method: 'POST', url: '/admin/test/clock', headers: { 'x-operator-key': key }, payload: body as object });

test('exists only with NODE_ENV=test and TEST_CLOCK=1', () => {
  assert.ok(testClockFromEnv({ NODE_ENV: 'test', TEST_CLOCK: '1' }));
  assert.is(testClockFromEnv({ NODE_ENV: 'production', TEST_CLOCK: '1' }), undefined);
  assert.is(testClockFromEnv({ TEST_CLOCK: '1' }), undefined);
  assert.is(testClockFromEnv({ NODE_ENV: 'test' }), undefined);
});

test('without a test clock the admin route does not exist', async ({ s }) => {
  const admin = await buildAdminApp(s.ctx, { key: KEY });
  const res = (await advance(admin, { advanceMs: 1000 })).json();
  assert.equal([res.code, res.key], [404, 'http.notFound']);
  await admin.close();
});

test('the admin route moves the clock the market and the API read', async ({ s }) => {
  const clock = createAdjustableClock();
  const ctx = { ...s.ctx, clock, testClock: clock, market: undefined };
  const admin = await buildAdminApp(ctx, { key: KEY });
  try {
    const before = clock.now();
    const res = (await advance(admin, { advanceMs: 3_600_000 })).json();
    assert.is(res.code, 200);
    assert.ok(res.data.now >= before + 3_600_000 && res.data.now < before + 3_600_000 + 5000, 'answers the new now');
    assert.ok(clock.now() >= res.data.now, 'the context clock moved');
    const market = marketOf(ctx);
    // The price moves each second; the list is read between these two instants.
    const from = clock.now();
    const btc = market.tickers().find((t) => t.symbol === 'btc')!;
    const to = clock.now();
    assert.ok([from, to].some((at) => btc.price === market.priceAt('btc', at)), 'the market quotes the moved clock');
    assert.is((await advance(admin, { advanceMs: 1000 }, 'wrong')).json().code, 403, 'the operator key is required');
    const bad = (await advance(admin, { advanceMs: -1 })).json();
    assert.equal([bad.code, bad.key, bad.msg], [400, 'field.invalid', 'advanceMs must be whole milliseconds from 0 to a year']);
  } finally {
    await admin.close();
  }
});

test.run();
