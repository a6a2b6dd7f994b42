/**
 * How the other processes learn that the fetching process wrote: on PostgreSQL the leader sends a
 * NOTIFY after each pass that wrote, and every process LISTENs on a connection of its own and
 * re-reads the stored tickers when told. While that connection is down (a restart of the server,
 * a network cut) a notice could be missed, so the process re-reads once a second until it is
 * back, and once more when it is.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { createClient, type PgTimeouts } from '../db/pg-pool.ts';
import type { DbOrTx } from '../db/client.ts';

export const MARKET_CHANNEL = 'trade_lite_market';

/** Tells every listening process that the stored market changed. */
export async function notifyWritten(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_notify(${MARKET_CHANNEL}, '')`);
}

export interface WriteFollower {
  /** True while notices are heard (no re-reading each second needed). */
  listening(): boolean;
  stop(): Promise<void>;
}

export interface FollowOptions {
  connectionString: string;
  timeouts: PgTimeouts;
  /** Re-reads what is stored; called once per notice, never two at once. */
  refresh: () => Promise<void>;
  log: (msg: string) => void;
  /** How often to re-read while notices cannot be heard. */
  pollMs?: number;
}

export async function followWrites(o: FollowOptions): Promise<WriteFollower> {
  const pollMs = o.pollMs ?? 1000;
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;
  let pollTimer: NodeJS.Timeout | undefined;

  // Notices arrive faster than a re-read may take: at most one runs, and one more follows it.
  let running: Promise<void> | undefined;
  let again = false;
  const refresh = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = o
      .refresh()
      .catch((e: Error) => o.log(`market re-read failed: ${e.message}`))
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          refresh();
        }
      });
  };

  const poll = (on: boolean) => {
    if (on && !pollTimer && !stopped) {
      pollTimer = setInterval(refresh, pollMs);
      pollTimer.unref();
    } else if (!on) {
      clearInterval(pollTimer);
      pollTimer = undefined;
    }
  };

  const connect = async (): Promise<void> => {
    const c = createClient(o.connectionString, o.timeouts, () => void c.end().catch(() => {}));
    c.on('notification', (msg) => {
      if (msg.channel === MARKET_CHANNEL) refresh();
    });
    c.on('end', () => {
      if (client !== c) return;
      client = undefined;
      if (stopped) return;
      o.log('market notices: connection lost; re-reading each second until it is back');
      poll(true);
      reconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${MARKET_CHANNEL}`);
    } catch (e) {
      await c.end().catch(() => {});
      throw e;
    }
    if (stopped) return void (await c.end().catch(() => {}));
    client = c;
    retryMs = 500;
    poll(false);
    // What was written while nobody listened.
    refresh();
  };

  const reconnect = () => {
    if (retryTimer || stopped) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => o.log('market notices: listening again'),
        () => {
          retryMs = Math.min(retryMs * 2, 10_000);
          reconnect();
        },
      );
    }, retryMs);
    retryTimer.unref();
  };

  poll(true);
  await connect().catch((e: Error) => {
    o.log(`market notices: cannot listen (${e.message}); re-reading each second`);
    reconnect();
  });

  return {
    listening: () => client !== undefined,
    async stop() {
      stopped = true;
      poll(false);
      clearTimeout(retryTimer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
      await running;
    },
  };
}
