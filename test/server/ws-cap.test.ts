/**
 * The cap on push sockets per process (server/ws/cap.ts, docs/deployment.md#push-sockets): one
 * socket past it hears why and is closed with 1013, and a socket that closes frees its place.
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { SOCKET_CLOSE_FULL } from '../../src/shared/contract.ts';
import { DEFAULT_MAX_SOCKETS, maxSocketsFromEnv, openFileLimit } from '../../server/ws/cap.ts';
import { KEY_HEADER } from '../../server/operator/api/key.ts';
import { startOperator, startTestServer, type TestOperator, type TestServer } from './harness.ts';
import { TestSocket } from './ws-client.ts';

const CAP = 3;
let server: TestServer;
let admin: TestOperator;
let base: string;
const open: TestSocket[] = [];

async function connect(): Promise<TestSocket> {
  const socket = await TestSocket.open(base + '/prod-api/ws');
  open.push(socket);
  return socket;
}

async function signedIn(token: string): Promise<TestSocket> {
  const socket = await connect();
  socket.send(JSON.stringify({ type: 'auth', token }));
  assert.is((await socket.nextJson()).type, 'ready', 'a socket within the cap is answered');
  return socket;
}

/** Waits for the server to have heard a close: its count is what the next socket is measured against. */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!check()) {
    assert.ok(Date.now() < deadline, `not within 3 s: ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

test.before(async () => {
  server = await startTestServer({ maxSockets: CAP });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  admin = await startOperator(server.ctx);
});

/** One sample of the process's metrics, as a scrape reads it. */
async function metric(name: string): Promise<number> {
  const res = await admin.app.inject({ url: '/admin/metrics', headers: { [KEY_HEADER]: admin.key } });
  const line = res.body.split('\n').find((l) => l.startsWith(name + ' '));
  assert.ok(line, `${name} is in the metrics`);
  return Number(line.slice(name.length + 1));
}

test.after(async () => {
  for (const s of open) s.close();
  await admin.close();
  await server.close();
});

test('the socket past the cap hears why and is closed with 1013; one closed frees its place', async () => {
  const { token } = await server.register();
  const first = await signedIn(token);
  // Sockets that have not authenticated yet hold their place too: the memory is spent on accepting.
  await connect();
  await connect();
  const extra = await connect();
  assert.equal(
    await extra.nextJson(),
    { type: 'error', code: 503, key: 'socket.full', msg: 'This server holds as many sockets as it may: try again later' },
    'the refusal says why, before any auth message',
  );
  assert.equal(await extra.closed, { code: SOCKET_CLOSE_FULL, reason: 'socket.full' }, 'and the close says so too (a browser sees only this)');
  assert.is(await metric('ws_refused_total'), 1, 'the operator sees the refusal counted');
  assert.is(await metric('ws_connections{state="authenticated"}') + (await metric('ws_connections{state="pending"}')), CAP, 'and not held');

  first.close();
  await first.closed;
  await until(() => server.ctx.sockets?.().open === CAP - 1, 'the server forgets the closed socket');
  const again = await signedIn(token);
  again.send('ping');
  assert.is(await again.next(), 'pong', 'the freed place serves a socket in full');

  const full = await connect();
  assert.is((await full.nextJson()).key, 'socket.full', 'and the cap holds again');
  assert.is((await full.closed).code, SOCKET_CLOSE_FULL);
});

test('WS_MAX_SOCKETS sets the cap; without it the default, lowered to what ulimit -n leaves', () => {
  assert.is(maxSocketsFromEnv({ WS_MAX_SOCKETS: '5000' }, 1024), 5000, 'an explicit cap is taken as it is');
  assert.is(maxSocketsFromEnv({ WS_MAX_SOCKETS: '0' }, null), 0, '0 refuses every socket');
  assert.is(maxSocketsFromEnv({}, null), DEFAULT_MAX_SOCKETS);
  assert.is(maxSocketsFromEnv({}, 1_048_576), DEFAULT_MAX_SOCKETS);
  assert.is(maxSocketsFromEnv({}, 1024), 512, 'a descriptor limit of 1024 leaves 512 for sockets');
  assert.throws(() => maxSocketsFromEnv({ WS_MAX_SOCKETS: 'lots' }, null), /WS_MAX_SOCKETS must be a whole number/);
  assert.is(openFileLimit('Limit  Soft Limit  Hard Limit  Units\nMax open files            1024                 524288               files\n'), 1024);
  assert.is(openFileLimit('Max open files            unlimited            unlimited            files\n'), null);
});

test.run();
