/**
 * The admin API the operator command line talks to. It listens on 127.0.0.1 only, on its own
 * port, and every request must carry the operator key; the public server never routes to it.
 */
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import type { ServerContext } from '../../context.ts';
import { installApiErrorHandling, sendNotFound } from '../../http/errors.ts';
import { installInputGuards } from '../../http/input-guard.ts';
import { AppError } from '../../http/envelope.ts';
import { listSecretRoutes } from '../../auth/guesses.ts';
import { AJV_OPTIONS } from '../../http/schemas.ts';
import { sharedCompilers } from '../../http/shared-compilers.ts';
import { adminChannelTextRoutes } from './channel-texts.ts';
import { adminBankRegionRoutes } from './bank-regions.ts';
import { adminClockRoutes } from './clock.ts';
import { adminContentRoutes } from './content.ts';
import { ADMIN_PREFIX, KEY_HEADER, keyMatches, loadOperatorKey } from './key.ts';
import { adminMoneyRoutes } from './money.ts';
import { adminOperatorRoutes } from './operators.ts';
import { adminPartnerRoutes } from './partners.ts';
import { adminBackupRoutes } from './backup.ts';
import { adminPageRoutes } from './pages.ts';
import { adminUserRoutes } from './users.ts';
import { consoleApiRoutes } from '../console/routes.ts';
import { consoleDir, consolePageRoutes } from '../console/static.ts';

/** The console's page and its API live under this prefix, beside the admin API. */
export const CONSOLE_PREFIX = '/console';

export interface AdminAppOptions {
  /** Defaults to OPERATOR_KEY or the key file in DATA_DIR. */
  key?: string;
  /** The built console; defaults to CONSOLE_DIR or dist-console/. */
  consoleDir?: string;
}

export async function buildAdminApp(ctx: ServerContext, options: AdminAppOptions = {}): Promise<FastifyInstance> {
  const key = options.key ?? loadOperatorKey(ctx.config.dataDir);
  // Behind the operator's own proxy (ADMIN_HOST), its address and scheme are the client's.
  const app = Fastify({ logger: ctx.logger, ajv: AJV_OPTIONS, schemaController: { compilersFactory: sharedCompilers }, trustProxy: ctx.config.trustProxy });
  installApiErrorHandling(app, ctx.outages && ((err) => ctx.outages!.report(err)));
  // The operator's input gets the public API's checks: a non-finite number or a NUL character
  // would otherwise reach PostgreSQL and come back as an internal error.
  installInputGuards(app);
  listSecretRoutes(app);
  // JSON only, as on the public listener: another type answers 415.
  app.removeContentTypeParser('text/plain');
  await app.register(
    async (admin) => {
      // The key guards this plugin's routes and its unknown addresses alone: the console beside it
      // signs its operators in by name, and the shared key opens nothing there.
      admin.addHook('onRequest', async (request) => {
        if (!keyMatches(key, request.headers[KEY_HEADER])) {
          throw new AppError(403, 'operator.key', `Missing or wrong ${KEY_HEADER} header`);
        }
      });
      admin.setNotFoundHandler(sendNotFound);
      await admin.register(adminUserRoutes, { ctx });
      await admin.register(adminContentRoutes, { ctx });
      // ---- Admin route plugins (deposit and withdrawal review…): one line each, given `{ ctx }`.
      await admin.register(adminMoneyRoutes, { ctx });
      await admin.register(adminPageRoutes, { ctx });
      await admin.register(adminChannelTextRoutes, { ctx });
      await admin.register(adminBankRegionRoutes, { ctx });
      await admin.register(adminOperatorRoutes, { ctx });
      await admin.register(adminPartnerRoutes, { ctx });
      await admin.register(adminBackupRoutes, { ctx });
      if (ctx.testClock) await admin.register(adminClockRoutes, { clock: ctx.testClock });
      admin.get('/metrics', async (_request, reply) => {
        if (!ctx.metrics) throw new AppError(404, 'http.notFound', 'No metrics in this process');
        reply.type(ctx.metrics.contentType);
        return ctx.metrics.metrics();
      });
      // ---- end of admin route plugins
    },
    { prefix: ADMIN_PREFIX },
  );
  await app.register(consoleApiRoutes, { ctx, prefix: `${CONSOLE_PREFIX}/api` });
  await app.register(consolePageRoutes, { dir: options.consoleDir ?? consoleDir(), prefix: CONSOLE_PREFIX });
  return app;
}
