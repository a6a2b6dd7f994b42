/** Operator actions on one user: list, adjust the balance, message, mask, ask for a code. */
import { Type } from '@sinclair/typebox';
import { and, asc, eq, gt, ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, userMessages, users, wallets } from '../../db/schema/index.ts';
import { AppError, ok } from '../../http/envelope.ts';
import { changeBalance } from '../../ledger/index.ts';
import { push } from '../../ws/push.ts';
import { audit, keyActor, type Actor } from '../../audit/log.ts';
import type { AdminUser, BalanceResult, CodeType } from './types.ts';

const Username = Type.String({ minLength: 1, maxLength: 64 });
/** Signed amount: `+100`, `-25.5`; non-zero, at most 8 decimals. */
const SignedAmount = Type.String({
  pattern: '^[+-]?(?=[\\d.]*[1-9])(0|[1-9]\\d{0,11})(\\.\\d{1,8})?$',
  'x-error': 'must be a signed amount such as +100 or -25.5',
});

async function userIdOf(db: DbOrTx, username: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new AppError(404, 'user.notFound', `No user named "${username}"`, { username });
  return row.id;
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

export const adminUserRoutes: FastifyPluginAsync<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get<{ Querystring: { search?: string; limit?: number } }>(
    '/users',
    {
      schema: {
        querystring: Type.Object({
          search: Type.Optional(Type.String({ maxLength: 64 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
        }),
      },
    },
    async (request) => ok(await searchUsers(ctx, request.query.search, request.query.limit ?? 50)),
  );

  app.post<{ Body: { username: string; amount: string; reason: string } }>(
    '/balance',
    {
      schema: {
        body: Type.Object({ username: Username, amount: SignedAmount, reason: Type.String({ minLength: 1, maxLength: 200 }) }),
      },
    },
    async (request) => {
      const { username, amount, reason } = request.body;
      const result = await adjustBalance(ctx, keyActor(request), username, amount, reason);
      request.log.info({ username, amount: result.amount, reason }, 'operator adjusted a balance');
      return ok(result);
    },
  );

  app.post<{ Body: { username: string; title?: string; content: string } }>(
    '/message',
    {
      schema: {
        body: Type.Object({
          username: Username,
          title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          content: Type.String({ minLength: 1, maxLength: 5000 }),
        }),
      },
    },
    async (request) => ok(await messageUser(ctx, keyActor(request), request.body.username, request.body.title, request.body.content)),
  );

  app.post<{ Body: { username: string; on: boolean } }>(
    '/mask',
    { schema: { body: Type.Object({ username: Username, on: Type.Boolean() }) } },
    async (request) => ok(await setMask(ctx, keyActor(request), request.body.username, request.body.on)),
  );

  app.post<{ Body: { username: string; verificationType: CodeType } }>(
    '/ask-code',
    {
      schema: {
        body: Type.Object({ username: Username, verificationType: Type.Union([Type.Literal('sms'), Type.Literal('email')]) }),
      },
    },
    async (request) => ok(await askCode(ctx, keyActor(request), request.body.username, request.body.verificationType)),
  );
};

/** Users whose name, phone or e-mail contains `search`, or whose id it is; all when empty. */
export async function searchUsers(ctx: ServerContext, search: string | undefined, limit: number): Promise<AdminUser[]> {
  const text = search?.trim();
  const pattern = text ? likePattern(text) : undefined;
  const id = text && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2147483647 ? Number(text) : undefined;
  const rows = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      phone: users.phone,
      email: users.email,
      vipLevel: users.vipLevel,
      balance: wallets.balance,
      frozen: wallets.frozen,
      isOrder: users.isOrder,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(pattern ? or(ilike(users.username, pattern), ilike(users.phone, pattern), ilike(users.email, pattern), id ? eq(users.id, id) : undefined) : undefined)
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, balance: r.balance ?? '0', frozen: r.frozen ?? '0', createdAt: r.createdAt.toISOString() }));
}

/**
 * The actions on one user, shared by the command line (the operator key) and the console (a named
 * operator): each writes its audit row in the transaction of its change.
 */
