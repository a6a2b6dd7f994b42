/**
 * SIGTERM to the real server: a request in flight gets its answer, a request that comes after on
 * the same connection gets the "try again" envelope (HTTP 503, Retry-After, no-store, nosniff,
 * Connection: close) rather than fastify's own JSON, the push socket closes with 1001 "server
 * shutting down" (the app reconnects at once on it), and the process exits 0.
 */
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { preparedDataDir } from './data-dir.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { TestSocket } from './ws-client.ts';

const dataDir = await preparedDataDir('tl-term-');
let server: ServerProcess | undefined;
test.after(async () => {
  await server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits the HTTP/1.1 answers read from one connection (each with Content-Length). */
function parseAnswers(text: string): RawAnswer[] {
  const out: RawAnswer[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1')) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length']);
    out.push({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

test('SIGTERM: the request in flight is answered, the next one gets the 503 envelope, sockets close with 1001, exit 0', async () => {
  server = await startServerProcess(dataDir);
  const s = server;
  const token = (await s.call<string>('POST', '/login', { body: { username: 'demo01', password: 'demo1234' } })).data;
  const socket = await TestSocket.open(`${s.url.replace('http', 'ws')}/prod-api/ws`);
  socket.send(JSON.stringify({ type: 'auth', token }));
  assert.is((await socket.nextJson()).type, 'ready');

  // A login whose body is still arriving when SIGTERM comes: in flight.
  const port = Number(new URL(s.url).port);
  const conn = connect(port, '127.0.0.1');
  await new Promise((r) => conn.once('connect', r));
  let received = '';
  conn.on('data', (d) => (received += d.toString()));
  const closed = new Promise((r) => conn.once('close', r));
  const body = JSON.stringify({ username: 'demo01', password: 'demo1234' });
  conn.write(`POST /prod-api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`);
  // Fixed wait: the request is in flight only once the server has read its head, and nothing
  // outside the server process tells when that is.
  await sleep(300);
  const started = Date.now();
  void s.kill('SIGTERM');
  // The push socket's close is the shutdown under way: what comes next on the connection meets it.
  const socketClosed = await socket.closed;
  // The rest of the body, and right behind it a second request on the same connection.
  conn.write(`${body.slice(10)}GET /prod-api/h5/symbol/getPlays HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  await Promise.race([closed, sleep(10_000)]);
  const code = await s.exited;

  assert.equal(socketClosed, { code: 1001, reason: 'server shutting down' }, 'the push socket says the server is going away');
  const [first, second] = parseAnswers(received);
  assert.ok(first, `an answer to the request in flight: ${received.slice(0, 300)}`);
  assert.is(first!.status, 200);
  assert.is(JSON.parse(first!.body).code, 200, 'the login in flight succeeded');
  assert.ok(second, `an answer to the request after SIGTERM: ${received.slice(0, 600)}`);
  assert.is(second!.status, 503);
  assert.equal(JSON.parse(second!.body), { code: 503, msg: 'The service is briefly unavailable, please try again in a few seconds', key: 'http.unavailable', data: null }, 'the envelope the app reads');
  assert.is(second!.headers['cache-control'], 'no-store');
  assert.is(second!.headers['x-content-type-options'], 'nosniff');
  assert.ok(Number(second!.headers['retry-after']) > 0, 'Retry-After');
  assert.is(second!.headers.connection, 'close', 'the retry opens a new connection, to a live process');
  assert.is(code, 0, 'exit 0');
  assert.ok(Date.now() - started < 15_000, 'within the shutdown bound');
});

test.run();
