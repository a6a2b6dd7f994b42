// Loaded after the first paint (main.tsx imports it lazily): nothing here is needed to show a screen.
import { listenKeys } from 'nanostores';
import type { SocketAuth, SocketPush } from '../shared/contract.ts';
import { PUSH_CODES, SOCKET_CLOSE_AUTH, SOCKET_CLOSE_FULL, SOCKET_CLOSE_RESTART, type PushCode } from '../shared/socket-codes.ts';
import { t } from '../i18n/index.ts';
import { $app, config } from '../stores/app.ts';
import { loadMessages } from '../stores/messages.ts';
import { notify } from '../stores/notify.ts';
import { refreshOrders } from '../stores/orders.ts';
import { refreshExpenses, refreshMoney } from '../money/store.ts';
import { $isOrder, $session, setIsOrder } from '../stores/session.ts';
import { loadUserInfo } from '../stores/user-info.ts';
import { countFrame, meterSocket, startMeter } from '../meter/count.ts';

/** docs/rules.md#push-channel: reconnect 3 s after a drop; ping every 50 s. */
export const RECONNECT_MS = 3000;
export const HEARTBEAT_MS = 50000;
/**
 * After a full server's refusal (close 1013): 30 to 60 s, at random, so the phones it turned away
 * do not come back together. Meanwhile the app works on its HTTP calls as without a socket, and the
 * next socket's catch-up brings what was pushed in between.
 */
export const FULL_RETRY_MS = 30000;
/**
 * Added to the catch-up window: a change is stamped when its transaction starts, and its push may
 * leave a moment after a frame the app did hear.
 */
export const CATCH_UP_MARGIN_MS = 5000;

/** The part of a WebSocket the client uses, so tests can hand it a fake. */
export interface SocketLike {
  send(data: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  onclose: ((e: { code: number }) => void) | null;
}

export interface SocketDeps {
  open(url: string): SocketLike;
  /** A monotonic clock in milliseconds, 0 when the page's data started loading (performance.now). */
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  onPush(push: SocketPush): void;
  /** Every frame received, pongs included: the data meter counts them. */
  onFrame?(data: unknown): void;
  /** A number in [0, 1) (Math.random): spreads the retries after a full server's refusal. */
  random?(): number;
}

/**
 * The push socket of docs/rules.md#push-channel: authenticates with its first message (the token never goes in the
 * URL), pings every 50 s and drops a connection whose last ping went unanswered, reconnects 3 s
 * after any drop, at once when the server says it is shutting down (close 1001: another process or
 * the restarted one takes the socket), 30 to 60 s after a full server's refusal (close 1013), and
 * not after an auth refusal (close 4001), which waits for another token. Pushes sent while no
 * socket was open are lost, so the auth message asks the server for those of the time since the
 * app last heard from it (the whole page's life on the first one).
 */
export class PushSocket {
  private url = '';
  private token = '';
  private ws: SocketLike | null = null;
  private retry: unknown = null;
  private beat: unknown = null;
  private awaitingPong = false;
  /** The server refused this token: a reconnect would be refused too. */
  private refused = false;
  /** When the server was last heard (any frame); 0, the page's start, before the first. */
  private heardAt = 0;

  constructor(private readonly deps: SocketDeps) {}

  /** Follows the config URL and the session token; a change closes the old socket first, and '' for either stays closed. */
  set(url: string, token: string): void {
    if (url === this.url && token === this.token) return;
    this.url = url;
    this.token = token;
    this.refused = false;
    this.stop();
    this.connect();
  }

  /** Closes the socket while the page waits in the back/forward cache: an open one keeps it out. */
  pause(): void {
    this.stop();
  }

  /** Opens it again when the page comes back from that cache. */
  resume(): void {
    if (!this.ws && !this.retry) this.connect();
  }

  private connect(): void {
    if (!this.url || !this.token || this.refused) return;
    const ws = this.deps.open(this.url);
    this.ws = ws;
    ws.onopen = () => {
      const sinceMs = Math.max(0, Math.round(this.deps.now() - this.heardAt)) + CATCH_UP_MARGIN_MS;
      ws.send(JSON.stringify({ type: 'auth', token: this.token, sinceMs } satisfies SocketAuth));
      this.awaitingPong = false;
      this.beat = this.deps.setInterval(() => this.ping(), HEARTBEAT_MS);
    };
    ws.onmessage = (e) => {
      this.heardAt = this.deps.now();
      this.deps.onFrame?.(e.data);
      this.receive(e.data);
    };
    // An error is always followed by a close, so the close alone does the reconnecting.
    ws.onclose = (e) => {
      this.stop();
      if (e.code === SOCKET_CLOSE_AUTH) this.refused = true;
      else this.retry = this.deps.setTimeout(() => ((this.retry = null), this.connect()), this.retryAfter(e.code));
    };
  }

  private retryAfter(code: number): number {
    if (code === SOCKET_CLOSE_RESTART) return 0;
    if (code === SOCKET_CLOSE_FULL) return Math.round(FULL_RETRY_MS * (1 + (this.deps.random ?? Math.random)()));
    return RECONNECT_MS;
  }

  private ping(): void {
    const ws = this.ws;
    if (!ws) return;
    // No pong since the last ping: the connection is dead without having said so (mobile networks).
    if (this.awaitingPong) {
      this.drop();
      return;
    }
    this.awaitingPong = true;
    ws.send('ping');
  }

