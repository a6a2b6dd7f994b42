/**
 * The PostgreSQL pool, made to ride out a database that restarts, fails over, stops or freezes:
 * - every client has an 'error' listener (pg emits one when the server ends a connection, idle or
 *   checked out, and an unheard one kills the process); the pool drops dead clients and opens new
 *   ones on the next query, so it reconnects by itself;
 * - a connection that is not made within the connect timeout fails (a host that accepts and never
 *   answers would otherwise hang the caller);
 * - the server cancels a statement past the query timeout (`statement_timeout`), and the client
 *   destroys a connection that has said nothing for a second longer: a frozen server never sends
 *   the cancellation, so without this a query would wait for as long as the freeze lasts.
 */
import type { Socket } from 'node:net';
import pg from 'pg';

export interface PgTimeouts {
  /** Opening a connection, and waiting for a free one of the pool. */
  connectMs: number;
  /** One statement; the client gives up on a silent connection `QUERY_GRACE_MS` later. */
  queryMs: number;
}

const QUERY_GRACE_MS = 1000;

type Args = unknown[];

/** A pg.Client whose queries cannot outlive `queryMs` plus the grace, and whose errors are heard. */
function guardedClient(queryMs: number, onError: (err: Error) => void): typeof pg.Client {
  return class GuardedClient extends pg.Client {
    /** Off for the migration client: a migration or its lock may rightly take longer. */
    guarded = true;

    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', onError);
    }

    override query(...args: Args): never {
      const run = () => (pg.Client.prototype.query as (...a: Args) => unknown).apply(this, args) as never;
      if (!this.guarded) return run();
      const timer = setTimeout(() => {
        const stream = (this as unknown as { connection?: { stream?: Socket } }).connection?.stream;
        stream?.destroy(new Error(`database query timed out: no answer within ${queryMs + QUERY_GRACE_MS} ms`));
      }, queryMs + QUERY_GRACE_MS);
      const done = () => clearTimeout(timer);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...r: Args) => {
          done();
          (callback as (...a: Args) => void)(...r);
        };
        return run();
      }
      let result: unknown;
      try {
        result = run();
      } catch (e) {
        done();
        throw e;
      }
      if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
      else done();
      return result as never;
    }
  };
}

/** Turns a client's guard off (see `guarded`). */
export function unguard(client: pg.PoolClient): void {
  (client as unknown as { guarded: boolean }).guarded = false;
}

export function createPool(connectionString: string, max: number, timeouts: PgTimeouts, onError: (err: Error) => void): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    Client: guardedClient(timeouts.queryMs, onError),
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.queryMs,
    keepAlive: true,
    application_name: 'trade-lite',
  });
  // An idle client whose connection the server ended: the pool has already dropped it.
  pool.on('error', onError);
  return pool;
}

/** A single client with the same guards (the push bus's LISTEN connection). */
export function createClient(connectionString: string, timeouts: PgTimeouts, onError: (err: Error) => void): pg.Client {
  const Client = guardedClient(timeouts.queryMs, onError);
  return new Client({
    connectionString,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.queryMs,
    keepAlive: true,
    application_name: 'trade-lite',
  });
}

const seconds = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 86_400) throw new Error(`${name} must be a number of seconds between 0 and 86400, got "${raw}"`);
  return value;
};

/** DATABASE_CONNECT_TIMEOUT_SECONDS (5) and DATABASE_QUERY_TIMEOUT_SECONDS (10). */
export function pgTimeoutsFromEnv(env: NodeJS.ProcessEnv = process.env): PgTimeouts {
  return {
    connectMs: Math.round(seconds(env, 'DATABASE_CONNECT_TIMEOUT_SECONDS', 5) * 1000),
    queryMs: Math.round(seconds(env, 'DATABASE_QUERY_TIMEOUT_SECONDS', 10) * 1000),
  };
}

/** DATABASE_WAIT_SECONDS (60): how long start-up waits for an unreachable database. */
export function startWaitFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return Math.round(seconds(env, 'DATABASE_WAIT_SECONDS', 60) * 1000);
}
