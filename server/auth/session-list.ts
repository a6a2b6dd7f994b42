/**
 * The caller's own sessions (docs/rules.md#devices-and-sessions): listed with the device and a
 * masked address, and ended one at a time or all but the current one. Only the owner's live
 * sessions are named: another user's id, a revoked or an expired one, is not found.
 */
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { SignedInSession } from '../../src/shared/contract.ts';
import type { ServerContext } from '../context.ts';
import { sessions } from '../db/schema/index.ts';
import { AppError } from '../http/envelope.ts';
import { hashToken, tokenFromHeader } from './session.ts';

/** An address cut to its network: `203.0.113.*`, or the first three groups of an IPv6 one. */
export function maskAddress(ip: string | null): string {
  if (!ip) return '-';
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.*`;
  if (ip.includes(':')) return ip.split(':').slice(0, 3).join(':') + ':*';
  return '-';
}

const live = (ctx: ServerContext, userId: number) =>
  and(eq(sessions.userId, userId), eq(sessions.revoked, false), gt(sessions.expiresAt, new Date(ctx.clock.now())));

export async function listSessions(ctx: ServerContext, userId: number, authorization: string | undefined): Promise<SignedInSession[]> {
  const mine = hashToken(tokenFromHeader(authorization) ?? '');
  const rows = await ctx.db.select().from(sessions).where(live(ctx, userId)).orderBy(desc(sessions.id));
  return rows.map((r) => ({
    id: r.id,
    agent: r.agent ?? '-',
    firstSeen: r.createdAt.getTime(),
    lastSeen: (r.lastSeenAt ?? r.createdAt).getTime(),
    place: maskAddress(r.ip),
    current: r.tokenHash === mine,
  }));
}

export const sessionNotFound = () => new AppError(404, 'session.notFound', 'No such signed-in session', { field: 'id' });

/** Signs one of the owner's sessions out; the revocation trigger tells every process (migration 0004). */
export async function endSession(ctx: ServerContext, userId: number, id: number): Promise<void> {
  const ended = await ctx.db
    .update(sessions)
    .set({ revoked: true })
    .where(and(eq(sessions.id, id), live(ctx, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  if (!ended.length) throw sessionNotFound();
  ctx.tokens?.evict(ended[0]!.tokenHash);
}

/** Signs out every session of the owner but the one asking. */
export async function endOtherSessions(ctx: ServerContext, userId: number, authorization: string | undefined): Promise<number> {
  const mine = hashToken(tokenFromHeader(authorization) ?? '');
  const ended = await ctx.db
    .update(sessions)
    .set({ revoked: true })
    .where(and(live(ctx, userId), ne(sessions.tokenHash, mine)))
    .returning({ tokenHash: sessions.tokenHash });
  for (const e of ended) ctx.tokens?.evict(e.tokenHash);
  return ended.length;
}
