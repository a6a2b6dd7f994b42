/**
 * The deployment of docs/deployment.md, run for real: Debian's nginx with deploy/nginx.conf (ports
 * and certificate swapped) in front of two server processes on one PostgreSQL. A journey through
 * the proxy (register, order, push over the upgraded socket), client addresses for rate limits,
 * HTTPS-only headers, compression done once, and the static files' cache headers.
 * Needs DATABASE_URL (runs under `npm run test:pg`) and nginx (NGINX, default /usr/sbin/nginx).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { ContractOrder, Envelope, Play, UserInfo } from '../../src/shared/contract.ts';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { signIns } from '../../server/db/schema/index.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { freePort, startNginx, stopNginx } from './nginx-process.ts';
import { TestSocket } from './ws-client.ts';

const databaseUrl = process.env.DATABASE_URL;
const ASSET = 'assets/main-ABCD1234.js';
const ASSET_TEXT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;

interface Ctx {
  dir: string;
  one: ServerProcess;
  two: ServerProcess;
  nginx: ChildProcess;
  httpPort: number;
  httpsPort: number;
  sockets: TestSocket[];
  /** uvu reports a suite whose `before` threw as passing: the error is kept and thrown by every test. */
  setupError?: unknown;
}
const test = suite<Ctx>('behind nginx: two processes on one PostgreSQL', { sockets: [] } as unknown as Ctx);

