/**
 * Which process fetches: on PostgreSQL the holder of a session advisory lock on a connection of its
 * own. The lock goes with the connection, so when the leader dies (or its connection does) the
 * server releases it and the next process to ask, within a second, takes over. On PGlite there is
 * only one process, and it leads.
 */
import pg from 'pg';

/** Beside migrate (727001), seed (727002) and settlement (727003). */
export const FEED_LOCK = 727009;
/** The outbox's sender (server/delivery/worker.ts). */
export const OUTBOX_LOCK = 727010;

export interface Leadership {
  /** Tries to lead when not leading yet; answers whether this process leads now. */
  lead(): Promise<boolean>;
  close(): Promise<void>;
}

export const soleLeader: Leadership = { lead: async () => true, close: async () => {} };

export function pgLeadership(connectionString: string, lock = FEED_LOCK): Leadership {
  let client: pg.Client | undefined;
  let leading = false;
  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    leading = false;
    void c.end().catch(() => {});
  };
  return {
    async lead() {
      if (leading && client) return true;
      try {
        if (!client) {
          const c = new pg.Client({ connectionString });
          c.on('error', () => drop(c));
          c.on('end', () => drop(c));
          client = c;
          await c.connect();
        }
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [lock]);
        leading = rows[0]!.ok;
      } catch {
        if (client) drop(client);
      }
      return leading;
    },
    async close() {
      const c = client;
      client = undefined;
      leading = false;
      await c?.end().catch(() => {});
    },
  };
}
