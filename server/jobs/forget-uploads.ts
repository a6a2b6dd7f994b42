/**
 * An upload nobody attached to a deposit, a payment method or an avatar within a day was a photo
 * picked and then abandoned: each process removes such files and their rows once an hour.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { uploads } from '../db/schema/index.ts';
import type { Storage } from '../uploads/storage.ts';
import { repeatEvery, type RepeatingJob } from './repeat.ts';

export const UNATTACHED_LIFETIME_MS = 86_400_000;
/** Rows per transaction, so one pass never holds many locks or a long transaction. */
const BATCH = 200;

/**
 * Removes unattached uploads older than a day on the server clock, rows and files; answers how many.
 * A row is deleted in the same transaction its file is removed in, and rows being attached at that
 * moment are skipped: an attachment either wins (the upload stays) or finds the upload gone.
 */
export async function forgetUnattachedUploads(ctx: Pick<ServerContext, 'db' | 'clock'>, storage: Storage): Promise<number> {
  const cutoff = new Date(ctx.clock.now() - UNATTACHED_LIFETIME_MS);
  let total = 0;
  for (;;) {
    const gone = await ctx.db.transaction(async (tx) => {
      const due = tx
        .select({ name: uploads.name })
        .from(uploads)
        .where(and(eq(uploads.attached, false), lt(uploads.createdAt, cutoff)))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const rows = await tx.delete(uploads).where(and(inArray(uploads.name, due), eq(uploads.attached, false))).returning({ name: uploads.name });
      for (const { name } of rows) await storage.remove(name);
      return rows.length;
    });
    total += gone;
    if (gone < BATCH) return total;
  }
}

export function startUploadCleanup(
  ctx: Pick<ServerContext, 'db' | 'clock'>,
  storage: Storage,
  options: { intervalMs?: number; log: { error(obj: object, msg: string): void } },
): RepeatingJob {
  return repeatEvery(
    options.intervalMs ?? 3_600_000,
    () => forgetUnattachedUploads(ctx, storage),
    (err) => options.log.error({ err }, 'removing unattached uploads failed; retrying'),
  );
}
