/**
 * The push bus's LISTEN, and the session advisory locks of the migrations, the market feed's
 * leader and the outbox's sender, need a connection that stays one PostgreSQL session. A pooler in
 * transaction or statement mode (PgBouncer's `pool_mode`) gives each transaction whichever server
 * connection is free: notifications then reach whoever holds that connection next, or nobody, and
 * a lock taken by one process is held by a pooled connection that another process may be handed,
 * so two processes would both lead. Start-up refuses such a pooler instead (docs/deployment.md#pgbouncer).
 *
 * Two connections open at the same time can share a backend only through such a pooler: the first
 * asks for its backend's id and stays open, idle between transactions; the second asks too, and a
 * transaction-mode pooler hands it the server connection the first just gave back.
 */
import type pg from 'pg';
import { createClient, type PgTimeouts } from './pg-pool.ts';
import { DatabaseStartError } from './wait.ts';

const TRIES = 3;

export class SessionPoolerError extends DatabaseStartError {}

async function backendPid(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  return rows[0]!.pid;
}

/** Whether two open connections to `url` answered from one backend: proof of transaction or statement pooling. */
export async function sharesBackends(url: string, timeouts: PgTimeouts): Promise<boolean> {
  const connect = async () => {
    const client = createClient(url, timeouts, () => {});
    await client.connect();
    return client;
  };
  const first = await connect();
  try {
    const second = await connect();
    try {
      // Several tries: another client of the pooler may take the freed connection in between.
      for (let i = 0; i < TRIES; i++) if ((await backendPid(first)) === (await backendPid(second))) return true;
      return false;
    } finally {
      await second.end();
    }
  } finally {
    await first.end();
  }
}

/** Refuses a DATABASE_URL whose connections are not sessions of their own. */
export async function requireSessions(url: string, timeouts: PgTimeouts, label: string): Promise<void> {
  if (await sharesBackends(url, timeouts)) {
    throw new SessionPoolerError(
      `${label} hands one PostgreSQL session to several connections: a pooler in transaction or statement mode ` +
        '(PgBouncer pool_mode). The push bus (LISTEN/NOTIFY) and the session locks of the migrations and the market ' +
        "feed's leader need session mode: set pool_mode = session for this database (docs/deployment.md#pgbouncer).",
    );
  }
}
