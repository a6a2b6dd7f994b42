/**
 * Opaque session tokens: 32 random bytes sent in `Authorization` (with or without `Bearer `),
 * stored only as their SHA-256 so a leaked table grants nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import type { ServerContext } from '../context.ts';
import { AppError } from '../http/envelope.ts';
import { recordSignIn, type SignInFrom } from './sign-ins.ts';
import { shortAgent } from './agent.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
  interface FastifyRequest {
    /** Set by `requireUser`. */
    userId: number;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Strips an optional `Bearer ` scheme. */
export const tokenFromHeader = (header: string | undefined): string | undefined => {
  const value = header?.trim().replace(/^Bearer\s+/i, '');
  return value || undefined;
};

/** A new session; `from` (every user's sign-in has it) is recorded for the console, in `db`'s transaction. */
export async function createSession(ctx: ServerContext, db: DbOrTx, userId: number, from?: SignInFrom): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Each login sweeps the user's dead sessions, so the table holds live ones only.
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), or(eq(sessions.revoked, true), lt(sessions.expiresAt, new Date(ctx.clock.now())))));
  const now = new Date(ctx.clock.now());
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + ctx.config.sessionTtlMs),
    createdAt: now,
    lastSeenAt: now,
    agent: from ? shortAgent(from.userAgent) : null,
    ip: from ? from.ip.slice(0, 64) : null,
  });
  if (from) await recordSignIn(ctx, db, userId, from);
  return token;
}

/**
 * The session of a live token as the database has it, or null for an unknown, expired or revoked
 * one. It also marks the session seen now: asked at most once a minute per process for a token in
 * use (the token cache answers between), so the device list's "last seen" is that fresh.
 */
async function liveSession(db: DbOrTx, tokenHash: string, now: number): Promise<{ userId: number; expiresAt: Date } | null> {
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.revoked, false), gt(sessions.expiresAt, new Date(now))))
    .returning({ userId: sessions.userId, expiresAt: sessions.expiresAt });
  return row ?? null;
}

/** The user of a live token, or null for a missing, unknown, expired or revoked one. */
export async function userIdFromToken(db: DbOrTx, token: string | undefined | null, now = Date.now()): Promise<number | null> {
  const bare = tokenFromHeader(token ?? undefined);
  if (!bare) return null;
  return (await liveSession(db, hashToken(bare), now))?.userId ?? null;
}

/**
 * `userIdFromToken` through the process's token cache when it has one: a token checked in the last
 * minute costs no database round trip, and a revoked one is refused at once (token-cache.ts).
 */
export async function sessionUser(ctx: ServerContext, token: string | undefined | null): Promise<number | null> {
  const bare = tokenFromHeader(token ?? undefined);
  if (!bare) return null;
  const hash = hashToken(bare);
  const now = ctx.clock.now();
  const cache = ctx.tokens;
  const cached = cache?.get(hash, now);
  if (cached !== undefined) return cached;
  const mark = cache?.mark() ?? 0;
  const session = await liveSession(ctx.db, hash, now);
  if (!session) return null;
  cache?.set(hash, session.userId, session.expiresAt.getTime(), now, mark);
  return session.userId;
}

/**
 * Logout: the token stops working at once. The database tells every server process (migration
 * 0004); this one also forgets it itself, without waiting for the notice to come back.
 */
export async function revokeToken(ctx: ServerContext, db: DbOrTx, token: string | undefined | null): Promise<void> {
  const bare = tokenFromHeader(token ?? undefined);
  if (!bare) return;
  const hash = hashToken(bare);
  await db.update(sessions).set({ revoked: true }).where(eq(sessions.tokenHash, hash));
  ctx.tokens?.evict(hash);
}

export async function revokeAllSessions(ctx: ServerContext, db: DbOrTx, userId: number): Promise<void> {
  await db.update(sessions).set({ revoked: true }).where(eq(sessions.userId, userId));
  ctx.tokens?.evictUser(userId);
}

export const sessionExpired = () => new AppError(401, 'auth.expired', 'Login status expired, please log in again');

/** preHandler for routes that need a logged-in user: sets `request.userId` or answers code 401. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const { ctx } = request.server;
  const userId = await sessionUser(ctx, request.headers.authorization);
  if (userId === null) throw sessionExpired();
  request.userId = userId;
}
