/**
 * Passkeys (WebAuthn) through `@simplewebauthn/server`: the relying party is the host the app is
 * served from, so a response signed for another origin or host is refused; each challenge is
 * taken once, within five minutes; a signature counter that does not rise is refused (a cloned
 * authenticator), except from authenticators that keep none (always 0).
 */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { passkeyChallenges } from '../../db/schema/index.ts';
import { AppError } from '../../http/envelope.ts';

export const CHALLENGE_MS = 5 * 60_000;

/** The relying party of a request: the origin the browser was on, and its host name. */
export function relyingParty(request: Pick<FastifyRequest, 'protocol' | 'host' | 'hostname'>): { origin: string; rpID: string } {
  return { origin: `${request.protocol}://${request.host}`, rpID: request.hostname };
}

export const passkeyRefused = () => new AppError(400, 'passkey.refused', 'This passkey could not be verified');

/** Keeps a challenge handed out for `kind` (and, registering, for `userId`). */
export async function keepChallenge(ctx: Pick<ServerContext, 'db' | 'clock'>, challenge: string, kind: 'register' | 'signIn', userId: number | null): Promise<void> {
  await ctx.db.insert(passkeyChallenges).values({ challenge, kind, userId, expiresAt: new Date(ctx.clock.now() + CHALLENGE_MS) });
}

/** Takes a challenge once: true when it was handed out for `kind` (and `userId`) and has not expired. */
export async function takeChallenge(ctx: Pick<ServerContext, 'db' | 'clock'>, challenge: string, kind: 'register' | 'signIn', userId: number | null): Promise<boolean> {
  const taken = await ctx.db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.kind, kind), gt(passkeyChallenges.expiresAt, new Date(ctx.clock.now()))))
    .returning({ userId: passkeyChallenges.userId });
  return taken.length > 0 && (kind === 'signIn' || taken[0]!.userId === userId);
}

/** The challenge a response signed: read from its client data, checked by the library afterwards. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}
