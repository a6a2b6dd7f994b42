/**
 * `Idempotency-Key` for submits that move money or bind payment methods. The key is scoped per user
 * and route. The first answer is stored in the same transaction as the action itself, so:
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

const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256').update(JSON.stringify([request.query ?? {}, request.body ?? {}])).digest('hex');

/**
 * Runs `action` in one transaction for `request.userId`, at most once per `Idempotency-Key`.
 * `action` must do all its writes through `tx`; its answer must be JSON.
 */
export async function idempotent<T>(
  ctx: Pick<ServerContext, 'db' | 'clock'>,
  request: FastifyRequest,
  action: (tx: Tx) => Promise<Envelope<T>>,
): Promise<Envelope<T>> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return ctx.db.transaction(action);
  const userId = request.userId;
  if (!userId) throw new Error('idempotent: the route needs config.auth');
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const fingerprint = fingerprintOf(request);
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.route, route), eq(idempotencyKeys.key, key));
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
