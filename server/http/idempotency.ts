/**
 * `Idempotency-Key` for submits that move money or bind payment methods. The key is scoped per user
 * and operation (the route's `config.idempotency`), not per path: a retry of a withdrawal sent to
 * its alias path is still a retry, and must not freeze the money twice. The first answer is stored in the same transaction as the action itself, so:
 * - a retry after a lost answer gets the first answer back and nothing happens twice;
 * - a retry while the first is still running waits on the key's row (PostgreSQL blocks a second
 *   insert of the same primary key until the first transaction ends), then answers the same;
 * - a first attempt that failed stored nothing (the transaction rolled back), so a retry runs again;
 * - the same key with a different body is refused: it is a client bug, not a retry.
 * Without the header the action simply runs once in its own transaction.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, type Envelope } from '../../src/shared/contract.ts';
import type { ServerContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from './envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation an `Idempotency-Key` belongs to (`withdraw.submit`); every alias path names the same one. */
    idempotency?: string;
  }
}

const KEY = /^[A-Za-z0-9_-]{1,64}$/;
const HEADER = IDEMPOTENCY_HEADER.toLowerCase();

export const badKey = () =>
  new AppError(400, 'idempotency.key', `The ${IDEMPOTENCY_HEADER} header must be 1 to 64 letters, digits, - or _`);
export const keyReused = () =>
  new AppError(409, 'idempotency.mismatch', `This ${IDEMPOTENCY_HEADER} was already used for a different request`);

/** The request's key, or undefined without the header; AppError 400 when malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY.test(raw)) throw badKey();
  return raw;
}

/** Secrets stay out of the stored fingerprint: a hash of a 6-digit fund password is easy to reverse. */
const SECRET_FIELDS = new Set(['password', 'fundPassword', 'code', 'otp']);

const fingerprintOf = (request: FastifyRequest) => {
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const kept = Object.fromEntries(Object.entries(body).filter(([k]) => !SECRET_FIELDS.has(k)).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify([request.query ?? {}, kept])).digest('hex');
};

/**
 * Runs `action` in one transaction for `request.userId`, at most once per `Idempotency-Key`.
 * `action` must do all its writes through `tx`; its answer must be JSON. `before` runs outside
 * the transaction and only when there is no first answer to repeat: checks whose failures must
 * be remembered even though the action does not happen (a wrong fund password counts), or that a
 * repeat must not redo (a one-time code is spent by the first attempt).
 */
export async function idempotent<T>(
  ctx: Pick<ServerContext, 'db' | 'clock'>,
  request: FastifyRequest,
  action: (tx: Tx) => Promise<Envelope<T>>,
  before?: () => Promise<void>,
): Promise<Envelope<T>> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) {
    await before?.();
    return ctx.db.transaction(action);
  }
  const userId = request.userId;
  if (!userId) throw new Error('idempotent: the route needs config.auth');
  const route = request.routeOptions.config.idempotency;
  if (!route) throw new Error('idempotent: the route needs config.idempotency');
  const fingerprint = fingerprintOf(request);
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.route, route), eq(idempotencyKeys.key, key));
  if (before) {
    const [first] = await ctx.db.select({ fingerprint: idempotencyKeys.fingerprint, answer: idempotencyKeys.answer }).from(idempotencyKeys).where(where);
    if (first) {
      if (first.fingerprint !== fingerprint) throw keyReused();
      return first.answer as Envelope<T>;
    }
    await before();
  }
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, route, key, fingerprint, answer: {}, createdAt: new Date(ctx.clock.now()) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx.select({ fingerprint: idempotencyKeys.fingerprint, answer: idempotencyKeys.answer }).from(idempotencyKeys).where(where);
      if (!first || first.fingerprint !== fingerprint) throw keyReused();
      return first.answer as Envelope<T>;
    }
    const answer = await action(tx);
    await tx.update(idempotencyKeys).set({ answer }).where(where);
    return answer;
  });
}
