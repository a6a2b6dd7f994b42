/**
 * A clean stop on SIGTERM or SIGINT: the jobs finish their pass, the servers stop accepting and
 * let the requests in flight finish (later ones are answered 503, see http/closing.ts), the push
 * sockets close with 1001 so the app reconnects at once, then the bus and the database close
 * (releasing the data directory's lock). All of it within a bound: what still runs then is cut off.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from './context.ts';
import type { Database } from './db/client.ts';
import type { RepeatingJob } from './jobs/repeat.ts';

/** After the cut-off, this long for the database and bus to close before giving up on them. */
const CLOSE_GRACE_MS = 2000;

export interface StopOptions {
  app: FastifyInstance;
  admin: FastifyInstance;
  /** Settlement first: its last pass still pushes to the sockets the app is about to close. */
  jobs: RepeatingJob[];
  ctx: Pick<ServerContext, 'bus'>;
  database: Database;
  timeoutMs: number;
  log: { warn(msg: string): void };
}

const after = (ms: number) => new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ms).unref());

export async function stopServer(o: StopOptions): Promise<void> {
  const drained = (async () => {
    for (const job of o.jobs) await job.stop();
    await Promise.all([o.admin.close(), o.app.close()]);
  })();
  if ((await Promise.race([drained, after(o.timeoutMs)])) === 'late') {
    o.log.warn(`shutdown: requests still running after ${o.timeoutMs / 1000} s are cut off (SHUTDOWN_TIMEOUT_SECONDS)`);
    o.app.server.closeAllConnections();
    o.admin.server.closeAllConnections();
  }
  const closed = (async () => {
    await drained;
    await o.ctx.bus?.close();
    await o.database.close();
  })();
  if ((await Promise.race([closed, after(CLOSE_GRACE_MS)])) === 'late') o.log.warn('shutdown: the database did not close in time; exiting anyway');
}

/** SHUTDOWN_TIMEOUT_SECONDS (10): how long requests in flight get to finish. */
export function shutdownTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SHUTDOWN_TIMEOUT_SECONDS;
  const value = raw === undefined || raw === '' ? 10 : Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 3600) throw new Error(`SHUTDOWN_TIMEOUT_SECONDS must be a number of seconds up to 3600, got "${raw}"`);
  return Math.round(value * 1000);
}
