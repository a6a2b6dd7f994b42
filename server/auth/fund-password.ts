/**
 * The fund password's check, one for withdrawals and fund-password changes, so both draw on one
 * count and one lock (the guess limiter's `fundPassword` rule: 5 tries a day, 15 minutes locked).
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../http/envelope.ts';
import { GUESS_RULES, guess, lockedUntil, type GuessAnswers } from './guesses.ts';
import { verifyPassword } from './password.ts';

export const FUND_TRIES = GUESS_RULES.fundPassword.max;
export const FUND_LOCK_MS = GUESS_RULES.fundPassword.lockMs;

export const fundPasswordNotSet = () =>
  new AppError(400, 'fundPassword.notSet', 'Please set a fund password before withdrawing', { field: 'fundPassword' });

/** `left` is there when this try was checked: 0, as the account is locked. */
const locked = (until: number, now: number, checked?: 'wrong' | 'right') => {
  const minutes = Math.ceil((until - now) / 60_000);
  return new AppError(403, 'fundPassword.locked', `Too many wrong fund passwords: withdrawals are locked for ${minutes} minutes`, {
    minutes,
    ...(checked ? { left: 0 } : {}),
  });
};

const answers = (field: string): GuessAnswers => ({
  wrong: (left) => new AppError(400, 'fundPassword.incorrect', `Fund password is incorrect, ${left} tries left`, { field, left }),
  locked,
});

/** The end of the user's lock, in epoch ms, or null when not locked. */
export const fundLockUntil = (db: DbOrTx, userId: number, now: number): Promise<number | null> =>
  lockedUntil(db, { rule: 'fundPassword', subject: userId }, now);

/** What the withdraw screen says about the fund password: whether one is set, and until when it is locked. */
export async function fundPasswordState(db: DbOrTx, userId: number, now: number): Promise<{ hasFundPassword: boolean; lockedUntil: number | null }> {
  const [[user], until] = await Promise.all([
    db.select({ hash: users.fundPasswordHash }).from(users).where(eq(users.id, userId)),
    fundLockUntil(db, userId, now),
  ]);
  return { hasFundPassword: user?.hash != null, lockedUntil: until };
}

/**
 * Checks `password` against the user's fund password under the shared count and lock. Throws
 * `fundPassword.notSet`, `fundPassword.locked` or `fundPassword.incorrect` (naming `field`).
 */
export async function checkFundPasswordTry(
  ctx: Pick<ServerContext, 'db' | 'clock' | 'guessed'>,
  request: Pick<FastifyRequest, 'routeOptions'>,
  userId: number,
  password: string,
  field = 'fundPassword',
): Promise<void> {
  const [user] = await ctx.db.select({ hash: users.fundPasswordHash }).from(users).where(eq(users.id, userId));
  if (!user?.hash) throw fundPasswordNotSet();
  await guess(ctx, request, [{ rule: 'fundPassword', subject: userId }], answers(field), (ticket) => verifyPassword(ticket, password, user.hash));
}
