/**
 * Console sign-in: name, password and a TOTP code; a session is a random token in an HttpOnly,
 * SameSite=Strict cookie (only its SHA-256 is stored), ending after SESSION_MS whatever happens.
 * Failed sign-ins are limited per address and per operator name.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { operatorSessions, operators } from '../db/schema/index.ts';
import { AppError } from '../http/envelope.ts';
import { checkLimit, hitLimit, type Limit } from '../http/rate-limit.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { audit, type Actor } from './audit.ts';
import { matchStep } from './totp.ts';

export const SESSION_COOKIE = 'tl_console';
/** A working day: a forgotten desk stays open no longer than that. */
export const SESSION_MS = 8 * 3600_000;

export const SIGN_IN_LIMITS = {
  /** Failed sign-ins from one address, whatever the name. */
  perIp: { max: 10, windowMs: 15 * 60_000 },
  /** Failed sign-ins for one name from everywhere: six-digit codes must not be guessable in bulk. */
  perName: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const refused = () => new AppError(401, 'console.signIn', 'Wrong name, password or code');

/** Verified against when the name is unknown, so the answer takes as long either way. */
let decoyHash: Promise<string> | undefined;

export async function signIn(ctx: ServerContext, input: { name: string; password: string; code: string; ip: string }): Promise<{ token: string; actor: Actor; expiresAt: number }> {
  const ipKey = `console.ip:${input.ip}`;
  const nameKey = `console.name:${input.name}`;
  await checkLimit(ctx, ipKey, SIGN_IN_LIMITS.perIp);
  await checkLimit(ctx, nameKey, SIGN_IN_LIMITS.perName);
  const fail = async () => {
    await hitLimit(ctx, ipKey, SIGN_IN_LIMITS.perIp);
    await hitLimit(ctx, nameKey, SIGN_IN_LIMITS.perName);
    return refused();
  };
  const [found] = await ctx.db.select().from(operators).where(and(eq(operators.name, input.name), isNull(operators.removedAt)));
  const passwordOk = await verifyPassword(input.password, found?.passwordHash ?? (await (decoyHash ??= hashPassword(randomBytes(16).toString('hex')))));
  if (!found || !passwordOk) throw await fail();
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + SESSION_MS;
  const accepted = await ctx.db.transaction(async (tx) => {
    // Locked, so two sign-ins racing with the same code cannot both pass the replay check.
    const [row] = await tx.select().from(operators).where(eq(operators.id, found.id)).for('update');
    if (!row || row.removedAt) return false;
    const step = matchStep(row.totpSecret, input.code, now, row.totpLastStep ?? null);
    if (step === null) return false;
    await tx.update(operators).set({ totpLastStep: step }).where(eq(operators.id, row.id));
    await tx.insert(operatorSessions).values({ tokenHash: hashToken(token), operatorId: row.id, createdAt: new Date(now), expiresAt: new Date(expiresAt) });
    await audit(tx, now, { id: row.id, name: row.name }, 'console.signIn', row.name, null, { ip: input.ip });
    return true;
  });
  if (!accepted) throw await fail();
  if (Math.random() < 0.05) await ctx.db.delete(operatorSessions).where(lt(operatorSessions.expiresAt, new Date(now)));
  return { token, actor: { id: found.id, name: found.name }, expiresAt };
}

/** The operator a cookie's token belongs to while its session lasts, else null. */
export async function actorOf(ctx: ServerContext, token: string | undefined): Promise<Actor | null> {
  if (!token || token.length > 100) return null;
  const [row] = await ctx.db
    .select({ id: operators.id, name: operators.name })
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
