import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { setLocale } from '../../src/i18n/index.ts';
import en from '../../locales/en.json' with { type: 'json' };
import {
  CATCH_UP_MARGIN_MS,
  FULL_RETRY_MS,
  HEARTBEAT_MS,
  PushSocket,
  RECONNECT_MS,
  handlePush,
  socketUrl,
  type SocketLike,
} from '../../src/lib/socket.ts';
import type { SocketPush } from '../../src/shared/contract.ts';
import { $notify, closeNotify } from '../../src/stores/notify.ts';
import { $orderRefresh } from '../../src/stores/orders.ts';
import { $expensesRefresh } from '../../src/money/store.ts';
import { $isOrder, $session } from '../../src/stores/session.ts';

setLocale('en', en);

/** A WebSocket stand-in: the test opens, answers and closes it by hand. */
class FakeSocket implements SocketLike {
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  /** The server side. */
  open() {
    this.onopen?.();
  }
  say(data: string) {
    this.onmessage?.({ data });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

/** Virtual time: timers and intervals run only when the test advances it. */
const setup = (random = () => 0.5) => {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; every: number; run: () => void }>();
  const sockets: FakeSocket[] = [];
  const pushes: SocketPush[] = [];
  const add = (run: () => void, ms: number, every: number) => (timers.set(next, { at: now + ms, every, run }), next++);
  const clear = (id: unknown) => void timers.delete(id as number);
  const socket = new PushSocket({
    open: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    now: () => now,
    setTimeout: (run, ms) => add(run, ms, 0),
    clearTimeout: clear,
    setInterval: (run, ms) => add(run, ms, ms),
    clearInterval: clear,
    onPush: (p) => pushes.push(p),
    random,
  });
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, t] = due;
      now = t.at;
      if (t.every) t.at += t.every;
      else timers.delete(id);
      t.run();
    }
    now = end;
  };
  return { socket, sockets, pushes, advance, last: () => sockets[sockets.length - 1]!, timers: () => timers.size };
};

const WS_URL = 'ws://app.test/prod-api/ws';
/** The auth message asking for the pushes of the last `ms` (plus the margin). */
const auth = (token: string, ms: number) => JSON.stringify({ type: 'auth', token, sinceMs: ms + CATCH_UP_MARGIN_MS });

const conn = suite('push socket: connect, authenticate, reconnect (docs/rules.md#push-channel)');

conn('connects only with both a URL and a token; the token goes in the first message, never the URL', () => {
  const f = setup();
  f.socket.set('', 'tok');
  f.socket.set(WS_URL, '');
  assert.is(f.sockets.length, 0, 'nothing to connect to, or nobody to connect as');
  f.socket.set(WS_URL, 'tok');
  assert.is(f.sockets.length, 1);
  assert.is(f.last().url, WS_URL);
  f.last().open();
  assert.equal(f.last().sent, [auth('tok', 0)], 'the catch-up covers the page\'s life so far');
});

conn('the same WS_URL and token again changes nothing', () => {
  const f = setup();
  f.socket.set(WS_URL, 'tok');
  f.socket.set(WS_URL, 'tok');
  assert.is(f.sockets.length, 1);
  assert.not.ok(f.last().closed);
});

conn('a drop reconnects after 3 s, not sooner', () => {
  const f = setup();
  f.socket.set(WS_URL, 'tok');
  f.last().open();
  f.last().drop();
  f.advance(RECONNECT_MS - 1);
  assert.is(f.sockets.length, 1);
  f.advance(1);
  assert.is(f.sockets.length, 2, 'a new socket');
  f.last().open();
  assert.equal(f.last().sent, [auth('tok', RECONNECT_MS)], 'which authenticates again, asking for what the gap missed');
});

conn('the catch-up runs from the last frame heard, not from the drop: a dead line loses what came after it', () => {
  const f = setup();
  f.advance(1000);
  f.socket.set(WS_URL, 'tok');
  f.last().open();
  f.last().say(JSON.stringify({ type: 'ready', userId: 1 }));
  f.advance(HEARTBEAT_MS);
  f.last().say('pong');
  f.advance(HEARTBEAT_MS * 2);
  assert.is(f.sockets.length, 1, 'the unanswered ping is found only at the next one');
  f.advance(RECONNECT_MS);
  assert.is(f.sockets.length, 2);
  f.last().open();
  assert.equal(f.last().sent, [auth('tok', HEARTBEAT_MS * 2 + RECONNECT_MS)]);
});

