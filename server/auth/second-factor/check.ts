/**
 * The second factor's one check (docs/rules.md#second-factor). A route that asks for it names the
 * action in `config.secondFactor` and spends the guess limiter's `secondFactor` rule; with the
 * user's authenticator on, the request's `otp` (an authenticator code, or a recovery code once) is
 * compared only under a counted try. With it off, the check lets everything through.
 * A code is taken once: its 30-second step must be newer than the last one taken, so a code seen
 * over a shoulder cannot be replayed within its minute.
 */
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { recoveryCodes, userTotp } from '../../db/schema/index.ts';
import { AppError } from '../../http/envelope.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import type { ErrorKey } from '../../openapi/error-keys.ts';
import { guess, spendTicket, type GuessAnswers, type GuessTicket } from '../guesses.ts';
import { hashRecoveryCode } from './recovery.ts';
import { totpStep } from './totp.ts';

/** What a route asks the second factor for. */
export type FactorAction = 'signIn' | 'withdraw' | 'fundPassword' | 'bindMethod' | 'factorOff';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route asks for the second factor before this action (with the user's authenticator on). */
    secondFactor?: FactorAction;
  }
}

export const factorRequired = () => new AppError(403, 'factor.required', 'Enter the code from your authenticator app', { field: 'otp' });

export const factorAnswers: GuessAnswers = {
  wrong: (left) => new AppError(400, 'factor.wrong', `Wrong code, ${left} tries left`, { field: 'otp', left }),
  locked: (until, now) => rateLimited(Math.max(1, Math.ceil((until - now) / 1000))),
};

/** Whether the user's authenticator is on. */
export async function factorOn(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ on: userTotp.userId }).from(userTotp).where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  return !!row;
}

/** Takes an authenticator code newer than the last one taken, or an unused recovery code; false when it is neither. */
async function takeCode(db: DbOrTx, ticket: GuessTicket, userId: number, typed: string, now: number): Promise<boolean> {
  spendTicket(ticket);
  const [totp] = await db.select().from(userTotp).where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  if (!totp) return false;
  const step = totpStep(totp.secret, typed, now);
  if (step !== null) {
    const taken = await db
      .update(userTotp)
      .set({ lastStep: step })
      .where(and(eq(userTotp.userId, userId), lt(userTotp.lastStep, step)))
      .returning({ userId: userTotp.userId });
    return taken.length > 0;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(typed)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/**
 * Proves the second factor for `userId` when it is on: throws `factor.required` without a code,
 * `factor.wrong` (with the tries `left`) or `rate.limited` for a wrong or locked one.
 */
export async function proveSecondFactor(
  ctx: Pick<ServerContext, 'db' | 'clock' | 'guessed'>,
  request: Pick<FastifyRequest, 'routeOptions'>,
  userId: number,
  otp: string | undefined,
): Promise<void> {
  if (!request.routeOptions.config.secondFactor) throw new Error(`${request.routeOptions.url} asks for the second factor without naming its action in config.secondFactor`);
  if (!(await factorOn(ctx.db, userId))) return;
  const typed = otp?.trim();
  if (!typed) throw factorRequired();
  const now = ctx.clock.now();
  await guess(ctx, request, [{ rule: 'secondFactor', subject: userId }], factorAnswers, (ticket) => takeCode(ctx.db, ticket, userId, typed, now));
}

/** Recovery codes not used yet. */
export async function recoveryLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export interface FactorRoute {
  method: string;
  url: string;
  action: FactorAction;
}

const factorRoutes = new WeakMap<object, FactorRoute[]>();

/** Every route of `app` that asks for the second factor, method by method (HEAD left out). */
export const routesAskingFactor = (app: FastifyInstance): readonly FactorRoute[] => factorRoutes.get(app.server) ?? [];

const FACTOR_KEYS: readonly ErrorKey[] = ['factor.required', 'factor.wrong', 'rate.limited'];

/** Registers the route-table hook: lists the routes, and documents the refusals the factor adds to each. */
export function listFactorRoutes(app: FastifyInstance): void {
  const list = factorRoutes.get(app.server) ?? [];
  factorRoutes.set(app.server, list);
  app.addHook('onRoute', (route) => {
    const action = route.config?.secondFactor;
    if (!action) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push({ method, url: route.url, action });
    const keys: readonly ErrorKey[] = route.schema?.['x-errors'] ?? [];
    route.schema = { ...route.schema, 'x-errors': [...keys, ...FACTOR_KEYS.filter((k) => !keys.includes(k))] };
  });
}
