/**
 * Fixed-window counters in the database, so several server processes share one budget. One
 * upsert per hit; the window restarts when it has passed. For what is not a guess (codes asked
 * for, sign-ons refused); a secret's tries are counted by server/auth/guesses.ts.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from './envelope.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

export const LIMITS = {
  /**
   * Failed logins for one account from every address. Over it, only addresses that already
   * failed for the account wait: the owner's clean address still gets in (no lock-out by others).
   * The tries themselves are counted by the guess limiter (server/auth/guesses.ts).
   */
  loginPerUser: { max: 10, windowMs: 120_000 },
  codePerTarget: { max: 1, windowMs: 60_000 },
  codePerIp: { max: 10, windowMs: 3_600_000 },
} satisfies Record<string, Limit>;

export const rateLimited = (seconds: number) =>
  new AppError(429, 'rate.limited', `Too many attempts, please try again in ${seconds} seconds`, { seconds });

const secondsLeft = (windowStart: number, limit: Limit, now: number) => Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000));

/** Counts a hit on `key` and answers the count in the current window, without refusing anything. */
export async function countHit(ctx: ServerContext, key: string, limit: Limit): Promise<{ count: number; seconds: number }> {
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
  if (Math.random() < 0.01) {
    await ctx.db.delete(rateLimits).where(lt(rateLimits.windowStart, now - 86_400_000));
  }
  return { count: row!.count, seconds: secondsLeft(row!.windowStart, limit, now) };
}

/** Counts a hit on `key`; throws code 429 `rate.limited` with `params.seconds` when over. Answers the count. */
export async function hitLimit(ctx: ServerContext, key: string, limit: Limit): Promise<number> {
  const { count, seconds } = await countHit(ctx, key, limit);
  if (count > limit.max) throw rateLimited(seconds);
  return count;
}

/** Throws like `hitLimit` when `key` is already over its limit, without counting a hit. */
export async function checkLimit(ctx: ServerContext, key: string, limit: Limit): Promise<void> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStart, now - limit.windowMs)));
  if (row && row.count >= limit.max) throw rateLimited(secondsLeft(row.windowStart, limit, now));
}

/** Takes back one hit on `key` (an attempt counted up front that turned out fine). */
export async function forgiveHit(ctx: ServerContext, key: string): Promise<void> {
  await ctx.db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}
