/**
 * The sockets this process holds, by user, and the socket protocol (docs/rules.md#push-channel): the first message
 * authenticates, `ping` gets `pong`, a socket silent for too long is dropped, and pushes from the
 * bus go to the user's sockets or to all of them.
 */
import type { WebSocket } from 'ws';
import {
  SOCKET_CLOSE_AUTH,
  SOCKET_CLOSE_FULL,
  SOCKET_CLOSE_RESTART,
  type PushCode,
  type SocketPush,
  type SocketServerMessage,
} from '../../src/shared/contract.ts';
import type { EventBus, PushEvent } from '../bus/types.ts';

export interface HubOptions {
  /** The user id of a live session token, or null. */
  authenticate(token: string): Promise<number | null>;
  /** The pushes a change for this user within the last `sinceMs` would have sent (the auth message's catch-up). */
  missed?(userId: number, token: string, sinceMs: number): Promise<PushCode[]>;
  /** Drop a socket silent for longer than this (docs/rules.md#push-channel: pings come every 50 s). */
  idleMs?: number;
  /** Time a new socket has to send its auth message. */
  authTimeoutMs?: number;
  /** Sockets held at most, authenticated or not (server/ws/cap.ts); one more is refused. */
  maxSockets?: number;
  log?: { warn(obj: object, msg: string): void };
}

const MAX_MESSAGE = 4096;
/** A catch-up looks back a day at most: an app away longer reloads what it shows anyway. */
const MAX_SINCE_MS = 86_400_000;

interface Client {
  socket: WebSocket;
  userId: number | null;
  token: string;
  lastSeen: number;
  /** Pushes waiting while the auth message's catch-up is worked out. */
  held?: string[];
}

export class SocketHub {
  private readonly clients = new Set<Client>();
  private readonly byUser = new Map<number, Set<Client>>();
  private readonly idleMs: number;
  private readonly authTimeoutMs: number;
  private readonly sweeper: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  /** Sockets refused because the process was full, since it started (for the metrics). */
  private refused = 0;

  constructor(bus: EventBus, private readonly options: HubOptions) {
    this.idleMs = options.idleMs ?? 120_000;
    this.authTimeoutMs = options.authTimeoutMs ?? 10_000;
    this.unsubscribe = bus.subscribe((evt) => this.deliver(evt));
    this.sweeper = setInterval(() => this.sweep(), Math.min(this.idleMs, this.authTimeoutMs) / 2);
    this.sweeper.unref();
  }

  accept(socket: WebSocket): void {
    const client: Client = { socket, userId: null, token: '', lastSeen: Date.now() };
    if (this.options.maxSockets !== undefined && this.clients.size >= this.options.maxSockets) {
      this.refused++;
      this.refuse(client, 503, 'socket.full', 'This server holds as many sockets as it may: try again later', SOCKET_CLOSE_FULL);
      return;
    }
    this.clients.add(client);
    socket.on('message', (raw, isBinary) => {
      client.lastSeen = Date.now();
      void this.onMessage(client, isBinary ? null : raw.toString()).catch((e) => {
        this.options.log?.warn({ err: e }, 'socket message failed');
        this.refuse(client, 500, 'socket.error', 'Request Exception', 1011);
      });
    });
    socket.on('close', () => this.forget(client));
    socket.on('error', () => this.forget(client));
  }

