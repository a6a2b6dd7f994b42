/**
 * The operator's side of the hold on new payout methods (server/money/hold.ts): which of a user's
 * methods are held, and lifting one early. Lifting is audited; when the user's balance, all of
 * which a lifted method could receive at once, is above `fourEyes.above`, it is only a proposal
 * until a second operator approves it (four-eyes.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ServerContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { paymentMethods, wallets } from '../../db/schema/index.ts';
import { AppError } from '../../http/envelope.ts';
import { heldUntil, holdHours } from '../../money/hold.ts';
import { audit, type Actor } from '../../audit/log.ts';
import type { HeldMethod } from '../../../src/shared/contract/console.ts';

/** The proposal target of a method's hold. */
export const holdTarget = (methodId: number) => `method:${methodId}`;
export const methodOfTarget = (target: string) => Number(target.slice('method:'.length));

const notHeld = () => new AppError(409, 'hold.notHeld', 'This payment method is not on hold');
const noMethod = () => new AppError(404, 'paymentMethod.notFound', 'No such payment method');

/** The held methods of each user, by user id. */
export async function heldMethods(ctx: ServerContext, userIds: number[]): Promise<Map<number, HeldMethod[]>> {
  const byUser = new Map<number, HeldMethod[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return byUser;
  const [hours, rows] = await Promise.all([
    holdHours(ctx.db),
    ctx.db.select().from(paymentMethods).where(inArray(paymentMethods.userId, [...new Set(userIds)])),
  ]);
  const now = ctx.clock.now();
  for (const r of rows) {
    const until = heldUntil(r, hours, now);
    if (until !== null) byUser.get(r.userId)!.push({ id: r.id, kind: r.kind, account: r.account ?? r.image, heldUntil: until });
  }
  return byUser;
}

/** The user's held method `methodId` and the balance a lift would open to it; refuses one not held. */
export async function heldMethodOf(ctx: ServerContext, userId: number, methodId: number): Promise<{ until: number; balance: string }> {
  const [row] = await ctx.db
    .select({ m: paymentMethods, balance: wallets.balance })
    .from(paymentMethods)
    .innerJoin(wallets, eq(wallets.userId, paymentMethods.userId))
    .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.userId, userId)));
  if (!row) throw noMethod();
  const until = heldUntil(row.m, await holdHours(ctx.db), ctx.clock.now());
  if (until === null) throw notHeld();
  return { until, balance: row.balance };
}

/**
 * Ends the hold in one transaction with its audit row (and `inTx`, a four-eyes proposal's close);
 * a method changed again since, or lifted meanwhile, is refused.
 */
export async function liftHold(ctx: ServerContext, who: Actor, methodId: number, inTx?: (tx: DbOrTx) => Promise<void>): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, methodId)).for('update');
    if (!row) throw noMethod();
    const until = heldUntil(row, await holdHours(tx), now);
    if (until === null) throw notHeld();
    await inTx?.(tx);
    await tx.update(paymentMethods).set({ holdLiftedAt: new Date(now) }).where(eq(paymentMethods.id, methodId));
    await audit(tx, now, who, 'method.liftHold', holdTarget(methodId), { heldUntil: until }, { heldUntil: null }, row.userId);
  });
}
