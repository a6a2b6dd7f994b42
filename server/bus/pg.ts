/**
 * The bus across server processes on one PostgreSQL: publish is `pg_notify`, and each process
 * keeps one dedicated connection that LISTENs, so an operator action handled by one process
 * reaches a user whose socket is held by another. A push is a hint to refresh, so one lost while
 * the listener reconnects costs nothing that the app's own refresh on reconnect does not repair.
 */
import type pg from 'pg';
import { createClient, pgTimeoutsFromEnv, type PgTimeouts } from '../db/pg-pool.ts';
import { Listeners } from './listeners.ts';
import { PUSH_CODES, type PushCode } from '../../src/shared/contract.ts';
import type { EventBus, PushEvent, PushListener, QueueEvent, QueueListener } from './types.ts';

export const PUSH_CHANNEL = 'trade_lite_push';
/** Review queue changes for the operators' consoles, apart from users' pushes. */
export const QUEUE_CHANNEL = 'trade_lite_queues';
/** Written by the sessions trigger of migration 0004. */
export const REVOKED_CHANNEL = 'trade_lite_revoked';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;

export interface PgBusOptions {
  connectionString: string;
  /** Publishes through this pool when given, so a reconnecting listener does not block publishing. */
  pool?: pg.Pool;
  /** Connect and query timeouts (default: from the environment), so a frozen server cannot hang the listener. */
  timeouts?: PgTimeouts;
  log?: (msg: string, err?: unknown) => void;
}

export async function createPgBus(options: PgBusOptions): Promise<EventBus> {
  const log = options.log ?? ((msg, err) => console.error(msg, err ?? ''));
  const listeners = new Listeners<PushEvent>((e) => log('push listener failed', e));
  const queues = new Listeners<QueueEvent>((e) => log('queue listener failed', e));
  const revoked = new Set<(tokenHash: string) => void>();
  const announce = (tokenHash: string) => {
    for (const fn of revoked) fn(tokenHash);
  };
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel === REVOKED_CHANNEL && msg.payload) return announce(msg.payload);
    if (msg.channel === QUEUE_CHANNEL && msg.payload) {
      const evt = parseQueueEvent(msg.payload);
      if (evt) queues.emit(evt);
      return;
    }
    if (msg.channel !== PUSH_CHANNEL || !msg.payload) return;
    const evt = parseEvent(msg.payload);
    if (evt) listeners.emit(evt);
    else log(`ignored a malformed push payload: ${msg.payload.slice(0, 200)}`);
  };

  const connect = async (): Promise<void> => {
    const c = createClient(options.connectionString, options.timeouts ?? pgTimeoutsFromEnv(), (e) => {
      log('push listener connection failed; reconnecting', e);
      void c.end().catch(() => {});
    });
    c.on('notification', onNotification);
    c.on('end', () => {
      if (client === c) client = undefined;
      // Revocations may now go unheard: caches must forget what they hold and trust nothing until back.
      announce('*');
      if (!closed) scheduleReconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${PUSH_CHANNEL}; LISTEN ${REVOKED_CHANNEL}; LISTEN ${QUEUE_CHANNEL}`);
    } catch (e) {
      await c.end().catch(() => {});
      throw e;
    }
    client = c;
    // What was cached while the connection was down may have been revoked meanwhile.
    announce('*');
    retryMs = 500;
  };

  const scheduleReconnect = () => {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((e) => {
        log('push listener could not reconnect', e);
        retryMs = Math.min(retryMs * 2, 10_000);
        scheduleReconnect();
      });
    }, retryMs);
    retryTimer.unref();
  };

  await connect();

  return {
    async publish(evt: PushEvent) {
      const payload = JSON.stringify(evt);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
        throw new Error(`push payload too large for NOTIFY (${Buffer.byteLength(payload)} bytes)`);
      }
      const runner = options.pool ?? client;
      if (!runner) throw new Error('push bus is reconnecting to PostgreSQL');
      await runner.query('SELECT pg_notify($1, $2)', [PUSH_CHANNEL, payload]);
    },
    subscribe: (fn: PushListener) => listeners.add(fn),
    async announce(evt: QueueEvent) {
      const runner = options.pool ?? client;
      if (!runner) throw new Error('push bus is reconnecting to PostgreSQL');
      await runner.query('SELECT pg_notify($1, $2)', [QUEUE_CHANNEL, JSON.stringify(evt)]);
    },
    watchQueues: (fn: QueueListener) => queues.add(fn),
    onRevoked(fn) {
      revoked.add(fn);
      return () => revoked.delete(fn);
    },
    listening: () => client !== undefined,
    async close() {
      closed = true;
      revoked.clear();
      clearTimeout(retryTimer);
      listeners.clear();
      queues.clear();
      await client?.end().catch(() => {});
    },
  };
}

const CODES = new Set<string>(PUSH_CODES);

/** A NOTIFY payload's JSON object, or null when another program wrote something else there. */
function payloadObject(payload: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The event in a NOTIFY payload, or null when another program wrote something else there. */
export function parseEvent(payload: string): PushEvent | null {
  const value = payloadObject(payload);
  if (!value) return null;
  const { userId, code, data } = value;
  if (!(userId === null || Number.isSafeInteger(userId))) return null;
  if (typeof code !== 'string' || !CODES.has(code)) return null;
  if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data))) return null;
  return { userId: userId as number | null, code: code as PushCode, ...(data ? { data: data as Record<string, unknown> } : {}) };
}

const QUEUES = new Set(['deposit', 'withdrawal']);
const CHANGES = new Set(['new', 'decided', 'claimed']);

/** A queue event from a NOTIFY payload, or null when it is not one. */
export function parseQueueEvent(payload: string): QueueEvent | null {
  const value = payloadObject(payload);
  if (!value) return null;
  const { queue, orderNo, change } = value;
  if (typeof queue !== 'string' || !QUEUES.has(queue) || typeof change !== 'string' || !CHANGES.has(change)) return null;
  if (typeof orderNo !== 'string' || !/^\d{1,32}$/.test(orderNo)) return null;
  return { queue, orderNo, change } as QueueEvent;
}
