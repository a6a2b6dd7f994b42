/**
 * Two headers on every answer, whoever produced it (a route, an error, the not-found handler):
 * `nosniff`, so no browser runs an answer as a type other than the one it is labelled with; and on
 * API answers `no-store` unless the route says otherwise, because they hold balances, orders and
 * tokens that no shared cache or back/forward copy of another user may keep. The few public API
 * answers (default avatars, deposit QR codes) set their own Cache-Control.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApi } from './prefix.ts';

function setAnswerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  if (isApi(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

export function installAnswerHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    setAnswerHeaders(request, reply);
    return payload;
  });
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot even decode (`/%E0%A4%A`) or a path
 * parameter over its length is refused before any hook runs, so the headers are set here too.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setAnswerHeaders(request, reply);
  const statusCode = error.statusCode ?? 400;
  void reply.code(statusCode).send({ error: 'Bad Request', code: error.code, message: error.message, statusCode });
}
