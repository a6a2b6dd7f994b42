import Fastify from 'fastify';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { SOCKET_CLOSE_AUTH } from '../../src/shared/contract.ts';
import { buildApp } from '../../server/app.ts';
import { createBus } from '../../server/bus/index.ts';
import { revokeAllSessions, userIdFromToken } from '../../server/auth/session.ts';
import { socketRoutes } from '../../server/ws/routes.ts';
import { startOperator, startTestServer, type TestOperator, type TestServer } from './harness.ts';
import { TestSocket } from './ws-client.ts';

let server: TestServer;
let admin: TestOperator;
let base: string;
const open: TestSocket[] = [];

async function connect(): Promise<TestSocket> {
  const socket = await TestSocket.open(base + '/prod-api/ws');
  open.push(socket);
  return socket;
}

/** A registered user with an authenticated socket. */
async function user() {
  const { username, token } = await server.register();
  const socket = await connect();
  socket.send(JSON.stringify({ type: 'auth', token }));
  const ready = await socket.nextJson<{ type: string; userId: number }>();
  assert.is(ready.type, 'ready', 'a good token is answered with ready');
  return { username, token, socket, userId: ready.userId };
}

const operator = (url: string, body: object) => admin.call('POST', url, body);

test.before(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  admin = await startOperator(server.ctx);
});

test.after(async () => {
  for (const s of open) s.close();
  await admin.close();
  await server.close();
});

test('refuses a bad token with an error message and close code 4001', async () => {
  const socket = await connect();
  socket.send(JSON.stringify({ type: 'auth', token: 'not-a-session' }));
  const error = await socket.nextJson();
  assert.equal(error, { type: 'error', code: 401, key: 'auth.expired', msg: 'Login status expired, please log in again' });
  assert.is((await socket.closed).code, SOCKET_CLOSE_AUTH);
});

test('the first message must be the auth message', async () => {
  const socket = await connect();
  socket.send('ping');
  const error = await socket.nextJson();
  assert.is(error.type, 'error');
  assert.is(error.key, 'socket.auth');
  assert.is((await socket.closed).code, SOCKET_CLOSE_AUTH);
});

test('a token in the URL is not accepted in place of the auth message', async () => {
  const { token } = await server.register();
  const socket = await TestSocket.open(`${base}/prod-api/ws?token=${encodeURIComponent(token)}`);
  open.push(socket);
  socket.send('ping');
  assert.is((await socket.nextJson()).key, 'socket.auth');
});

test('heartbeat: ping is answered with pong', async () => {
  const { socket } = await user();
  socket.send('ping');
  assert.is(await socket.next(), 'pong');
  socket.send(JSON.stringify({ type: 'ping' }));
  assert.is(await socket.next(), 'pong', 'the JSON form works too');
});

test('a message from the operator reaches its user only', async () => {
  const alice = await user();
  const bob = await user();
  const sent = await operator('/message', { username: alice.username, content: 'Your deposit is confirmed' });
  assert.is(sent.code, 200, sent.msg);
  assert.equal(await alice.socket.nextJson(), { code: 'mes' });
  // A push to bob afterwards arrives first for him: the message before it never reached him.
  assert.is((await operator('/mask', { username: bob.username, on: true })).code, 200);
  assert.equal(await bob.socket.nextJson(), { code: 'is_order', data: { is_order: false } }, 'masked: may not order');
  assert.equal(alice.socket.pending, [], 'alice got nothing of bob\'s');
});

test('mask, ask-code and balance pushes carry their data; a notice reaches everyone', async () => {
  const alice = await user();
  const bob = await user();
  await operator('/mask', { username: alice.username, on: false });
  assert.equal(await alice.socket.nextJson(), { code: 'is_order', data: { is_order: true } }, 'unmasked: may order');
  await operator('/ask-code', { username: alice.username, verificationType: 'email' });
  assert.equal(await alice.socket.nextJson(), { code: 'input', data: { verificationType: 'email' } });
  const credit = await operator('/balance', { username: alice.username, amount: '+25.5', reason: 'test credit' });
  assert.is(credit.code, 200, credit.msg);
  assert.equal(await alice.socket.nextJson(), { code: 'balance' });
  await operator('/notice', { title: 'Maintenance', content: 'Tonight 02:00 UTC' });
  assert.equal(await alice.socket.nextJson(), { code: 'mes' });
  assert.equal(await bob.socket.nextJson(), { code: 'mes' });
});

test('every socket of the same user gets the push', async () => {
  const alice = await user();
  const second = await connect();
  second.send(JSON.stringify({ type: 'auth', token: alice.token }));
  assert.is((await second.nextJson()).type, 'ready');
  await operator('/ask-code', { username: alice.username, verificationType: 'sms' });
  assert.is((await alice.socket.nextJson()).code, 'input');
  assert.is((await second.nextJson()).code, 'input');
});

