/**
 * Who has a queue item open: an operator opening an item claims it for CLAIM_MS, renewed while it
 * stays open; another operator opening it sees the holder's name instead. A claim only informs: it
 * never stops a decision (the review's row lock decides who is first), and it lapses on its own when
 * a console is closed without letting go.
 */
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { ServerContext } from '../../context.ts';
import { consoleClaims } from '../../db/schema/index.ts';
import type { Actor } from '../../audit/log.ts';

/** Long enough to survive a slow renewal, short enough that a closed laptop frees the item soon. */
export const CLAIM_MS = 90_000;

export type QueueName = 'deposit' | 'withdrawal';
export const itemOf = (queue: QueueName, orderNo: string) => `${queue}:${orderNo}`;

/**
 * Claims or renews `item` for `actor`. `holder`: the other operator who holds it, or null when it is
 * now `actor`'s; `changed`: whether the holder changed, so the other consoles have news.
 */
export async function claim(ctx: ServerContext, item: string, actor: Actor): Promise<{ holder: string | null; changed: boolean }> {
  const now = ctx.clock.now();
  const [was] = await ctx.db.select().from(consoleClaims).where(eq(consoleClaims.item, item));
  const changed = !was || was.operatorId !== actor.id || was.expiresAt.getTime() <= now;
  const expiresAt = new Date(now + CLAIM_MS);
  const taken = await ctx.db
    .insert(consoleClaims)
    .values({ item, operatorId: actor.id!, operatorName: actor.name, expiresAt })
    .onConflictDoUpdate({
      target: consoleClaims.item,
      set: { operatorId: actor.id!, operatorName: actor.name, expiresAt },
      // Only a lapsed claim or one's own is taken over; a live claim of someone else stays theirs.
      setWhere: sql`${consoleClaims.operatorId} = ${actor.id} or ${consoleClaims.expiresAt} <= ${new Date(now)}`,
    })
    .returning({ item: consoleClaims.item });
  if (taken.length) return { holder: null, changed };
  const [holder] = await ctx.db.select({ name: consoleClaims.operatorName }).from(consoleClaims).where(eq(consoleClaims.item, item));
  return { holder: holder?.name ?? null, changed: false };
}

/** Lets go of `actor`'s own claim; someone else's is left alone. */
export async function release(ctx: ServerContext, item: string, actor: Actor): Promise<boolean> {
  const gone = await ctx.db.delete(consoleClaims).where(and(eq(consoleClaims.item, item), eq(consoleClaims.operatorId, actor.id!))).returning({ item: consoleClaims.item });
  return gone.length > 0;
}

/** A decided item is nobody's any more. */
export async function forget(ctx: ServerContext, item: string): Promise<void> {
  await ctx.db.delete(consoleClaims).where(eq(consoleClaims.item, item));
}

/** Live claims of other operators on `items`: item → holder's name. */
export async function holders(ctx: ServerContext, items: string[], actor: Actor): Promise<Map<string, string>> {
  if (!items.length) return new Map();
  const rows = await ctx.db
    .select({ item: consoleClaims.item, name: consoleClaims.operatorName })
    .from(consoleClaims)
    .where(and(inArray(consoleClaims.item, items), ne(consoleClaims.operatorId, actor.id!), gt(consoleClaims.expiresAt, new Date(ctx.clock.now()))));
  return new Map(rows.map((r) => [r.item, r.name]));
}
