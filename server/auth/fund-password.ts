/**
 * The fund password's guard, one for withdrawals and fund-password changes, so both draw on one
 * count and one lock:
 * - every try is counted in the user's row before the password is checked, in one statement that
 *   refuses it while the account is locked or 5 tries are counted: so parallel tries, on any number
 *   of server processes, get at most 5 checks, and a 6th is refused until one of them is settled;
 * - the 5th wrong try locks for 15 minutes; a right one takes back its own try only (taking back
 *   the others would uncount tries being checked at that moment), and is refused if a try checked
 *   at the same time locked the account;
 * - tries are forgotten a day after the first of them, and when a lock ends.
 * Counted outside the caller's transaction, which a wrong password rolls back.
 */
import { and, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { fundPasswordTries, users } from '../db/schema/index.ts';
import { AppError } from '../http/envelope.ts';
import { verifyPassword } from './password.ts';

export const FUND_TRIES = 5;
export const FUND_LOCK_MS = 15 * 60_000;
export const FUND_WINDOW_MS = 24 * 3600_000;
const STALE_MS = 60_000;

export const fundPasswordNotSet = () =>
  new AppError(400, 'fundPassword.notSet', 'Please set a fund password before withdrawing', { field: 'fundPassword' });

/** `left` is there when this try was checked: 0 once the account is locked. */
const locked = (until: number, now: number, left?: number) => {
  const minutes = Math.ceil((until - now) / 60_000);
  return new AppError(403, 'fundPassword.locked', `Too many wrong fund passwords: withdrawals are locked for ${minutes} minutes`, {
    minutes,
    ...(left === undefined ? {} : { left }),
  });
};

const incorrect = (left: number, field: string) =>
  new AppError(400, 'fundPassword.incorrect', `Fund password is incorrect, ${left} tries left`, { field, left });

/** The end of the user's lock, in epoch ms, or null when not locked. */
export async function fundLockUntil(db: DbOrTx, userId: number, now: number): Promise<number | null> {
  const [row] = await db
    .select({ until: fundPasswordTries.lockedUntil })
    .from(fundPasswordTries)
    .where(and(eq(fundPasswordTries.userId, userId), gt(fundPasswordTries.lockedUntil, new Date(now))));
  return row?.until?.getTime() ?? null;
}

/** What the withdraw screen says about the fund password: whether one is set, and until when it is locked. */
export async function fundPasswordState(db: DbOrTx, userId: number, now: number): Promise<{ hasFundPassword: boolean; lockedUntil: number | null }> {
  const [[user], lockedUntil] = await Promise.all([
    db.select({ hash: users.fundPasswordHash }).from(users).where(eq(users.id, userId)),
    fundLockUntil(db, userId, now),
  ]);
  return { hasFundPassword: user?.hash != null, lockedUntil };
}

/** Counts one try and answers its number in the window, or null when refused (locked, or 5 tries counted). */
async function countTry(db: DbOrTx, userId: number, now: number): Promise<number | null> {
  const t = fundPasswordTries;
  const fresh = sql`(${t.windowStart} is null or ${t.windowStart} <= ${new Date(now - FUND_WINDOW_MS)})`;
  const [row] = await db
    .insert(t)
    .values({ userId, failures: 1, windowStart: new Date(now) })
    .onConflictDoUpdate({
      target: t.userId,
      set: {
        failures: sql`case when ${fresh} then 1 else ${t.failures} + 1 end`,
        windowStart: sql`case when ${fresh} then ${new Date(now)}::timestamptz else ${t.windowStart} end`,
      },
      setWhere: and(or(isNull(t.lockedUntil), lte(t.lockedUntil, new Date(now))), or(fresh, lt(t.failures, FUND_TRIES))),
    })
    .returning({ n: t.failures });
  return row?.n ?? null;
}

/**
 * Why a try was not counted: the lock, or 5 tries counted and not one settled. Those are being
 * checked right now (the try waits a second), or were lost with a process that died while checking
 * them: counted for over a minute, they lock like 5 wrong ones.
 */
async function refusal(db: DbOrTx, userId: number, now: number): Promise<AppError> {
  const until = await fundLockUntil(db, userId, now);
  if (until !== null) return locked(until, now);
  const t = fundPasswordTries;
  const [stale] = await db
    .update(t)
    .set({ failures: 0, windowStart: null, lockedUntil: new Date(now + FUND_LOCK_MS) })
    .where(and(eq(t.userId, userId), gte(t.failures, FUND_TRIES), lte(t.windowStart, new Date(now - STALE_MS)), or(isNull(t.lockedUntil), lte(t.lockedUntil, new Date(now)))))
    .returning({ until: t.lockedUntil });
  if (stale) return locked(stale.until!.getTime(), now);
  return new AppError(429, 'rate.limited', 'Too many attempts, please try again in 1 seconds', { seconds: 1 });
}

/**
 * Checks `password` against the user's fund password under the shared count and lock. Throws
 * `fundPassword.notSet`, `fundPassword.locked` or `fundPassword.incorrect` (naming `field`).
 */
export async function checkFundPasswordTry(ctx: Pick<ServerContext, 'db' | 'clock'>, userId: number, password: string, field = 'fundPassword'): Promise<void> {
  const now = ctx.clock.now();
  const [user] = await ctx.db.select({ hash: users.fundPasswordHash }).from(users).where(eq(users.id, userId));
  if (!user?.hash) throw fundPasswordNotSet();
  const n = await countTry(ctx.db, userId, now);
  if (n === null) throw await refusal(ctx.db, userId, now);
  const t = fundPasswordTries;
  const mine = eq(t.userId, userId);
  if (await verifyPassword(password, user.hash)) {
    const [open] = await ctx.db
      .update(t)
      .set({ failures: sql`greatest(${t.failures} - 1, 0)` })
      .where(and(mine, or(isNull(t.lockedUntil), lte(t.lockedUntil, new Date(now)))))
      .returning({ n: t.failures });
    if (!open) throw locked((await fundLockUntil(ctx.db, userId, now)) ?? now + FUND_LOCK_MS, now, 0);
    return;
  }
  if (n >= FUND_TRIES) {
    const until = now + FUND_LOCK_MS;
    await ctx.db.update(t).set({ failures: 0, windowStart: null, lockedUntil: new Date(until) }).where(mine);
    throw locked(until, now, 0);
  }
  const lockedMeanwhile = await fundLockUntil(ctx.db, userId, now);
  if (lockedMeanwhile !== null) throw locked(lockedMeanwhile, now, 0);
  throw incorrect(FUND_TRIES - n, field);
}
