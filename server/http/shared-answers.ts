/**
 * Answers a shared cache (nginx's micro-cache in deploy/nginx.conf, a CDN) may keep and hand to
 * anyone: the public market data and start-up settings, the same for every visitor and every user
 * within a second. A route says so with `config: { shared: true }`; everything else stays
 * `no-store` (answer-headers.ts). Every phone polls the ticker list every 5 s: with these headers a
 * cache in front answers them all from one origin request a second, and a phone whose copy is
 * still current gets a 304 of a few hundred bytes instead of the list.
 *
 * Only a successful GET of a route without a token is shared, and never one that sets a cookie:
 * nothing of a session or a user can reach such an answer (test/server/answer-headers.test.ts
 * walks every operation to prove it).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is the same for everyone: a shared cache may keep it (server/http/shared-answers.ts). */
    shared?: boolean;
  }
}

/**
 * A shared cache keeps it for a second, the age of a price (`s-maxage`); a browser keeps it but asks
 * again each time (`max-age=0`), with its ETag, so a setting an operator changed shows on the next
 * call and an unchanged answer costs a 304. No `stale-while-revalidate`: with it, Chromium left the
 * page's calls through the service worker hanging (30 s, until the page was left) once they met a
 * stale copy in its HTTP cache. nginx answers from the expired copy while one request refetches it
 * by its own configuration (deploy/nginx.conf), which needs no word from the answer.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=1';

export const isSharedAnswer = (request: FastifyRequest, reply: FastifyReply): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  reply.statusCode === 200 &&
  request.routeOptions.config?.shared === true &&
  !reply.hasHeader('set-cookie');

/**
 * A strong validator of the bytes sent: a hash of the body as encoded, so the brotli, gzip and
 * plain forms of one answer (one URL, `Vary: accept-encoding`) each have their own. 96 bits are
 * plenty to tell one second's answer from another and cost 16 characters each way.
 */
const etagOf = (body: string | Buffer): string => `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current answer. */
export function matchesNoneOf(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** After compression (compress-answers.ts): the validator is of the bytes on the wire. */
export function installSharedAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.shared && route.config.auth) throw new Error(`${route.url}: an answer that needs a token is never shared`);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.getHeader('cache-control') !== SHARED_CACHE_CONTROL || !isSharedAnswer(request, reply)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (!matchesNoneOf(request.headers['if-none-match'], etag)) return payload;
    // RFC 9110 §15.4.5: the headers a 200 would carry that a cache needs, no body (null: no
    // Content-Length either, which in a 304 would have to be the 200's).
    reply.code(304).removeHeader('content-length').removeHeader('content-type').removeHeader('content-encoding');
    return null;
  });
}
