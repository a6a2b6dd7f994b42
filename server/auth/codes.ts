/** SMS and e-mail verification codes: 6 digits, 10 minutes, 5 tries (the guess limiter's `code` rule), stored hashed. */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { users, verificationCodes } from '../db/schema/index.ts';
import { AppError, fieldRequired } from '../http/envelope.ts';
import { LIMITS, hitLimit } from '../http/rate-limit.ts';
import { languageOf } from '../delivery/texts.ts';
import { requestLanguages } from '../content/lang.ts';
import { guess, spendTicket, waitAnswers, type GuessTicket } from './guesses.ts';

export type Channel = 'sms' | 'email';

const TTL_MS = 10 * 60_000;
const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/** The user's own bound phone or e-mail, or null: a code is only ever sent where the account says. */
export async function boundTarget(db: DbOrTx, userId: number, channel: Channel): Promise<string | null> {
  const [user] = await db.select({ phone: users.phone, email: users.email }).from(users).where(eq(users.id, userId));
  return (channel === 'sms' ? user?.phone : user?.email?.toLowerCase()) || null;
}

/**
 * Stores a new code and hands it to the sender in one transaction: with a provider the code is
 * queued in the outbox with its row, so "sent" is answered only for a code that is on its way.
 * `lang`: the app language of the asking request, which the message is written in.
 */
export async function sendCode(ctx: ServerContext, channel: Channel, target: string, ip: string, lang = 'en'): Promise<void> {
  // IP first: a client over its hourly budget does not use up a target's minute.
  await hitLimit(ctx, `code:ip:${ip}`, LIMITS.codePerIp);
  await hitLimit(ctx, `code:${channel}:${target}`, LIMITS.codePerTarget);
  const code = String(randomInt(1_000_000)).padStart(6, '0');
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.channel, channel), eq(verificationCodes.target, target), lt(verificationCodes.expiresAt, new Date(ctx.clock.now()))));
    await tx.insert(verificationCodes).values({
      channel,
      target,
      codeHash: hash(code),
      expiresAt: new Date(ctx.clock.now() + TTL_MS),
    });
    await ctx.codeSender.send(tx, { channel, target, code, lang });
  });
  ctx.outbox?.kick();
}

/** The app language a request asks for (its `Accept-Language`, which the app sets to its own). */
export const codeLanguage = (request: FastifyRequest): string => languageOf(requestLanguages(request));

/** Compares under a try the guess limiter counted (its ticket). */
function sameCode(ticket: GuessTicket, code: string, stored: string): boolean {
  spendTicket(ticket);
  return timingSafeEqual(Buffer.from(hash(code)), Buffer.from(stored));
}

/**
 * Accepts the latest live code for the target once. Its tries are counted by the guess limiter
 * before the comparison; a code that collected 5 wrong ones is dead, and answers like a wrong one.
 */
export async function consumeCode(ctx: ServerContext, request: Pick<FastifyRequest, 'routeOptions'>, channel: Channel, target: string, code: string | undefined): Promise<void> {
  const field = channel === 'sms' ? 'smsCode' : 'emailCode';
  if (!code?.trim()) throw fieldRequired(field);
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.channel, channel),
        eq(verificationCodes.target, target),
        eq(verificationCodes.used, false),
        gt(verificationCodes.expiresAt, new Date(ctx.clock.now())),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const invalid = () => new AppError(400, 'code.invalid', 'Verification code error', { field });
  if (!row) throw invalid();
  const answers = { ...waitAnswers(invalid), locked: () => invalid() };
  await guess(ctx, request, [{ rule: 'code', subject: row.id }], answers, async (ticket) => {
    if (!sameCode(ticket, code.trim(), row.codeHash)) return false;
    // Once: of two right tries at the same moment, one takes it.
    const [taken] = await ctx.db
      .update(verificationCodes)
      .set({ used: true })
      .where(and(eq(verificationCodes.id, row.id), eq(verificationCodes.used, false)))
      .returning({ id: verificationCodes.id });
    if (!taken) throw invalid();
    return true;
  });
}
