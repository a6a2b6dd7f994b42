/**
 * The push socket's catch-up without a database behind it: a socket that asks for what it missed
 * while the catch-up cannot be worked out is told to refresh everything, after `ready`, and the
 * live pushes that came meanwhile follow in order.
 */
import { WebSocketServer } from 'ws';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { createMemoryBus } from '../../server/bus/memory.ts';
import { SocketHub } from '../../server/ws/hub.ts';
import { TestSocket } from './ws-client.ts';

test('a catch-up that fails asks the app to refresh both, and live pushes wait behind it', async () => {
  const bus = createMemoryBus();
  let answer: () => void = () => {};
  let asked: () => void = () => {};
  const catchingUp = new Promise<void>((resolve) => (asked = resolve));
  const hub = new SocketHub(bus, {
    authenticate: async (token) => (token === 'good' ? 7 : null),
    missed: () =>
      new Promise((_, reject) => {
        // Held until a live push has been published, then the database "fails".
        answer = () => reject(new Error('connection terminated'));
        asked();
      }),
  });
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket) => hub.accept(socket));
  await new Promise((r) => server.once('listening', r));
  const socket = await TestSocket.open(`ws://127.0.0.1:${(server.address() as { port: number }).port}`);
  try {
    socket.send(JSON.stringify({ type: 'auth', token: 'good', sinceMs: 60_000 }));
    await catchingUp;
    await bus.publish({ userId: 7, code: 'expenses' });
    answer();
    assert.equal(await socket.nextJson(), { type: 'ready', userId: 7 });
    assert.equal(await socket.nextJson(), { code: 'balance' });
    assert.equal(await socket.nextJson(), { code: 'mes' });
    assert.equal(await socket.nextJson(), { code: 'expenses' }, 'the live push, after the catch-up');
    socket.send('ping');
    assert.is(await socket.next(), 'pong', 'and the socket carries on');
  } finally {
    socket.close();
    hub.close();
    await new Promise((r) => server.close(r));
    await bus.close();
  }
});

test.run();
