/**
 * How a process tells others it can serve: the outage watch (logs a database outage once, answers
 * which failures are one), `/readyz`'s checks of the database and the market data, and the two health routes.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { Outage } from '../db/outage.ts';
import { OutageWatch } from '../db/outage-watch.ts';
import { marketHalts, marketNotReady } from '../market/readiness.ts';
import { addDatabaseChecks } from './database.ts';
import { Readiness } from './readiness.ts';
import { healthRoutes } from './routes.ts';

/** Sets `ctx.outages` and `ctx.readiness`; answers the reporter the API's error handler calls. */
export async function installHealth(app: FastifyInstance, ctx: ServerContext): Promise<(err: unknown) => Outage | null> {
  const outages = new OutageWatch({
    label: ctx.database.label,
    ping: () => ctx.db.execute(sql`select 1`),
    log: { warn: (msg) => app.log.warn(msg), info: (msg) => app.log.info(msg) },
  });
  ctx.outages = outages;
  // A connection the server ended while idle fails no request: it is reported here.
  ctx.database.onConnectionError = (err) => void outages.report(err, false);
  app.addHook('onClose', async () => outages.close());
  ctx.readiness ??= new Readiness();
  addDatabaseChecks(ctx.readiness, ctx.db);
  ctx.readiness.add('market', async () => marketNotReady(ctx));
  ctx.readiness.add('marketHalts', async () => marketHalts(ctx), { note: true });
  await app.register(healthRoutes, { readiness: ctx.readiness });
  return (err) => outages.report(err);
}