test('catch-up: a socket that asks for the last second hears of the credit and the message it had no socket for', async () => {
  const { username, password, token } = await server.register();
  const authed = async (sinceMs?: number, as = token) => {
    const socket = await connect();
    socket.send(JSON.stringify({ type: 'auth', token: as, ...(sinceMs === undefined ? {} : { sinceMs }) }));
    assert.is((await socket.nextJson()).type, 'ready');
    // A pong marks the end of what the server sent after ready.
    socket.send('ping');
    const after: string[] = [];
    for (let text = await socket.next(); text !== 'pong'; text = await socket.next()) after.push(text);
    return after.map((t) => JSON.parse(t) as unknown);
  };
  // Bills and notices carry the database's time, messages the server's (the test's clock here).
  const aSecondLater = async () => {
    // Fixed wait: the database's clock cannot be moved, so a second of it has to pass.
    await new Promise((r) => setTimeout(r, 1200));
    server.clock.advance(1200);
  };
  await aSecondLater();
  assert.equal(await authed(1000), [], 'nothing happened to the account, nor a notice to everyone, in the last second');
  assert.is((await operator('/balance', { username, amount: '+5', reason: 'test credit' })).code, 200);
  assert.is((await operator('/message', { username, content: 'Credited' })).code, 200);
  assert.equal(await authed(1000), [{ code: 'balance' }, { code: 'mes' }]);
  assert.equal(await authed(), [], 'without sinceMs, no catch-up');
  // The server's time moves on too (the test's clock stands still unless moved). The session's
  // start is moved to the server's time by the database's clock, which runs on while this test
  // works: 10 s, not 100 ms, so a loaded machine's delay before the catch-up is not taken for the
  // message being newer than the session.
  server.clock.advance(10_000);
  const fresh = await server.login(username, password);
  assert.equal(await authed(60_000, fresh), [], 'a session that began after both changes loaded them already');
  await aSecondLater();
  assert.equal(await authed(1000), [], 'both changes are older than the second asked for');
});

test('catch-up: sinceMs must be a whole number of milliseconds', async () => {
  const { token } = await server.register();
  for (const sinceMs of [-1, 1.5, '60000', null, 1e300]) {
    const socket = await connect();
    socket.send(JSON.stringify({ type: 'auth', token, sinceMs }));
    const error = await socket.nextJson();
    assert.is(error.key, 'socket.auth', `sinceMs ${JSON.stringify(sinceMs)}`);
    assert.match(String(error.msg), /sinceMs/);
    assert.is((await socket.closed).code, SOCKET_CLOSE_AUTH);
  }
});

test('a revoked session is closed at its next ping', async () => {
  const alice = await user();
  await revokeAllSessions(server.ctx, server.ctx.db, alice.userId);
  alice.socket.send('ping');
  assert.is((await alice.socket.nextJson()).key, 'auth.expired');
  assert.is((await alice.socket.closed).code, SOCKET_CLOSE_AUTH);
});

// LISTEN/NOTIFY between two processes needs PostgreSQL: `npm run test:pg` runs it, the PGlite run counts it as skipped.
const postgresUrl = process.env.DATABASE_URL;
(postgresUrl ? test : test.skip)('PostgreSQL: an operator action on one process reaches a socket held by another', async () => {
  const url = postgresUrl!;
  const busA = await createBus({ databaseUrl: url });
  const busB = await createBus({ databaseUrl: url });
  const adminA = await startOperator({ ...server.ctx, bus: busA });
  const appB = await buildApp({ ...server.ctx, bus: busB });
  await appB.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { username, token } = await server.register();
    const socket = await TestSocket.open(`ws://127.0.0.1:${(appB.server.address() as { port: number }).port}/prod-api/ws`);
    open.push(socket);
    socket.send(JSON.stringify({ type: 'auth', token }));
    assert.is((await socket.nextJson()).type, 'ready');
    assert.is((await adminA.call('POST', '/mask', { username, on: true })).code, 200);
    assert.equal(await socket.nextJson(), { code: 'is_order', data: { is_order: false } });
  } finally {
    await appB.close();
    await adminA.close();
    await busA.close();
    await busB.close();
  }
});

const LIMIT_MS = 1_500;

test('silent sockets are dropped: after the idle limit, and before auth after the auth limit', async () => {
  const app = Fastify();
  // Limits five times the heartbeat's 100 ms and more: on a loaded machine a timer or a read can
  // come a few hundred milliseconds late, and a socket that pings must not be dropped for it.
  await app.register(socketRoutes, { ctx: server.ctx, idleMs: LIMIT_MS, authTimeoutMs: LIMIT_MS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod-api/ws`;
    const { token } = await server.register();
    assert.ok(await userIdFromToken(server.ctx.db, token));
    const silent = await TestSocket.open(url);
    const talking = await TestSocket.open(url);
    const anonymous = await TestSocket.open(url);
    open.push(silent, talking, anonymous);
    // Taken before the last message the server hears from `silent`, so the drop can be timed from it.
    const started = Date.now();
    silent.send(JSON.stringify({ type: 'auth', token }));
    talking.send(JSON.stringify({ type: 'auth', token }));
    assert.is((await silent.nextJson()).type, 'ready');
    assert.is((await talking.nextJson()).type, 'ready');
    const beat = setInterval(() => talking.send('ping'), 100);
    try {
      const dropped = await silent.closed;
      assert.is(dropped.code, 1006, 'terminated without a closing handshake');
      assert.ok(Date.now() - started >= LIMIT_MS, 'not before the idle limit');
      await anonymous.closed;
      assert.is(talking.socket.readyState, talking.socket.OPEN, 'a socket that pings stays open');
    } finally {
      clearInterval(beat);
    }
  } finally {
    await app.close();
  }
});

test.run();