  private async onMessage(client: Client, text: string | null): Promise<void> {
    if (text === null || text.length > MAX_MESSAGE) {
      this.refuse(client, 400, 'socket.message', 'Messages are short text', 1003);
      return;
    }
    if (client.userId === null || client.held) {
      if (client.token) return; // an auth check is already running; the socket will be answered
      const auth = readAuth(text);
      if (!auth) {
        this.refuse(client, 401, 'socket.auth', 'The first message must be {"type":"auth","token":"…"}, with sinceMs a whole number of milliseconds if sent');
        return;
      }
      const { token, sinceMs } = auth;
      client.token = token;
      const userId = await this.options.authenticate(token);
      if (userId === null) {
        this.refuse(client, 401, 'auth.expired', 'Login status expired, please log in again');
        return;
      }
      if (client.socket.readyState !== client.socket.OPEN) return;
      client.userId = userId;
      let set = this.byUser.get(userId);
      if (!set) this.byUser.set(userId, (set = new Set()));
      set.add(client);
      // Pushes sent while the app had no socket (loading, reconnecting) are lost: it is told of them
      // right after ready, and live pushes wait behind them, so ready always comes first.
      client.held = [];
      const missed = sinceMs !== undefined && this.options.missed ? await this.catchUp(userId, token, Math.min(sinceMs, MAX_SINCE_MS)) : [];
      const held = client.held;
      delete client.held;
      send(client, { type: 'ready', userId });
      for (const code of missed) send(client, { code });
      for (const text of held) if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
      return;
    }
    if (text === 'ping' || readType(text) === 'ping') {
      // The heartbeat also re-checks the session, so a revoked token (password change) loses its pushes.
      const userId = await this.options.authenticate(client.token);
      if (userId !== client.userId) {
        this.refuse(client, 401, 'auth.expired', 'Login status expired, please log in again');
        return;
      }
      if (client.socket.readyState === client.socket.OPEN) client.socket.send('pong');
    }
  }

  /** The pushes the socket may have missed; every refresh they could stand for when that cannot be told (the database away). */
  private async catchUp(userId: number, token: string, sinceMs: number): Promise<PushCode[]> {
    try {
      return await this.options.missed!(userId, token, sinceMs);
    } catch (err) {
      this.options.log?.warn({ err }, 'socket catch-up failed; the app is told to refresh');
      return ['balance', 'mes'];
    }
  }

  /** Sends the reason, then closes; 4001 tells the app to wait for a new login before reconnecting. */
  private refuse(client: Client, code: number, key: string, msg: string, closeCode = SOCKET_CLOSE_AUTH): void {
    send(client, { type: 'error', code, key, msg });
    client.socket.close(closeCode, key);
    this.forget(client);
  }

  private forget(client: Client): void {
    this.clients.delete(client);
    if (client.userId === null) return;
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) this.byUser.delete(client.userId);
  }

  private deliver(evt: PushEvent): void {
    const message: SocketPush = evt.data ? { code: evt.code, data: evt.data } : { code: evt.code };
    const text = JSON.stringify(message);
    const targets = evt.userId === null ? [...this.byUser.values()].flatMap((s) => [...s]) : [...(this.byUser.get(evt.userId) ?? [])];
    for (const client of targets) {
      if (client.held) client.held.push(text);
      else if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const client of this.clients) {
      const limit = client.userId === null ? this.authTimeoutMs : this.idleMs;
      if (now - client.lastSeen > limit) {
        // terminate, not close: a silent peer will not answer a closing handshake either.
        client.socket.terminate();
        this.forget(client);
      }
    }
  }

  /** Sockets held, how many of them have authenticated, and how many were refused as one too many (for the metrics). */
  counts(): { open: number; authenticated: number; refused: number } {
    return { open: this.clients.size, authenticated: this.clients.size - [...this.clients].filter((c) => c.userId === null).length, refused: this.refused };
  }

  /** Closes every socket with "going away", which the app answers by reconnecting at once. */
  close(): void {
    clearInterval(this.sweeper);
    this.unsubscribe();
    for (const client of this.clients) client.socket.close(SOCKET_CLOSE_RESTART, 'server shutting down');
    this.clients.clear();
    this.byUser.clear();
  }
}

function send(client: Client, message: SocketServerMessage): void {
  if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
}

function readType(text: string): unknown {
  if (!text.startsWith('{')) return undefined;
  try {
    return (JSON.parse(text) as { type?: unknown }).type;
  } catch {
    return undefined;
  }
}

function readAuth(text: string): { token: string; sinceMs?: number } | null {
  if (!text.startsWith('{')) return null;
  try {
    const msg = JSON.parse(text) as { type?: unknown; token?: unknown; sinceMs?: unknown };
    const { sinceMs } = msg;
    const sinceOk = sinceMs === undefined || (Number.isSafeInteger(sinceMs) && (sinceMs as number) >= 0);
    return msg.type === 'auth' && typeof msg.token === 'string' && msg.token.length > 0 && msg.token.length <= 512 && sinceOk
      ? { token: msg.token, sinceMs: sinceMs as number | undefined }
      : null;
  } catch {
    return null;
  }
}
