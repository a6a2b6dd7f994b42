/**
 * The "try again" answer: HTTP 503, `Retry-After`, and the envelope with a key of its own, for a
 * database that is away or out of disk and for a server that is shutting down. A retry of a money
 * submit with the same Idempotency-Key is safe: the failed attempt stored nothing.
 */
import type { FastifyReply } from 'fastify';
import { AppError, fail } from './envelope.ts';

export type Unavailable = 'unavailable' | 'diskFull' | 'closing';

const ANSWERS: Record<Unavailable, { key: string; msg: string; retryAfterS: number }> = {
  unavailable: { key: 'http.unavailable', msg: 'The service is briefly unavailable, please try again in a few seconds', retryAfterS: 5 },
  diskFull: { key: 'http.diskFull', msg: 'The service is out of storage space, please try again later', retryAfterS: 60 },
  // Another process (or this one, restarted) takes the retry.
  closing: { key: 'http.unavailable', msg: 'The service is briefly unavailable, please try again in a few seconds', retryAfterS: 1 },
};

export const unavailableError = (kind: Unavailable): AppError => new AppError(503, ANSWERS[kind].key, ANSWERS[kind].msg);

export function sendUnavailable(reply: FastifyReply, kind: Unavailable): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(ANSWERS[kind].retryAfterS))
    .header('cache-control', 'no-store')
    .send(fail(unavailableError(kind)));
}
