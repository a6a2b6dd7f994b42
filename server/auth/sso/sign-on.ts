/**
 * A partner's user signs on with the partner's token: the token is checked, its id taken once,
 * the user found or created (first sign-on), and a session opened, all in one transaction, so a
 * token sent twice at once opens one session and a refusal leaves the token unused.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { ServerContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { partnerUsers, ssoUsedTokens, users, wallets } from '../../db/schema/index.ts';
import { partnerById } from '../../partners/store.ts';
import { newInviteCode } from '../invite.ts';
import { createSession } from '../session.ts';
import type { SignInFrom } from '../sign-ins.ts';
import { checkClaims, checkSignature, issuerOf, parseToken, ssoError, type Claims } from './token.ts';

/** Not a scrypt hash: no password ever matches it, so the account opens through its partner only. */
export const NO_PASSWORD = '!sso';

/**
 * The username a partner's user is given when it is free: the dash keeps it out of the names people
 * register. Two pairs can want one name (partner `a-b` with `c-d` and `a-b-c` with `d`; a long
 * subject's hash and a subject equal to it): see `userFor`.
 */
export function usernameFor(partnerId: string, subject: string): string {
  const plain = /^[A-Za-z0-9_.-]{1,40}$/.test(subject) ? subject : createHash('sha256').update(subject).digest('hex').slice(0, 20);
  return `${partnerId}-${plain}`;
}

async function userFor(db: DbOrTx, ctx: ServerContext, claims: Claims): Promise<{ userId: number; created: boolean }> {
  // Two first sign-ons of one user at once (two tokens) wait for each other here and make one account.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sso\n${claims.iss}\n${claims.sub}`}))`);
  const [link] = await db
    .select({ userId: partnerUsers.userId })
    .from(partnerUsers)
    .where(and(eq(partnerUsers.partnerId, claims.iss), eq(partnerUsers.subject, claims.sub)));
  if (link) return { userId: link.userId, created: false };
  const [named] = await db
    .insert(users)
    .values({ username: usernameFor(claims.iss, claims.sub), passwordHash: NO_PASSWORD, inviteCode: newInviteCode() })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  // The account is the (partner, subject) link, never its name: a name another pair already has
  // becomes `<partner>~<user id>`, which no subject, hash or registered name can spell.
  const user = named ?? (await numbered(db, claims.iss));
  await db.insert(wallets).values({ userId: user.id });
  await db.insert(partnerUsers).values({ partnerId: claims.iss, subject: claims.sub, userId: user!.id, createdAt: new Date(ctx.clock.now()) });
  return { userId: user!.id, created: true };
}

async function numbered(db: DbOrTx, partnerId: string): Promise<{ id: number }> {
  const [user] = await db
    .insert(users)
    .values({ username: `~${randomUUID()}`, passwordHash: NO_PASSWORD, inviteCode: newInviteCode() })
    .returning({ id: users.id });
  await db.update(users).set({ username: `${partnerId}~${user!.id}` }).where(eq(users.id, user!.id));
  return user!;
}

export interface SignedOn {
  token: string;
  userId: number;
  partnerId: string;
  created: boolean;
}

export async function signOn(ctx: ServerContext, token: string, from: SignInFrom): Promise<SignedOn> {
  const parsed = parseToken(token);
  const partner = await partnerById(ctx, issuerOf(parsed));
  if (!partner) throw ssoError.partner();
  if (partner.removed) throw ssoError.partnerRemoved();
  await checkSignature(parsed, partner.alg, partner.key);
  const now = ctx.clock.now();
  const claims = checkClaims(parsed, now);
  const result = await ctx.db.transaction(async (tx) => {
    const [taken] = await tx
      .insert(ssoUsedTokens)
      .values({ partnerId: claims.iss, jti: claims.jti, expiresAt: new Date(claims.exp) })
      .onConflictDoNothing()
      .returning({ jti: ssoUsedTokens.jti });
    if (!taken) throw ssoError.replayed();
    const { userId, created } = await userFor(tx, ctx, claims);
    return { token: await createSession(ctx, tx, userId, from), userId, partnerId: partner.id, created };
  });
  // A used id matters only while its token could still be accepted (exp plus the skew).
  if (Math.random() < 0.05) await ctx.db.delete(ssoUsedTokens).where(lt(ssoUsedTokens.expiresAt, new Date(now - 10 * 60_000)));
  return result;
}
