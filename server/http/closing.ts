/**
 * Requests that arrive while the server shuts down get the "try again" envelope (HTTP 503,
 * Retry-After, no-store, nosniff) and `Connection: close`, so the client's retry opens a new
 * connection, to another process or the restarted one. Fastify's own answer for this case is
 * its JSON, which the app cannot read: it is turned off (`return503OnClosing: false`).
 */
import type { FastifyInstance } from 'fastify';
import { sendUnavailable } from './unavailable.ts';

export function installClosingAnswer(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return sendUnavailable(reply, 'closing');
  });
}
