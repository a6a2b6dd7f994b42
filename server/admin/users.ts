/** Operator actions on one user: list, adjust the balance, message, mask, ask for a code. */
import { Type } from '@sinclair/typebox';
import { asc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { userMessages, users, wallets } from '../db/schema/index.ts';
import { AppError, ok } from '../http/envelope.ts';
import { changeBalance } from '../ledger/index.ts';
import { push } from '../ws/push.ts';
import type { AdminUser, BalanceResult } from './types.ts';

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
    async (request) => {
      const { search, limit = 50 } = request.query;
      const pattern = search ? likePattern(search) : undefined;
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
        .where(pattern ? or(ilike(users.username, pattern), ilike(users.phone, pattern), ilike(users.email, pattern)) : undefined)
        .orderBy(asc(users.id))
        .limit(limit);
      const list: AdminUser[] = rows.map((r) => ({
        ...r,
        balance: r.balance ?? '0',
        frozen: r.frozen ?? '0',
        createdAt: r.createdAt.toISOString(),
      }));
      return ok(list);
    },
  );

  app.post<{ Body: { username: string; amount: string; reason: string } }>(
    '/balance',
    {
      schema: {
        body: Type.Object({ username: Username, amount: SignedAmount, reason: Type.String({ minLength: 1, maxLength: 200 }) }),
      },
    },
    async (request) => {
      const { username, reason } = request.body;
      const amount = request.body.amount.replace(/^\+/, '');
      const state = await ctx.db.transaction(async (tx) => {
        const userId = await userIdOf(tx, username);
        return { userId, ...(await changeBalance(tx, { userId, amount, bizType: 'adjust', remark: reason, ref: 'operator' })) };
      });
      request.log.info({ username, amount, reason }, 'operator adjusted a balance');
      await push(ctx, { userId: state.userId, code: 'balance' });
      const result: BalanceResult = { username, amount, balance: state.balance, frozen: state.frozen, billId: state.billId };
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
    async (request) => {
      const { username, content } = request.body;
      const userId = await userIdOf(ctx.db, username);
      const [row] = await ctx.db
        .insert(userMessages)
        .values({ userId, title: request.body.title ?? 'Message from the platform', content })
        .returning({ id: userMessages.id });
      await push(ctx, { userId, code: 'mes' });
      return ok({ id: row!.id, username });
    },
  );

  app.post<{ Body: { username: string; on: boolean } }>(
    '/mask',
    { schema: { body: Type.Object({ username: Username, on: Type.Boolean() }) } },
    async (request) => {
      const { username, on } = request.body;
      const userId = await userIdOf(ctx.db, username);
      // docs/rules.md#global-mask: `is_order` true is the normal state (the app emits true when the field is absent),
      // so the mask shows while it is false.
      const isOrder = !on;
      await ctx.db.update(users).set({ isOrder }).where(eq(users.id, userId));
      await push(ctx, { userId, code: 'is_order', data: { is_order: isOrder } });
      return ok({ username, isOrder });
    },
  );

  app.post<{ Body: { username: string; verificationType: 'sms' | 'email' } }>(
    '/ask-code',
    {
      schema: {
        body: Type.Object({ username: Username, verificationType: Type.Union([Type.Literal('sms'), Type.Literal('email')]) }),
      },
    },
    async (request) => {
      const { username, verificationType } = request.body;
      const userId = await userIdOf(ctx.db, username);
      await push(ctx, { userId, code: 'input', data: { verificationType } });
      return ok({ username, verificationType });
    },
  );
};