/** A built app's shape: the page, and a hashed asset precompressed as the build writes it. */
function writeDist(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><title>trade-lite</title></head><body><script type="module" src="/${ASSET}"></script></body></html>`);
  writeFileSync(path.join(dir, ASSET), ASSET_TEXT);
  writeFileSync(path.join(dir, `${ASSET}.gz`), gzipSync(ASSET_TEXT));
  writeFileSync(path.join(dir, `${ASSET}.br`), brotliCompressSync(ASSET_TEXT));
}

test.before(async (c) => {
  if (!databaseUrl) return;
  try {
    await setUp(c);
  } catch (e) {
    c.setupError = e;
  }
});

async function setUp(c: Ctx): Promise<void> {
  c.dir = mkdtempSync(path.join(tmpdir(), 'tl-nginx-'));
  writeDist(path.join(c.dir, 'dist'));
  const env = { TRUST_PROXY: '1', DIST_DIR: path.join(c.dir, 'dist') };
  [c.one, c.two] = await Promise.all([startServerProcess(path.join(c.dir, 'one'), env), startServerProcess(path.join(c.dir, 'two'), env)]);
  [c.httpPort, c.httpsPort] = [await freePort(), await freePort()];
  c.nginx = await startNginx({ dir: c.dir, upstreams: [new URL(c.one.url).host, new URL(c.two.url).host], httpPort: c.httpPort, httpsPort: c.httpsPort });
}

/** Throws the set-up's failure, so each test names it. */
function ready(c: Ctx): void {
  if (c.setupError) throw c.setupError;
}
/** Without PostgreSQL the PGlite run counts these as skipped; `npm run test:pg` runs them. */
const pgTest = databaseUrl ? test : test.skip;
test.after(async (c) => {
  for (const s of c.sockets) s.close();
  await stopNginx(c.nginx);
  await Promise.all([c.one?.kill('SIGTERM'), c.two?.kill('SIGTERM')]);
  if (c.dir) rmSync(c.dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request through nginx, from `from` (a loopback address: each is a different client). */
function call(c: Ctx, method: string, url: string, o: { headers?: Record<string, string>; body?: unknown; tls?: boolean; from?: string } = {}): Promise<Answer> {
  const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
  const options = {
    host: '127.0.0.1',
    port: o.tls ? c.httpsPort : c.httpPort,
    method,
    path: url,
    localAddress: o.from ?? '127.0.0.1',
    rejectUnauthorized: false,
    headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...o.headers },
  };
  return new Promise((resolve, reject) => {
    const req = (o.tls ? https : http).request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const api = async <T>(c: Ctx, method: string, url: string, o: Parameters<typeof call>[3] = {}) => {
  const res = await call(c, method, '/prod-api' + url, o);
  return { res, env: JSON.parse(res.body.toString()) as Envelope<T> };
};

pgTest('a journey through the proxy: register, an order, and a push over the upgraded socket', async (c) => {
  ready(c);
  const username = `ngx${process.pid % 10000}a`;
  const { env: registered, res } = await api<string>(c, 'POST', '/h5/user/register', { body: { username, password: 'glass-river-58', confirmPassword: 'glass-river-58' }, from: '127.0.0.4' });
  assert.is(registered.code, 200, registered.msg);
  assert.match(String(res.headers['x-request-id']), /^[0-9a-f]{32}$/, "the server keeps nginx's request id");
  const token = registered.data;

  const socket = await TestSocket.open(`ws://127.0.0.1:${c.httpPort}/prod-api/ws`);
  c.sockets.push(socket);
  socket.send(JSON.stringify({ type: 'auth', token }));
  assert.is((await socket.nextJson()).type, 'ready');

  const { userId } = (await api<UserInfo>(c, 'POST', '/h5/user/getUserInfo', { headers: { authorization: token } })).env.data;
  assert.ok(userId > 0);
  // The console's recent logins show the client's address as nginx passed it on, not nginx's own.
  const database = await openDatabase({ databaseUrl: databaseUrl! });
  try {
    const recorded = await database.db.select({ ip: signIns.ip, how: signIns.how }).from(signIns).where(eq(signIns.userId, userId));
    assert.equal(recorded, [{ ip: '127.0.0.4', how: 'register' }]);
  } finally {
    await database.close();
  }
  // The operator API is not behind the proxy; either process reaches the socket through PostgreSQL.
  for (const s of [c.one, c.two]) {
    assert.is((await s.operator('POST', '/balance', { username, amount: '+50', reason: 'test funds' })).code, 200);
    assert.equal(await socket.nextJson(), { code: 'balance' });
  }

  const play = (await api<Play[]>(c, 'GET', '/h5/symbol/getPlays')).env.data.find((p) => p.seconds === 60)!;
  const query = new URLSearchParams({ symbol: 'btc', playId: String(play.id), direction: 'up', amount: String(play.minAmount) });
  const placed = await api<ContractOrder>(c, 'POST', `/h5/order/saveContactOrder?${query}`, { headers: { authorization: token, 'idempotency-key': 'ngx-order-1' }, body: {} });
  assert.is(placed.env.code, 200, placed.env.msg);
  const list = await api<{ rows: ContractOrder[] }>(c, 'GET', '/h5/order/myOrderList?tab=all', { headers: { authorization: token } });
  assert.equal(list.env.data.rows.map((o) => o.orderNo), [placed.env.data.orderNo]);
  const info = await api<UserInfo>(c, 'POST', '/h5/user/getUserInfo', { headers: { authorization: token } });
  assert.is(Number(info.env.data.balance), 100 - Number(play.minAmount), 'the order was paid once');
});

pgTest('rate limits count per client address, which a client cannot forge', async (c) => {
  ready(c);
  const attempt = (from: string, headers: Record<string, string> = {}) =>
    api(c, 'POST', '/login', { body: { username: `nobody${Math.random().toString(36).slice(2, 10)}`, password: 'wrong-password-1' }, from, headers });
  let refused: Answer | undefined;
  for (let i = 0; i < 12 && !refused; i++) {
    const { res } = await attempt('127.0.0.2');
    if (res.status === 429) refused = res;
    else assert.is(res.status, 400);
  }
  assert.ok(refused, '127.0.0.2 is limited');
  assert.ok(Number(refused!.headers['retry-after']) > 0, 'with Retry-After');
  const forged = await attempt('127.0.0.2', { 'x-forwarded-for': '203.0.113.9' });
  assert.is(forged.res.status, 429, 'a forged X-Forwarded-For does not escape the limit');
  const other = await attempt('127.0.0.3');
  assert.equal([other.res.status, other.env.key], [400, 'auth.badCredentials'], 'another client is not limited');
});

