/**
 * Fixed-window counters in the database, so several server processes share one budget. One
 * upsert per hit; the window restarts when it has passed.
 */
import { lt, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from './envelope.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

export const LIMITS = {
  loginPerIp: { max: 10, windowMs: 120_000 },
  loginPerUser: { max: 10, windowMs: 120_000 },
  codePerTarget: { max: 1, windowMs: 60_000 },
  codePerIp: { max: 10, windowMs: 3_600_000 },
} satisfies Record<string, Limit>;

/** Counts a hit on `key`; throws code 429 `rate.limited` with `params.seconds` when over. */
export async function hitLimit(ctx: ServerContext, key: string, limit: Limit): Promise<void> {
  const now = ctx.clock.now();
  const expired = sql`${rateLimits.windowStart} <= ${now - limit.windowMs}`;
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now}::bigint else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count });
  if (row!.count > limit.max) {
    const seconds = Math.max(1, Math.ceil((row!.windowStart + limit.windowMs - now) / 1000));
    throw new AppError(429, 'rate.limited', `Too many attempts, please try again in ${seconds} seconds`, { seconds });
  }
  if (Math.random() < 0.01) {
    await ctx.db.delete(rateLimits).where(lt(rateLimits.windowStart, now - 86_400_000));
  }
}