conn('a server shutting down (1001) is reconnected at once, to another process or the restarted one', () => {
  const f = setup();
  f.socket.set(WS_URL, 'tok');
  f.last().open();
  f.last().drop(1001);
  f.advance(0);
  assert.is(f.sockets.length, 2, 'a new socket without the 3 s wait');
  f.last().drop(1006);
  f.advance(RECONNECT_MS - 1);
  assert.is(f.sockets.length, 2, 'a failed reconnect waits as any drop does');
  f.advance(1);
  assert.is(f.sockets.length, 3);
});

conn('a full server (1013) is asked again after 30 to 60 s, spread at random, and the next socket catches up on the gap', () => {
  for (const [random, wait] of [[0, FULL_RETRY_MS], [0.5, FULL_RETRY_MS * 1.5], [0.999, Math.round(FULL_RETRY_MS * 1.999)]] as const) {
    const f = setup(() => random);
    f.socket.set(WS_URL, 'tok');
    f.last().open();
    f.last().say(JSON.stringify({ type: 'error', code: 503, key: 'socket.full', msg: 'full' }));
    f.last().drop(1013);
    f.advance(wait - 1);
    assert.is(f.sockets.length, 1, `not back before ${wait} ms: the phones turned away do not return together`);
    f.advance(1);
    assert.is(f.sockets.length, 2, `back after ${wait} ms`);
    f.last().open();
    assert.equal(f.last().sent, [auth('tok', wait)], 'asking for the pushes it missed meanwhile');
  }
});

conn('an auth refusal (4001) waits for another token instead of reconnecting', () => {
  const f = setup();
  f.socket.set(WS_URL, 'old');
  f.last().open();
  f.last().say(JSON.stringify({ type: 'error', code: 401, key: 'auth.expired', msg: 'expired' }));
  f.last().drop(4001);
  f.advance(60_000);
  assert.is(f.sockets.length, 1, 'no retry with a refused token');
  f.socket.set(WS_URL, 'new');
  assert.is(f.sockets.length, 2, 'a new login connects at once');
});

conn('a new token closes the old socket first and connects with the new one', () => {
  const f = setup();
  f.socket.set(WS_URL, 'a');
  const first = f.last();
  first.open();
  f.socket.set(WS_URL, 'b');
  assert.ok(first.closed, 'the old socket is closed');
  assert.is(first.onclose, null, 'and its late close event cannot schedule a reconnect');
  f.last().open();
  assert.equal(f.last().sent, [auth('b', 0)]);
  f.advance(RECONNECT_MS * 3);
  assert.is(f.sockets.length, 2, 'no stray reconnect');
});

conn('logging out (no token) closes and stays closed', () => {
  const f = setup();
  f.socket.set(WS_URL, 'tok');
  f.last().open();
  f.socket.set(WS_URL, '');
  assert.ok(f.last().closed);
  f.advance(60_000);
  assert.is(f.sockets.length, 1);
  assert.is(f.timers(), 0, 'no timer left running');
});

conn('while the page waits in the back/forward cache the socket is closed and nothing reconnects; shown again, it opens and authenticates', () => {
  const f = setup();
  f.socket.set(WS_URL, 'tok');
  f.last().open();
  f.socket.pause();
  assert.ok(f.last().closed, 'closed: an open socket keeps the page out of that cache');
  f.advance(HEARTBEAT_MS * 3);
  assert.is(f.sockets.length, 1, 'no reconnect while hidden');
  f.socket.resume();
  assert.is(f.sockets.length, 2, 'a new socket');
  f.last().open();
  assert.equal(f.last().sent, [auth('tok', HEARTBEAT_MS * 3)], 'asking for what came while it was away');
  f.socket.resume();
  assert.is(f.sockets.length, 2, 'shown twice, still one socket');
});

conn.run();

const beat = suite('push socket: heartbeat');

