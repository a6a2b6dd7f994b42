/**
 * Two headers on every answer, whoever produced it (a route, an error, the not-found handler):
 * `nosniff`, so no browser runs an answer as a type other than the one it is labelled with; and on
 * API answers `no-store` unless the route says otherwise, because they hold balances, orders and
 * tokens that no shared cache or back/forward copy of another user may keep. The public market
 * data and start-up settings say how long a shared cache may keep them (shared-answers.ts); the
 * default avatars set their own Cache-Control.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApi } from './prefix.ts';
import { isSharedAnswer, SHARED_CACHE_CONTROL } from './shared-answers.ts';

/** Also called by the framework-error answer (errors.ts), which no hook sees. */
export function setAnswerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-request-id', request.id);
  if (isApi(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', isSharedAnswer(request, reply) ? SHARED_CACHE_CONTROL : 'no-store');
}

export function installAnswerHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    setAnswerHeaders(request, reply);
    return payload;
  });
}