  /** Closes a dead socket and schedules the reconnect its close event may never deliver. */
  private drop(): void {
    this.stop();
    this.retry = this.deps.setTimeout(() => ((this.retry = null), this.connect()), RECONNECT_MS);
  }

  private receive(data: unknown): void {
    if (data === 'pong') {
      this.awaitingPong = false;
      return;
    }
    if (typeof data !== 'string' || data[0] !== '{') return;
    let msg: { code?: unknown; data?: unknown };
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if ((PUSH_CODES as readonly unknown[]).includes(msg.code)) {
      const d = msg.data;
      this.deps.onPush({ code: msg.code as PushCode, data: d && typeof d === 'object' ? (d as Record<string, unknown>) : undefined });
    }
  }

  /** Detaches and closes the current socket and clears every timer. */
  private stop(): void {
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = null;
      try {
        ws.close();
      } catch {
        /* closing a socket that never opened may throw in old WebViews */
      }
    }
    this.deps.clearTimeout(this.retry);
    this.deps.clearInterval(this.beat);
    this.retry = this.beat = null;
    this.awaitingPong = false;
  }
}

/** A config value such as `/prod-api/ws` as a ws:// or wss:// URL of this page's host; '' stays ''. */
export function socketUrl(value: string, page: string): string {
  if (!value) return '';
  const u = new URL(value, page);
  if (u.protocol === 'http:') u.protocol = 'ws:';
  else if (u.protocol === 'https:') u.protocol = 'wss:';
  return u.href;
}

/** The `is_order` value as the mask flag; anything but an explicit false-like value keeps trading open. */
const isOrderValue = (v: unknown): boolean => !(v === false || v === 0 || v === '0' || v === 'false');

/**
 * Push `input` (docs/rules.md#asked-codes): a dialog asks for the code the platform sent (by SMS, e-mail, or either)
 * and sends it to the server. The dialog and its call are fetched only when a code is asked for.
 */
export function askForCode(kind: 'sms' | 'email' | ''): void {
  // A push that names no channel asks for the SMS code, the one every account binds first.
  const channel = kind || 'sms';
  Promise.all([import('../ui/AskedCode.tsx'), import('../api/account.ts')]).then(
    ([ui, api]) =>
      ui.askCode(channel, {
        request: () => api.askedCodeSend(channel),
        send: (code) => api.sendAskedCode({ verificationType: channel, code }).then(() => notify(t('ok.codeAccepted'), { type: 'success' })),
      }),
    () => notify(t('err.network')),
  );
}

/** docs/rules.md#push-channel: what each server push does in the app; `ask` opens the code dialog (tests pass their own). */
export function handlePush({ code, data }: SocketPush, ask = askForCode): void {
  switch (code) {
    case 'balance':
      loadUserInfo();
      refreshOrders();
      refreshMoney();
      return;
    case 'is_order':
      return setIsOrder(isOrderValue(data && data.is_order));
    case 'mes':
      // A new message or notice: the badge and an open list follow the server's list.
      loadMessages();
      return;
    case 'expenses':
      return refreshExpenses();
    case 'complete':
      return notify(t('push.complete'), { type: 'success' });
    case 'fail':
      return notify(t('push.fail'));
    case 'again':
      return notify(t('push.again'), { type: 'warning' });
    case 'input': {
      const v = data && data.verificationType;
      return ask(v === 'sms' || v === 'email' ? v : '');
    }
  }
}

/**
 * Global mask (docs/rules.md#global-mask): while the signed-in user's `isOrder` is false, a layer over the whole app
 * says why. Plain DOM, so it costs no component code.
 */
function followMask(): void {
  let layer: HTMLElement | null = null;
  const sync = () => {
    const show = !$isOrder.get() && !!$session.get().token;
    if (show && !layer) {
      layer = document.createElement('div');
      layer.className = 'frame';
      layer.setAttribute('role', 'alertdialog');
      const mask = layer.appendChild(document.createElement('div'));
      mask.className = 'mask';
      const text = layer.appendChild(document.createElement('p'));
      text.className = 'pop center';
      text.style.padding = '24px 20px';
      text.textContent = t('push.masked');
      document.body.appendChild(layer);
    } else if (!show && layer) {
      layer.remove();
      layer = null;
    }
  };
  $isOrder.subscribe(sync);
  $session.subscribe(sync);
}

let started = false;

/**
 * Starts the push socket and the global mask once; both follow the session and config from then on.
 * The data meter starts here too: it counts the socket's frames, and this is the first thing every
 * visit loads after the first paint.
 */
export function startSocket(): void {
  if (started) return;
  started = true;
  startMeter();
  const socket = new PushSocket({
    open: (url) => meterSocket(new WebSocket(url), url) as unknown as SocketLike,
    now: () => performance.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    setInterval: (run, ms) => setInterval(run, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    onPush: (push) => handlePush(push),
    onFrame: countFrame,
  });
  const sync = () => socket.set(socketUrl(config('websocketUrl'), location.href), $session.get().token);
  $session.subscribe(sync);
  $app.subscribe(sync);
  addEventListener('pagehide', () => socket.pause());
  addEventListener('pageshow', (e) => e.persisted && socket.resume());
  // The unread badge of whoever signs in (and none after a logout).
  listenKeys($session, ['token'], () => loadMessages());
  loadMessages();
  followMask();
}
