/**
 * The hold on new payout methods (docs/rules.md#payment-methods): a method bound, or whose target
 * changed, less than `payout.newMethodHoldHours` ago receives no withdrawal, whatever the client
 * sends, unless an operator lifted that change's hold. Someone who took over an account cannot
 * add their own address and empty it before the owner reads the notice.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { config, paymentMethods } from '../db/schema/index.ts';
import { AppError } from '../http/envelope.ts';
import { HOLD_DEFAULT, HOLD_KEY } from './hold-config.ts';

type Row = Pick<typeof paymentMethods.$inferSelect, 'changedAt' | 'holdLiftedAt'>;

/** The configured hours; a value the settings page would refuse counts as the default. */
export async function holdHours(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: config.value }).from(config).where(eq(config.key, HOLD_KEY));
  const value = row?.value ?? HOLD_DEFAULT;
  return /^\d{1,4}$/.test(value) ? Number(value) : Number(HOLD_DEFAULT);
}

/** Epoch ms until which the method receives nothing, or null when it may receive now. */
export function heldUntil(row: Row, hours: number, now: number): number | null {
  if (!row.changedAt || (row.holdLiftedAt && row.holdLiftedAt >= row.changedAt)) return null;
  const until = row.changedAt.getTime() + hours * 3600_000;
  return until > now ? until : null;
}

export const methodHeld = (until: number) =>
  new AppError(409, 'withdraw.methodHeld', `This payment method was added or changed recently and can receive withdrawals from ${new Date(until).toISOString()}`, { field: 'methodId', until });

/** Refuses a withdrawal to a held method. */
export function checkNotHeld(row: Row, hours: number, now: number): void {
  const until = heldUntil(row, hours, now);
  if (until !== null) throw methodHeld(until);
}