beat('pings every 50 s and stays up while pongs come back', () => {
  const f = setup();
  f.socket.set(WS_URL, 'tok');
  const s = f.last();
  s.open();
  f.advance(HEARTBEAT_MS);
  assert.is(s.sent.at(-1), 'ping');
  s.say('pong');
  f.advance(HEARTBEAT_MS);
  assert.equal(s.sent.filter((m) => m === 'ping').length, 2);
  s.say('pong');
  assert.not.ok(s.closed);
  assert.is(f.sockets.length, 1);
});

beat('a ping left unanswered until the next one drops the socket and reconnects 3 s later', () => {
  const f = setup();
  f.socket.set(WS_URL, 'tok');
  const s = f.last();
  s.open();
  f.advance(HEARTBEAT_MS);
  f.advance(HEARTBEAT_MS);
  assert.ok(s.closed, 'silent connection closed');
  assert.equal(s.sent.filter((m) => m === 'ping').length, 1, 'no second ping into a dead socket');
  f.advance(RECONNECT_MS);
  assert.is(f.sockets.length, 2);
});

beat.run();

const push = suite('push socket: messages');

push('push codes reach the handler with their data; other messages do not', () => {
  const f = setup();
  f.socket.set(WS_URL, 'tok');
  f.last().open();
  f.last().say(JSON.stringify({ type: 'ready', userId: 1 }));
  f.last().say('pong');
  f.last().say('not json {');
  f.last().say(JSON.stringify({ code: 'unknown' }));
  f.last().say(JSON.stringify({ code: 'balance' }));
  f.last().say(JSON.stringify({ code: 'is_order', data: { is_order: false } }));
  assert.equal(f.pushes, [{ code: 'balance', data: undefined }, { code: 'is_order', data: { is_order: false } }]);
});

push.run();

const url = suite('socket URL from config websocketUrl');

url('a path becomes ws:// or wss:// on the page host', () => {
  assert.is(socketUrl('/prod-api/ws', 'http://app.test:8080/trade'), 'ws://app.test:8080/prod-api/ws');
  assert.is(socketUrl('/prod-api/ws', 'https://app.test/trade'), 'wss://app.test/prod-api/ws');
  assert.is(socketUrl('wss://push.example/ws', 'https://app.test/'), 'wss://push.example/ws');
  assert.is(socketUrl('', 'https://app.test/'), '', 'no config value, no socket');
});

url.run();

const actions = suite('push codes → store actions');
actions.before.each(() => {
  closeNotify();
  $session.set({ token: '', userInfo: null });
  $isOrder.set(true);
});

actions('balance reloads the order lists (and the user info)', () => {
  const before = $orderRefresh.get();
  handlePush({ code: 'balance' });
  assert.is($orderRefresh.get(), before + 1);
});

actions('is_order sets the mask flag', () => {
  handlePush({ code: 'is_order', data: { is_order: false } });
  assert.is($isOrder.get(), false);
  handlePush({ code: 'is_order', data: { is_order: true } });
  assert.is($isOrder.get(), true);
  handlePush({ code: 'is_order', data: { is_order: 0 } });
  assert.is($isOrder.get(), false, '0 counts as false');
});

actions('expenses bumps the withdrawal records refresh', () => {
  const before = $expensesRefresh.get();
  handlePush({ code: 'expenses' });
  assert.is($expensesRefresh.get(), before + 1);
});

actions('complete, fail and again are told in the banner', () => {
  handlePush({ code: 'complete' });
  assert.equal([$notify.get().message, $notify.get().type], ['Task completed', 'success']);
  handlePush({ code: 'fail' });
  assert.equal([$notify.get().message, $notify.get().type], ['Withdrawal failed', 'danger']);
  handlePush({ code: 'again' });
  assert.is($notify.get().message, 'Please do not submit again');
});

actions('input opens the code dialog for its verification type', () => {
  const asked: string[] = [];
  const ask = (kind: string) => void asked.push(kind);
  handlePush({ code: 'input', data: { verificationType: 'email' } }, ask);
  handlePush({ code: 'input', data: { verificationType: 'sms' } }, ask);
  handlePush({ code: 'input' }, ask);
  handlePush({ code: 'input', data: { verificationType: '<img>' } }, ask);
  assert.equal(asked, ['email', 'sms', '', ''], 'an unknown type asks for a code without naming a channel');
  assert.is($notify.get().show, false, 'a dialog, not a banner that cannot take the code');
});

actions.run();