/** `inTx`: more to do in the same transaction (four eyes closes its proposal there). */
export async function adjustBalance(ctx: ServerContext, actor: Actor, username: string, signed: string, reason: string, inTx?: (tx: DbOrTx) => Promise<void>): Promise<BalanceResult> {
  const amount = signed.replace(/^\+/, '');
  const state = await ctx.db.transaction(async (tx) => {
    const userId = await userIdOf(tx, username);
    // Locked before the change, so the row on record says what the balance was just before it.
    const [was] = await tx.select({ balance: wallets.balance, frozen: wallets.frozen }).from(wallets).where(eq(wallets.userId, userId)).for('update');
    await inTx?.(tx);
    const after = await changeBalance(tx, { userId, amount, bizType: 'adjust', remark: reason, ref: 'operator' });
    const before = was ?? { balance: '0', frozen: '0' };
    await audit(tx, ctx.clock.now(), actor, 'user.balance', username, before, { balance: after.balance, frozen: after.frozen, amount, reason, billId: after.billId }, userId);
    return { userId, ...after };
  });
  await push(ctx, { userId: state.userId, code: 'balance' });
  return { username, amount, balance: state.balance, frozen: state.frozen, billId: state.billId };
}

export async function messageUser(ctx: ServerContext, actor: Actor, username: string, title: string | undefined, content: string): Promise<{ id: number; username: string }> {
  const { id, userId } = await ctx.db.transaction(async (tx) => {
    const userId = await userIdOf(tx, username);
    const [row] = await tx
      .insert(userMessages)
      .values({ userId, title: title ?? 'Message from the platform', content, createdAt: new Date(ctx.clock.now()) })
      .returning({ id: userMessages.id });
    await audit(tx, ctx.clock.now(), actor, 'user.message', username, null, { id: row!.id, title: title ?? null, content }, userId);
    return { id: row!.id, userId };
  });
  await push(ctx, { userId, code: 'mes' });
  return { id, username };
}

export async function setMask(ctx: ServerContext, actor: Actor, username: string, on: boolean): Promise<{ username: string; isOrder: boolean }> {
  // docs/rules.md#global-mask: `is_order` true is the normal state (the app emits true when the field is absent),
  // so the mask shows while it is false.
  const isOrder = !on;
  const userId = await ctx.db.transaction(async (tx) => {
    const userId = await userIdOf(tx, username);
    const [was] = await tx.select({ isOrder: users.isOrder }).from(users).where(eq(users.id, userId)).for('update');
    await tx.update(users).set({ isOrder }).where(eq(users.id, userId));
    await audit(tx, ctx.clock.now(), actor, 'user.mask', username, { isOrder: was!.isOrder }, { isOrder }, userId);
    return userId;
  });
  await push(ctx, { userId, code: 'is_order', data: { is_order: isOrder } });
  return { username, isOrder };
}

export async function askCode(ctx: ServerContext, actor: Actor, username: string, verificationType: CodeType): Promise<{ username: string; verificationType: CodeType }> {
  const userId = await ctx.db.transaction(async (tx) => {
    const userId = await userIdOf(tx, username);
    await audit(tx, ctx.clock.now(), actor, 'user.askCode', username, null, { verificationType }, userId);
    return userId;
  });
  await push(ctx, { userId, code: 'input', data: { verificationType } });
  return { username, verificationType };
}

/** Ends one of the user's sessions, or all of them: the app signs out at once on every device. */
export async function endSessions(ctx: ServerContext, actor: Actor, username: string, sessionId?: number): Promise<{ ended: number }> {
  const now = new Date(ctx.clock.now());
  const { userId, ended } = await ctx.db.transaction(async (tx) => {
    const userId = await userIdOf(tx, username);
    const live = and(eq(sessions.userId, userId), eq(sessions.revoked, false), gt(sessions.expiresAt, now), sessionId ? eq(sessions.id, sessionId) : undefined);
    const rows = await tx.update(sessions).set({ revoked: true }).where(live).returning({ id: sessions.id });
    await audit(tx, now.getTime(), actor, 'user.endSessions', username, { sessions: rows.map((r) => r.id) }, { sessions: [] }, userId);
    return { userId, ended: rows.length };
  });
  ctx.tokens?.evictUser(userId);
  return { ended };
}
