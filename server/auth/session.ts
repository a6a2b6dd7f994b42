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

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
  interface FastifyRequest {
    /** Set by `requireUser`. */
    userId: number;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Strips an optional `Bearer ` scheme. */
export const tokenFromHeader = (header: string | undefined): string | undefined => {
  const value = header?.trim().replace(/^Bearer\s+/i, '');
  return value || undefined;
};

export async function createSession(ctx: ServerContext, db: DbOrTx, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Each login sweeps the user's dead sessions, so the table holds live ones only.
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), or(eq(sessions.revoked, true), lt(sessions.expiresAt, new Date(ctx.clock.now())))));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(ctx.clock.now() + ctx.config.sessionTtlMs),
  });
  return token;
}

/** The user of a live token, or null for a missing, unknown, expired or revoked one. */
export async function userIdFromToken(db: DbOrTx, token: string | undefined | null, now = Date.now()): Promise<number | null> {
  const bare = tokenFromHeader(token ?? undefined);
  if (!bare) return null;
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(bare)), eq(sessions.revoked, false), gt(sessions.expiresAt, new Date(now))));
  return row?.userId ?? null;
}

/** Logout: the token stops working at once, for every server process (they all read the table). */
export async function revokeToken(db: DbOrTx, token: string | undefined | null): Promise<void> {
  const bare = tokenFromHeader(token ?? undefined);
  if (bare) await db.update(sessions).set({ revoked: true }).where(eq(sessions.tokenHash, hashToken(bare)));
}

export async function revokeAllSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.update(sessions).set({ revoked: true }).where(eq(sessions.userId, userId));
}

export const sessionExpired = () => new AppError(401, 'auth.expired', 'Login status expired, please log in again');

/** preHandler for routes that need a logged-in user: sets `request.userId` or answers code 401. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const { ctx } = request.server;
  const userId = await userIdFromToken(ctx.db, request.headers.authorization, ctx.clock.now());
  if (userId === null) throw sessionExpired();
  request.userId = userId;
}
