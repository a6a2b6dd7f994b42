/**
 * How much one user may upload: a count per hour and bytes per day (docs/rules.md#uploads). The check
 * and the upload's row are one transaction under a lock on the user's row, so parallel uploads
 * (from any number of processes) are counted one after another and never pass the limit together.
 */
import { and, count, eq, gt, sum } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { uploads, users } from '../db/schema/index.ts';
import { AppError } from '../http/envelope.ts';

export const UPLOADS_PER_HOUR = 20;
export const UPLOAD_MB_PER_DAY = 50;
const BYTES_PER_DAY = UPLOAD_MB_PER_DAY * 1024 * 1024;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const tooMany = () =>
  new AppError(429, 'upload.tooMany', `At most ${UPLOADS_PER_HOUR} images can be uploaded in an hour; please try again later`, { count: UPLOADS_PER_HOUR });
const dailyBytes = () =>
  new AppError(429, 'upload.dailyLimit', `At most ${UPLOAD_MB_PER_DAY} MB of images can be uploaded in a day; please try again tomorrow`, { mb: UPLOAD_MB_PER_DAY });

/** Writes the row of upload `name` (`bytes` long) for `userId` if the quota allows; AppError 429 if not. */
export async function reserveUpload(ctx: Pick<ServerContext, 'db' | 'clock'>, userId: number, name: string, bytes: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const mine = (since: number) => and(eq(uploads.userId, userId), gt(uploads.createdAt, new Date(since)));
    const [hour] = await tx.select({ n: count() }).from(uploads).where(mine(now - HOUR_MS));
    if (hour!.n >= UPLOADS_PER_HOUR) throw tooMany();
    const [day] = await tx.select({ bytes: sum(uploads.bytes) }).from(uploads).where(mine(now - DAY_MS));
    if (Number(day!.bytes ?? 0) + bytes > BYTES_PER_DAY) throw dailyBytes();
    await tx.insert(uploads).values({ name, userId, private: true, bytes, createdAt: new Date(now) });
  });
}
