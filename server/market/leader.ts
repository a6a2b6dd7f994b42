/**
 * Which process fetches: on PostgreSQL the holder of a session advisory lock on a connection of its
 * own. The lock goes with the connection, so when the leader dies (or its connection does) the
 * server releases it and the next process to ask, within a second, takes over. On PGlite there is
 * only one process, and it leads.
 *
 * A leader asks its connection before every round whether the lock is still its own, and steps down
 * when the answer is no, an error, or late: a connection that went silent (a network cut, a frozen
 * pooler) reports no end, while the server may already have released the lock to another process.
 */
import pg from 'pg';

/** Beside migrate (727001), seed (727002) and settlement (727003). */
export const FEED_LOCK = 727009;
/** The outbox's sender (server/delivery/worker.ts). */
export const OUTBOX_LOCK = 727010;

/**
 * How long a leader waits for its connection to confirm the lock before it steps down: a silent
 * connection costs at most a round and this. Generous for a loaded database, as a healthy but slow
 * answer costs a hand-over (never a second leader).
 */
export const CONFIRM_MS = 2000;
/** How long a follower waits for a new connection before it tries again next round. */
const CONNECT_MS = 5000;

export interface Leadership {
  /** Tries to lead when not leading yet, or confirms the lock when leading; answers whether this process leads now. */
  lead(): Promise<boolean>;
  close(): Promise<void>;
}

export const soleLeader: Leadership = { lead: async () => true, close: async () => {} };

/** This session's own hold on the lock, as the server sees it (the key of `pg_try_advisory_lock(bigint)`). */
const HELD =
  "select exists(select 1 from pg_locks where locktype = 'advisory' and pid = pg_backend_pid() and classid = 0 and objid = $1 and objsubid = 1 and granted) as ok";

export function pgLeadership(connectionString: string, lock = FEED_LOCK, confirmMs = CONFIRM_MS): Leadership {
  let client: pg.Client | undefined;
  let leading = false;
  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    leading = false;
    void c.end().catch(() => {});
  };
  /** Rejects when the answer takes longer than `confirmMs`. */
  const bounded = <T>(work: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${confirmMs} ms`)), confirmMs);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  };
  return {
    async lead() {
      const c = client ?? new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: CONNECT_MS });
      try {
        if (!client) {
          c.on('error', () => drop(c));
          c.on('end', () => drop(c));
          client = c;
          await c.connect();
        }
        const sql = leading ? HELD : 'select pg_try_advisory_lock($1) as ok';
        const { rows } = await bounded(c.query<{ ok: boolean }>(sql, [lock]));
        leading = client === c && rows[0]!.ok;
        // Leading once, then not: the lock went with a session the server ended; this connection
        // holds nothing, and a new one asks next round.
        if (!leading && sql === HELD) drop(c);
      } catch {
        drop(c);
      }
      return leading;
    },
    async close() {
      const c = client;
      client = undefined;
      leading = false;
      // A silent connection never answers its end: shutting down does not wait for it.
      if (c) await bounded(c.end()).catch(() => {});
    },
  };
}