pgTest('HSTS and upgrade-insecure-requests only over HTTPS', async (c) => {
  ready(c);
  const secure = await call(c, 'GET', '/', { tls: true });
  assert.is(secure.status, 200);
  assert.match(String(secure.headers['strict-transport-security']), /max-age=\d+/);
  assert.match(String(secure.headers['content-security-policy']), 'upgrade-insecure-requests');
  const plain = await call(c, 'GET', '/');
  assert.is(plain.status, 200);
  assert.is(plain.headers['strict-transport-security'], undefined);
  assert.not.match(String(plain.headers['content-security-policy']), 'upgrade-insecure-requests');
});

pgTest('over HTTPS the page, a script and a start-up call share one HTTP/2 connection', async (c) => {
  ready(c);
  const session = http2.connect(`https://127.0.0.1:${c.httpsPort}`, { rejectUnauthorized: false });
  try {
    const get = (p: string) =>
      new Promise<{ status: number; length: number }>((resolve, reject) => {
        const req = session.request({ ':path': p, 'accept-encoding': 'br' });
        let status = 0;
        let length = 0;
        req.on('response', (h) => (status = Number(h[':status'])));
        req.on('data', (d: Buffer) => (length += d.length));
        req.on('end', () => resolve({ status, length }));
        req.on('error', reject);
      });
    // At once, as a browser's first wave asks for them.
    const answers = await Promise.all(['/', `/${ASSET}`, '/prod-api/common/config/list'].map(get));
    for (const a of answers) assert.is(a.status, 200);
    assert.ok(answers.every((a) => a.length > 0), 'each answer has a body');
    assert.is(session.alpnProtocol, 'h2', 'the browser and nginx agreed on HTTP/2');
  } finally {
    session.close();
  }
});

