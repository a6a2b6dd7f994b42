import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Candle, Envelope, KlinePeriod, Ticker } from '../../src/shared/contract.ts';
import { buildApp } from '../../server/app.ts';
import { logCodeSender } from '../../server/auth/code-sender.ts';
import { createSession } from '../../server/auth/session.ts';
import { configFromEnv, type ServerContext } from '../../server/context.ts';
import { users } from '../../server/db/schema/index.ts';
import { SimulatedMarket } from '../../server/market/simulator.ts';
import { KLINE_PERIODS } from '../../server/market/source.ts';
import { DEMO_USERNAME } from '../../server/seed/content.ts';
import { openTestDatabase } from './db.ts';
import { statusFor } from './harness.ts';

const LENGTH: Record<KlinePeriod, number> = {
  '1min': 60e3,
  '5min': 300e3,
  '15min': 900e3,
  '30min': 1800e3,
  '60min': 3600e3,
  '4hour': 14400e3,
  '1day': 86400e3,
};

let now = Date.UTC(2025, 4, 14, 9, 41, 27, 350);
const clock = () => now;

/** The real app on a fresh database, with the demo user logged in. */
const server = async (market = new SimulatedMarket({ seed: 'test', now: clock })) => {
  const database = await openTestDatabase();
  const ctx: ServerContext = {
    db: database.db,
    database,
    config: configFromEnv({}),
    clock: { now: clock },
    logger: false,
    codeSender: logCodeSender(() => {}),
    market,
  };
  const app = await buildApp(ctx);
  const [demo] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERNAME));
  const token = await createSession(ctx, database.db, demo!.id);
  return {
    market,
    inject: (url: string, auth = true, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { ...headers, ...(auth ? { authorization: token } : {}) } }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

/** One app for the whole file: booting a database costs a second or more. */
let booted: ReturnType<typeof server> | undefined;
const shared = () => (booted ??= server());

const get = async <T>(app: Awaited<ReturnType<typeof server>>, url: string, auth = true) => {
  const res = await app.inject(`/prod-api${url}`, auth);
  const body = JSON.parse(res.body) as Envelope<T>;
  assert.is(res.statusCode, statusFor(body.code), `${url} answers the HTTP status of its code`);
  return { body, bytes: res.body.length };
};

/** Decimal strings → integers of their smallest unit, so sums are exact. */
const units = (s: string) => BigInt(s.replace('.', ''));
const max = (xs: bigint[]) => xs.reduce((a, b) => (b > a ? b : a));
const min = (xs: bigint[]) => xs.reduce((a, b) => (b < a ? b : a));

const kline = suite('getHistoryKline');

kline('every period answers 500 candles, newest first, the newest still forming', async () => {
  const app = await shared();
  for (const period of KLINE_PERIODS) {
    const { body } = await get<Candle[]>(app, `/h5/symbol/getHistoryKline?symbol=btc&period=${period}&size=500`);
    assert.is(body.code, 200);
    assert.is(body.data.length, 500, `${period} has 500 candles`);
    assert.ok(body.data[0].time <= now && now < body.data[0].time + LENGTH[period], `${period} starts at the forming candle`);
    for (let i = 1; i < 500; i++) {
      assert.is(body.data[i - 1].time - body.data[i].time, LENGTH[period], `${period} candles are contiguous, newest first`);
    }
    for (const c of body.data) {
      const [o, h, l, cl] = [c.open, c.high, c.low, c.close].map(units);
      assert.ok(h >= o && h >= cl && l <= o && l <= cl && l > 0n, `${period} candle at ${c.time} is a valid box`);
    }
  }
});

kline('size defaults to 500 and the period to 1min', async () => {
  const app = await shared();
  const { body } = await get<Candle[]>(app, '/h5/symbol/getHistoryKline?symbol=eth');
  assert.is(body.data.length, 500);
  assert.is(body.data[0].time - body.data[1].time, LENGTH['1min']);
});

kline('since returns only candles opening at or after it, the forming one included', async () => {
  const app = await shared();
  const full = (await get<Candle[]>(app, '/h5/symbol/getHistoryKline?symbol=btc&period=1min&size=500')).body.data;
  const since = full[0].time;
  const same = (await get<Candle[]>(app, `/h5/symbol/getHistoryKline?symbol=btc&period=1min&size=500&since=${since}`)).body.data;
  assert.equal(same, [full[0]], 'only the forming candle while it is still the newest');
  now += 61_000;
  const later = (await get<Candle[]>(app, `/h5/symbol/getHistoryKline?symbol=btc&period=1min&size=500&since=${since}`)).body.data;
  assert.is(later.length, 2, 'a minute later: the closed candle and the new forming one');
  assert.is(later[1].time, since);
  assert.is(later[1].open, full[0].open, 'a closed candle keeps its open');
  const older = (await get<Candle[]>(app, `/h5/symbol/getHistoryKline?symbol=btc&period=1min&size=3&since=${since - 3_600_000}`)).body.data;
  assert.is(older.length, 3, 'size still caps the answer');
});

kline('bad symbol, period and size get a clear message', async () => {
  const app = await shared();
  const sym = (await get<null>(app, '/h5/symbol/getHistoryKline?symbol=nope&period=1min')).body;
  assert.is(sym.code, 400);
  assert.is(sym.key, 'market.symbol');
  assert.match(sym.msg, 'nope');
  const period = (await get<null>(app, '/h5/symbol/getHistoryKline?symbol=btc&period=2min')).body;
  assert.is(period.code, 400);
  assert.match(period.msg, 'period');
  assert.match(period.msg, '1min, 5min');
  const size = (await get<null>(app, '/h5/symbol/getHistoryKline?symbol=btc&period=1min&size=501')).body;
  assert.is(size.code, 400);
  assert.match(size.msg, 'size');
});

kline('needs a session; the ticker list does not', async () => {
  const app = await shared();
  const kline = (await get<null>(app, '/h5/symbol/getHistoryKline?symbol=btc', false)).body;
  assert.is(kline.code, 401);
  assert.is(kline.data, null);
  const list = (await get<Ticker[]>(app, '/h5/symbol/getHomeTickerList', false)).body;
  assert.is(list.code, 200);
});

kline('a 500-candle answer and a since answer, in bytes', async () => {
  const app = await shared();
  const full = await get<Candle[]>(app, '/h5/symbol/getHistoryKline?symbol=btc&period=1min&size=500');
  const since = await get<Candle[]>(app, `/h5/symbol/getHistoryKline?symbol=btc&period=1min&since=${full.body.data[0].time}`);
  console.log(`  kline JSON: 500 candles ${full.bytes} B, since ${since.bytes} B`);
  assert.ok(since.bytes * 50 < full.bytes, 'asking with since costs a small fraction of the full history');
});

const sim = suite('simulator');

sim('two instances with the same seed agree; another seed differs', () => {
  const a = new SimulatedMarket({ seed: 'same', now: clock });
  const b = new SimulatedMarket({ seed: 'same', now: clock });
  const c = new SimulatedMarket({ seed: 'other', now: clock });
  for (const period of KLINE_PERIODS) assert.equal(a.candles('sol', period, 500), b.candles('sol', period, 500), period);
  assert.equal(a.tickers(), b.tickers());
  assert.is(a.priceAt('btc', now - 12_345_678), b.priceAt('btc', now - 12_345_678));
  assert.not.equal(a.candles('sol', '1min', 10), c.candles('sol', '1min', 10));
});

sim('candles agree with the shorter candles inside them, to the last unit', () => {
  const m = new SimulatedMarket({ seed: 'nest', now: clock });
  const pairs: [KlinePeriod, KlinePeriod][] = [
    ['5min', '1min'],
    ['15min', '5min'],
    ['30min', '15min'],
    ['60min', '30min'],
    ['4hour', '60min'],
    ['1day', '4hour'],
  ];
  for (const [long, short] of pairs) {
    const n = LENGTH[long] / LENGTH[short];
    const shorts = m.candles('doge', short, 500);
    const longs = m.candles('doge', long, Math.floor(500 / n) - 1);
    for (const big of longs) {
      const inside = shorts.filter((s) => s.time >= big.time && s.time < big.time + LENGTH[long]).reverse();
      assert.ok(inside.length > 0 && inside.length <= n);
      const label = `${long} at ${new Date(big.time).toISOString()} vs its ${short} candles`;
      assert.is(big.open, inside[0].open, `${label}: open`);
      assert.is(big.close, inside[inside.length - 1].close, `${label}: close`);
      assert.is(units(big.high), max(inside.map((s) => units(s.high))), `${label}: high`);
      assert.is(units(big.low), min(inside.map((s) => units(s.low))), `${label}: low`);
      assert.is(units(big.volume), inside.reduce((a, s) => a + units(s.volume), 0n), `${label}: volume`);
    }
  }
});

/** How often the most repeated value occurs. */
const mostRepeated = (values: string[]) => {
  const seen = new Map<string, number>();
  for (const v of values) seen.set(v, (seen.get(v) ?? 0) + 1);
  return Math.max(...seen.values());
};

sim('no walls: a high or low level repeats no more often than closes do by chance', () => {
  // Clamping to the parent candle's range once made 32 of 500 BTC minutes share one high.
  for (const seed of ['trade-lite', 'test', 'walls']) {
    for (const at of [Date.UTC(2025, 4, 14, 9, 41), Date.UTC(2026, 10, 26, 1, 7)]) {
      const m = new SimulatedMarket({ seed, now: () => at });
      for (const symbol of m.symbols) {
        for (const period of ['1min', '5min', '15min'] as const) {
          const candles = m.candles(symbol, period, 500);
          const label = `${seed} ${symbol} ${period} at ${new Date(at).toISOString()}`;
          // On a coarse price grid (TRX moves 8 units a minute) equal levels are the grid, not walls.
          const ranges = candles.map((c) => units(c.high) - units(c.low)).sort((a, b) => (a < b ? -1 : 1));
          if (ranges[250] < 100n) continue;
          const chance = mostRepeated(candles.map((c) => c.close));
          assert.ok(mostRepeated(candles.map((c) => c.high)) <= chance + 3, `${label}: highs repeat beyond chance`);
          assert.ok(mostRepeated(candles.map((c) => c.low)) <= chance + 3, `${label}: lows repeat beyond chance`);
          if (symbol === 'btc') {
            // Thousands of cents per minute's range: an equal high is rare, 32 of 500 a wall.
            assert.ok(mostRepeated(candles.map((c) => c.high)) <= 3, `${label}: a wall of equal highs`);
            assert.ok(mostRepeated(candles.map((c) => c.low)) <= 3, `${label}: a wall of equal lows`);
          }
        }
      }
    }
  }
});

sim('the seconds inside a minute reach its high and its low, and rarely stay there', () => {
  const m = new SimulatedMarket({ seed: 'touch', now: () => Date.UTC(2025, 4, 14, 9, 41, 27) });
  let extra = 0;
  for (const candle of m.candles('btc', '1min', 60).slice(1)) {
    const seconds = Array.from({ length: 60 }, (_, s) => m.priceAt('btc', candle.time + s * 1000));
    const highs = seconds.filter((p) => p === candle.high).length;
    const lows = seconds.filter((p) => p === candle.low).length;
    assert.ok(highs >= 1 && lows >= 1, `extremes of ${new Date(candle.time).toISOString()} are traded`);
    extra += highs - 1 + lows - 1;
  }
  assert.ok(extra <= 6, `${extra} seconds repeat a minute's extreme in 59 minutes`);
});

sim('the forming candle is built only from ticks up to now', () => {
  let t = Date.UTC(2025, 0, 1, 0, 0, 30);
  const m = new SimulatedMarket({ seed: 'ticks', now: () => t });
  const ticks: bigint[] = [];
  for (let s = 0; s <= 30; s++) ticks.push(units(m.priceAt('btc', Date.UTC(2025, 0, 1) + s * 1000)));
  const [forming] = m.candles('btc', '1min', 1);
  assert.is(units(forming.open), ticks[0]);
  assert.is(units(forming.close), ticks[30]);
  assert.is(units(forming.high), max(ticks));
  assert.is(units(forming.low), min(ticks));
  t += 1000;
  assert.is(m.candles('btc', '1min', 1)[0].close, m.priceAt('btc', t), 'a second later the close is the new tick');
});

const tickers = suite('getHomeTickerList');

tickers('a dozen coins, btc first, priced as the forming candle closes', async () => {
  const app = await shared();
  const { market } = app;
  const { body, bytes } = await get<Ticker[]>(app, '/h5/symbol/getHomeTickerList');
  console.log(`  ticker list JSON: ${bytes} B`);
  assert.is(body.code, 200);
  assert.is(body.data.length, 12);
  assert.is(body.data[0].symbol, 'btc');
  for (const t of body.data) {
    assert.is(t.price, market.priceAt(t.symbol, now), `${t.symbol} price is the tick of this second`);
    assert.is(t.price, market.candles(t.symbol, '1min', 1)[0].close);
    const [p, h, l] = [t.price, t.high, t.low].map(units);
    assert.ok(l <= p && p <= h, `${t.symbol} price lies within the 24 h range`);
    assert.match(t.change, /^-?\d+\.\d\d$/);
  }
});

tickers('polled answers are compressed for clients that accept it, and decode to the same JSON', async () => {
  const app = await shared();
  const br = { 'accept-encoding': 'gzip, deflate, br' };
  for (const url of ['/prod-api/h5/symbol/getHomeTickerList', '/prod-api/h5/symbol/getHistoryKline?symbol=btc&period=1min&size=500']) {
    const plain = await app.inject(url);
    const packed = await app.inject(url, true, br);
    assert.is(packed.headers['content-encoding'], 'br', url);
    assert.is(packed.headers.vary, 'accept-encoding');
    assert.is(brotliDecompressSync(packed.rawPayload).toString(), plain.body, `${url} decodes to the plain answer`);
    console.log(`  ${url.split('?')[0]}: ${plain.rawPayload.length} B plain, ${packed.rawPayload.length} B brotli`);
  }
  const since = (await get<Candle[]>(app, '/h5/symbol/getHistoryKline?symbol=btc&size=1')).body.data[0].time;
  const small = await app.inject(`/prod-api/h5/symbol/getHistoryKline?symbol=btc&since=${since}`, true, br);
  assert.is(small.headers['content-encoding'], undefined, 'a one-candle answer is not worth compressing');
  assert.is((JSON.parse(small.body) as Envelope<Candle[]>).data.length, 1);
});

tickers.after(async () => (await booted)?.close());

kline.run();
sim.run();
tickers.run();
