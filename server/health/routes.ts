/**
 * `GET /healthz`: the process answers (a supervisor restarts it when it does not). `GET /readyz`:
 * it can serve, every readiness check passes (a load balancer sends traffic only then); 503 with
 * each failing check's reason otherwise. Unauthenticated and cheap, logged only at warn and above,
 * never cached.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Readiness } from './readiness.ts';

export const healthRoutes: FastifyPluginAsync<{ readiness: Readiness }> = async (app, { readiness }) => {
  const quiet = { logLevel: 'warn' as const, schema: { hide: true } };
  app.get('/healthz', quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', quiet, async (_request, reply) => {
    const result = await readiness.run();
    reply.header('cache-control', 'no-store');
    if (!result.ready) reply.code(503).header('retry-after', '5');
    return { status: result.ready ? 'ready' : 'not ready', checks: result.checks };
  });
};
