/**
 * The Binance feed's optional socket: a local server speaking Binance's documented combined
 * stream format (`/stream?streams=btcusdt@kline_1s`, events `{ stream, data: { e: "kline", s,
 * k: { t, i, o, h, l, c, v, x } } }`) pushes one-second klines, which the fetcher stores instead of
 * asking REST for them; when the socket drops, REST takes over until the socket is back.
 */
import type { AddressInfo } from 'node:net';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { until } from '../until.ts';
import { WebSocketServer, type WebSocket } from 'ws';
import { marketCandles, marketFeed, marketSeconds } from '../../server/db/schema/index.ts';
import { precisionOf } from '../../server/market/config.ts';
import { binance } from '../../server/market/feeds/binance.ts';
import { binanceSocket, type BinanceSocket } from '../../server/market/feeds/binance-socket.ts';
import { Fetcher } from '../../server/market/fetcher.ts';
import { storedPriceAt } from '../../server/market/store.ts';
import { startFakeExchange, type FakeExchange } from './fake-exchange.ts';
import { startTestServer, type TestServer } from './harness.ts';

const test = suite('Binance one-second prices over the socket, REST when it drops');

let s: TestServer;
let ex: FakeExchange;
let wss: WebSocketServer;
let socket: BinanceSocket | undefined;
const clients = new Set<WebSocket>();
const asked: string[] = [];
const lines: string[] = [];

test.before(async () => {
  s = await startTestServer();
  for (const table of [marketFeed, marketCandles, marketSeconds]) await s.ctx.db.delete(table);
  ex = await startFakeExchange();
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss.on('connection', (ws, req) => {
    asked.push(req.url ?? '');
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
  });
  await new Promise((r) => wss.once('listening', r));
});

test.after(async () => {
  socket?.close();
  for (const c of clients) c.terminate();
  await new Promise((r) => wss.close(r));
  await ex.close();
  await s.close();
});

/** What Binance pushes for a closed one-second kline of BTCUSDT. */
const push = (second: number, price: string) => {
  const k = { t: second * 1000, T: second * 1000 + 999, s: 'BTCUSDT', i: '1s', f: 1, L: 2, o: price, c: price, h: price, l: price, v: '1.5', n: 2, x: true, q: '0', V: '0', Q: '0', B: '0' };
  const event = JSON.stringify({ stream: 'btcusdt@kline_1s', data: { e: 'kline', E: second * 1000 + 1000, s: 'BTCUSDT', k } });
  for (const c of clients) c.send(event);
};

/** Resolves once the socket has read every push sent before: its pong follows them on the connection. */
const delivered = () =>
  Promise.all(
    [...clients].map(
      (c) =>
        new Promise((resolve) => {
          c.once('pong', resolve);
          c.ping();
        }),
    ),
  );

const klineCalls = () => ex.requests.filter((p) => p === '/api/v3/klines').length;

test('prices come over the socket while it is up, from REST before it connected and after it dropped', async () => {
  const now = () => s.clock.now();
  const second = () => Math.floor(now() / 1000);
  const start = second();
  for (let t = start - 120; t <= start; t++) ex.trade('BTCUSDT', t, '65000.00');
  const { port } = wss.address() as AddressInfo;
  socket = binanceSocket({ url: `ws://127.0.0.1:${port}`, symbols: ['btc'], now, log: { info: (m) => lines.push(m), warn: (m) => lines.push(m) } });
  const rest = binance({ symbols: ['btc'], baseUrl: ex.url, now });
  const f = new Fetcher({ db: s.ctx.db, exchange: socket.over(rest), symbols: ['btc'], precision: precisionOf, now, candleEveryMs: 3_600_000 });
  await f.load();
  await f.cycle();
  assert.is(await storedPriceAt(s.ctx.db, 'btc', start - 1), '65000.00', 'before the socket is up, REST');
  await until('the socket connects', () => socket!.connected(), { ms: 15_000, every: 20 });
  assert.equal(asked, ['/stream?streams=btcusdt@kline_1s'], 'the combined stream of the mapped symbol');

  // A pass in the socket's first second still asks REST: the socket vouches from the next second on.
  ex.trade('BTCUSDT', start + 1, '65000.00');
  s.clock.advance(1000);
  await f.cycle();
  // The exchange's REST would answer 65000.00; the socket says otherwise, and is believed.
  for (let t = start + 2; t <= start + 4; t++) ex.trade('BTCUSDT', t, '65000.00');
  s.clock.advance(3000);
  for (let t = start + 1; t <= start + 4; t++) push(t, `6510${t - start}.00`);
  await delivered();
  const before = klineCalls();
  await f.cycle();
  assert.is(klineCalls(), before, 'no REST kline asked while the socket covers the seconds');
  assert.is(await storedPriceAt(s.ctx.db, 'btc', start + 2), '65102.00', 'the pushed price is stored');
  assert.is(await storedPriceAt(s.ctx.db, 'btc', start + 4), null, 'the newest second is not complete yet');

  // The socket drops: REST fills the seconds the socket missed.
  for (const c of clients) c.terminate();
  await until('the drop is noticed', () => !socket!.connected(), { ms: 15_000, every: 20 });
  for (let t = start + 5; t <= start + 7; t++) ex.trade('BTCUSDT', t, '65200.00');
  s.clock.advance(3000);
  await f.cycle();
  assert.ok(klineCalls() > before, 'REST asked again');
  assert.is(await storedPriceAt(s.ctx.db, 'btc', start + 6), '65200.00', 'the seconds during the drop come from REST');
  assert.ok(lines.some((l) => l.includes('socket dropped')), 'the drop is logged');

  await until('the socket reconnects with backoff', () => socket!.connected(), { ms: 15_000, every: 20 });
  assert.is(asked.length, 2);
  s.clock.advance(2000);
  ex.trade('BTCUSDT', start + 8, '65200.00');
  ex.trade('BTCUSDT', start + 9, '65200.00');
  await f.cycle();
  s.clock.advance(3000);
  for (let t = start + 9; t <= start + 12; t++) push(t, '65300.00');
  await delivered();
  const again = klineCalls();
  await f.cycle();
  assert.is(klineCalls(), again, 'back on the socket once it covers the seconds asked');
  assert.is(await storedPriceAt(s.ctx.db, 'btc', start + 10), '65300.00');
});

test.run();
