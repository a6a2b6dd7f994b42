/**
 * The record of each sign-in, for the operator's console (a withdrawal's review, a user's page):
 * when, from which address, on which browser and how. Only the newest `SIGN_INS_KEPT` of a user are
 * kept, pruned in the transaction that writes a new one. The address is personal data: no user or
 * public route answers with it.
 */
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { signIns, users } from '../db/schema/index.ts';
import { requestLanguages } from '../content/lang.ts';
import { queueNotice } from '../delivery/outbox.ts';
import { languageOf } from '../delivery/texts.ts';
import type { SignIn } from '../../src/shared/contract/console.ts';
import { shortAgent } from './agent.ts';
import { appLink } from '../delivery/app-link.ts';
import { rememberDevice } from './devices.ts';

/** The app's list of the account's sessions, where a sign-in notice points. */
export const DEVICES_PATH = '/devices';

export const SIGN_INS_KEPT = 20;

export type SignInHow = SignIn['how'];

/** Where a sign-in came from: `request.ip` is the client's address after the trusted-proxy setting. */
export interface SignInFrom {
  ip: string;
  userAgent: string | undefined;
  how: SignInHow;
  /** The app language of the signing-in request: the account's notices are written in it from now on. */
  lang?: string;
  /** The browser's device id (devices.ts): the account remembers it with the sign-in. */
  deviceId: string;
}

export const signInFrom = (request: FastifyRequest, how: SignInHow, deviceId: string): SignInFrom => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  how,
  lang: languageOf(requestLanguages(request)),
  deviceId,
});

/** Writes one sign-in and drops the user's older ones past the newest `SIGN_INS_KEPT`; call it in the sign-in's transaction. */
export async function recordSignIn(ctx: ServerContext, tx: DbOrTx, userId: number, from: SignInFrom): Promise<void> {
  const at = new Date(ctx.clock.now());
  const agent = shortAgent(from.userAgent);
  await tx.insert(signIns).values({ userId, at, ip: from.ip.slice(0, 64), agent, how: from.how });
  const newDevice = await rememberDevice(tx, userId, from.deviceId, from.userAgent, at.getTime());
  if (from.lang) await tx.update(users).set({ lang: from.lang }).where(eq(users.id, userId));
  // A new account's first sign-in is its owner registering, and a known device is its owner again: nothing to warn about.
  if (newDevice && from.how !== 'register') {
    await queueNotice(ctx, tx, userId, 'signIn', { agent, time: at.toISOString().slice(0, 16).replace('T', ' '), link: await appLink(tx, DEVICES_PATH) });
  }
  const [edge] = await tx
    .select({ id: signIns.id })
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.id))
    .offset(SIGN_INS_KEPT - 1)
    .limit(1);
  if (edge) await tx.delete(signIns).where(and(eq(signIns.userId, userId), lt(signIns.id, edge.id)));
}

/** The newest sign-ins of each user, at most `limit` each, newest first. */
export async function recentSignIns(db: DbOrTx, userIds: number[], limit = SIGN_INS_KEPT): Promise<Map<number, SignIn[]>> {
  const byUser = new Map<number, SignIn[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return byUser;
  const rows = await db
    .select({ userId: signIns.userId, at: signIns.at, ip: signIns.ip, agent: signIns.agent, how: signIns.how })
    .from(signIns)
    .where(inArray(signIns.userId, [...new Set(userIds)]))
    .orderBy(signIns.userId, desc(signIns.id));
  for (const r of rows) {
    const list = byUser.get(r.userId)!;
    if (list.length < limit) list.push({ at: r.at.getTime(), ip: r.ip, agent: r.agent, how: r.how });
  }
  return byUser;
}
