/**
 * One JSON line per answered request: the route pattern (never the URL, whose query may carry a
 * code or a token), method, status, time in milliseconds, and the request id that every other line
 * of the request carries (`reqId`) and that the client gets back as `X-Request-Id`.
 */
import type { FastifyInstance } from 'fastify';

/** An id a trusted proxy hands over (nginx `$request_id`), so its log and ours share it. */
const PROXY_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The proxy's `X-Request-Id` when proxies are trusted and it looks like an id, else undefined. */
export function proxyRequestId(header: string | string[] | undefined, trustProxy: boolean): string | undefined {
  return trustProxy && typeof header === 'string' && PROXY_ID.test(header) ? header : undefined;
}

export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(no route)',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