pgTest('answers are compressed once, by the server; static files keep their cache headers', async (c) => {
  ready(c);
  const gz = await call(c, 'GET', `/${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.is(gunzipSync(gz.body).toString(), ASSET_TEXT, 'one gunzip gives the file');
  assert.match(String(gz.headers['cache-control']), /max-age=31536000.*immutable|immutable.*max-age=31536000/);
  const br = await call(c, 'GET', `/${ASSET}`, { headers: { 'accept-encoding': 'br' } });
  assert.is(br.headers['content-encoding'], 'br');
  assert.is(brotliDecompressSync(br.body).toString(), ASSET_TEXT);
  const identity = await call(c, 'GET', `/${ASSET}`);
  assert.is(identity.headers['content-encoding'], undefined);
  assert.is(identity.body.toString(), ASSET_TEXT);
  const page = await call(c, 'GET', '/', { headers: { 'accept-encoding': 'gzip' } });
  assert.match(String(page.headers['cache-control']), /no-cache|no-store/);
  const tickers = await call(c, 'GET', '/prod-api/h5/symbol/getHomeTickerList', { headers: { 'accept-encoding': 'gzip' } });
  const body = tickers.headers['content-encoding'] === 'gzip' ? gunzipSync(tickers.body) : tickers.body;
  assert.ok(['gzip', undefined].includes(tickers.headers['content-encoding'] as string | undefined), String(tickers.headers['content-encoding']));
  assert.is((JSON.parse(body.toString()) as Envelope<unknown>).code, 200);
});

pgTest("the answers the server marks shared come from nginx's cache, and only those", async (c) => {
  ready(c);
  type Op = { security?: unknown[] };
  const doc = JSON.parse((await call(c, 'GET', '/prod-api/openapi.json')).body.toString()) as { paths: Record<string, Record<string, Op>> };
  // What a visitor can ask for by GET with nothing in the path: whatever the cache could be asked for.
  const routes = Object.entries(doc.paths).filter(([route, ops]) => ops.get && !ops.get.security?.length && !route.includes('{')).map(([route]) => route);
  const cached: string[] = [];
  for (const url of routes) {
    const route = url.slice('/prod-api'.length);
    const first = await call(c, 'GET', url, { headers: { 'accept-encoding': 'br' } });
    const again = await call(c, 'GET', url, { headers: { 'accept-encoding': 'br' } });
    const shared = /\bpublic\b/.test(String(first.headers['cache-control']));
    if (shared) {
      cached.push(route);
      assert.ok(['HIT', 'STALE', 'UPDATING', 'EXPIRED', 'REVALIDATED'].includes(String(again.headers['x-cache'])), `${route}: the second ask is the cache's (${again.headers['x-cache']})`);
      assert.ok(again.body.equals(first.body) || again.headers.etag !== first.headers.etag, `${route}: the same answer while it is current`);
    } else {
      assert.is(again.headers['x-cache'], undefined, `${route} (${first.headers['cache-control']}): never through the cache`);
    }
  }
  assert.ok(cached.includes('/h5/symbol/getHomeTickerList') && cached.length >= 5, `the shared answers are cached: ${cached}`);
  // A user's own answer, asked by two users at once, is each one's own.
  const users = await Promise.all(['b', 'c'].map(async (suffix, i) => {
    const username = `ngx${process.pid % 10000}${suffix}`;
    const { env } = await api<string>(c, 'POST', '/h5/user/register', { body: { username, password: 'glass-river-58', confirmPassword: 'glass-river-58' }, from: `127.0.0.${10 + i}` });
    assert.is(env.code, 200, env.msg);
    return { username, token: env.data };
  }));
  const own = await Promise.all(users.map((u) => api<{ code: string }>(c, 'GET', '/h5/user/inviteCodeUrl', { headers: { authorization: u.token } })));
  for (const { res } of own) {
    assert.is(res.headers['cache-control'], 'no-store');
    assert.is(res.headers['x-cache'], undefined);
  }
  assert.is.not(own[0]!.env.data.code, own[1]!.env.data.code, 'each user gets their own');
});

pgTest('however many ask, the servers are asked about once a second for the ticker list; If-None-Match gets a 304 from the cache', async (c) => {
  ready(c);
  const route = '/h5/symbol/getHomeTickerList';
  const origin = async () => (await c.one.answered(route)) + (await c.two.answered(route));
  const before = await origin();
  const started = Date.now();
  let asked = 0;
  const statuses = new Set<number>();
  // 20 clients asking back to back for 3 s: hundreds of requests a second.
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (Date.now() - started < 3000) {
        const res = await call(c, 'GET', '/prod-api' + route, { headers: { 'accept-encoding': 'br' } });
        statuses.add(res.status);
        asked++;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const reached = (await origin()) - before;
  assert.equal([...statuses], [200]);
  assert.ok(asked > 100, `${asked} requests`);
  assert.ok(reached >= 1 && reached <= Math.ceil(seconds) + 2, `${asked} requests in ${seconds.toFixed(1)} s reached the servers ${reached} times`);

  const fresh = await call(c, 'GET', '/prod-api' + route, { headers: { 'accept-encoding': 'br' } });
  let etag = String(fresh.headers.etag);
  assert.match(etag, /^"[\w-]{16}"$/);
  // The answer the cache gave may be the one it was replacing (stale while updating): the next ask
  // then meets the new one. A 200 must be a changed answer, and the current one's tag gets a 304.
  let again = await call(c, 'GET', '/prod-api' + route, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
  for (let tries = 1; again.status === 200 && tries < 5; tries++) {
    assert.is.not(again.headers.etag, etag, 'a 200 to If-None-Match is a changed answer');
    etag = String(again.headers.etag);
    again = await call(c, 'GET', '/prod-api' + route, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
  }
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
  assert.is(again.headers.etag, etag);
  assert.match(String(again.headers['cache-control']), /^public, max-age=0, s-maxage=1$/);
});

test.run();
