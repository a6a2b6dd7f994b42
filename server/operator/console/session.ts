/**
 * Console sign-in: name, password and a TOTP code; a session is a random token in an HttpOnly,
 * SameSite=Strict cookie (only its SHA-256 is stored), ending after SESSION_MS whatever happens.
 * Each sign-in is a try the guess limiter counts per address and per operator name before the
 * password or the code is compared (`consoleAddress`, `consoleName`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { operatorSessions, operators } from '../../db/schema/index.ts';
import { AppError } from '../../http/envelope.ts';
import { GUESS_RULES, guess, waitAnswers } from '../../auth/guesses.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { audit, type Actor } from '../../audit/log.ts';
import { matchStep } from './totp.ts';
import type { Operator } from './four-eyes.ts';

export const SESSION_COOKIE = 'tl_console';
/** A working day: a forgotten desk stays open no longer than that. */
export const SESSION_MS = 8 * 3600_000;

export const SIGN_IN_LIMITS = {
  /** Sign-ins from one address, whatever the name. */
  perIp: GUESS_RULES.consoleAddress,
  /** Sign-ins for one name from everywhere: six-digit codes must not be guessable in bulk. */
  perName: GUESS_RULES.consoleName,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const refused = () => new AppError(401, 'console.signIn', 'Wrong name, password or code');

/** Verified against when the name is unknown, so the answer takes as long either way. */
let decoyHash: Promise<string> | undefined;

export async function signIn(
  ctx: ServerContext,
  request: Pick<FastifyRequest, 'routeOptions'>,
  input: { name: string; password: string; code: string; ip: string },
): Promise<{ token: string; actor: Operator; expiresAt: number }> {
  const now = ctx.clock.now();
  const [found] = await ctx.db.select().from(operators).where(and(eq(operators.name, input.name), isNull(operators.removedAt)));
  const decoy = decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const tries = [
    { rule: 'consoleAddress', subject: input.ip },
    { rule: 'consoleName', subject: input.name },
  ] as const;
  await guess(ctx, request, [...tries], waitAnswers(refused), async (ticket) => {
    const passwordOk = await verifyPassword(ticket, input.password, found?.passwordHash ?? (await decoy));
    if (!found || !passwordOk) return false;
    return ctx.db.transaction(async (tx) => {
      // Locked, so two sign-ins racing with the same code cannot both pass the replay check.
      const [row] = await tx.select().from(operators).where(eq(operators.id, found.id)).for('update');
      if (!row || row.removedAt) return false;
      const step = matchStep(row.totpSecret, input.code, now, row.totpLastStep ?? null);
      if (step === null) return false;
      await tx.update(operators).set({ totpLastStep: step }).where(eq(operators.id, row.id));
      return true;
    });
  });
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + SESSION_MS;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(operatorSessions).values({ tokenHash: hashToken(token), operatorId: found!.id, createdAt: new Date(now), expiresAt: new Date(expiresAt) });
    await audit(tx, now, { id: found!.id, name: found!.name }, 'console.signIn', found!.name, null, { ip: input.ip });
  });
  if (Math.random() < 0.05) await ctx.db.delete(operatorSessions).where(lt(operatorSessions.expiresAt, new Date(now)));
  return { token, actor: { id: found!.id, name: found!.name, roles: found!.roles }, expiresAt };
}

/** The operator a cookie's token belongs to while its session lasts, else null. */
export async function actorOf(ctx: ServerContext, token: string | undefined): Promise<Operator | null> {
  if (!token || token.length > 100) return null;
  const [row] = await ctx.db
    .select({ id: operators.id, name: operators.name, roles: operators.roles })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, hashToken(token)), gt(operatorSessions.expiresAt, new Date(ctx.clock.now())), isNull(operators.removedAt)));
  return row ?? null;
}

export async function signOut(ctx: ServerContext, token: string, actor: Actor): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashToken(token)));
    await audit(tx, now, actor, 'console.signOut', actor.name, null, null);
  });
}

/** The cookie's value from a Cookie header. */
export function tokenFrom(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === SESSION_COOKIE) return v.join('=');
  }
  return undefined;
}

/** `Secure` when the page came over HTTPS (the operator's proxy); loopback HTTP keeps working. */
export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/console; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}
