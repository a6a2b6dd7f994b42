/**
 * Idempotency keys answer the retry of a submit whose answer was lost, which comes within minutes.
 * After a day they only take room: each process forgets them once an hour (deleting twice is harmless).
 */
import { lt } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { repeatEvery, type RepeatingJob } from './repeat.ts';

/** How long a first answer is kept for its retries (docs/rules.md#idempotent-submits). */
export const KEY_LIFETIME_MS = 86_400_000;

/** Deletes keys older than the lifetime on the server clock; answers how many went. */
export async function forgetOldKeys(ctx: Pick<ServerContext, 'db' | 'clock'>): Promise<number> {
  const gone = await ctx.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(ctx.clock.now() - KEY_LIFETIME_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

export function startKeyCleanup(
  ctx: Pick<ServerContext, 'db' | 'clock'>,
  options: { intervalMs?: number; log: { error(obj: object, msg: string): void } },
): RepeatingJob {
  return repeatEvery(options.intervalMs ?? 3_600_000, () => forgetOldKeys(ctx), (err) => options.log.error({ err }, 'forgetting old idempotency keys failed; retrying'));
}
