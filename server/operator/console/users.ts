/**
 * The console's Users pages: search, one user's page with everything an operator needs to answer
 * them, and the actions on them. The actions are the command line's own (server/operator/api/users.ts),
 * done as the signed-in operator, so each is audited in its transaction under their name.
 */
import { Type } from '@sinclair/typebox';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { contractOrders, deposits, paymentMethods, sessions, userMessages, users, walletBills, wallets, withdrawals } from '../../db/schema/index.ts';
import { adjustBalance, askCode, endSessions, messageUser, searchUsers, setMask } from '../api/users.ts';
import type { AdminUser, BalanceResult } from '../api/types.ts';
import { AppError, ok } from '../../http/envelope.ts';
import { toDeposit } from '../../money/deposits.ts';
import { toWithdrawal } from '../../money/withdrawals/rows.ts';
import { recentSignIns } from '../../auth/sign-ins.ts';
import { needsTwoForBalance, needsTwoForHold, propose, type Operator } from './four-eyes.ts';
import { heldMethodOf, holdTarget, liftHold } from './holds.ts';
import { heldUntil, holdHours } from '../../money/hold.ts';
import type { ConsoleUser, Proposed } from '../../../src/shared/contract/console.ts';

/** Each list on the page shows the newest this many; the command line reads further back. */
const RECENT = 20;
const Id = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
const Text = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max, pattern: '^[^\\u0000]*$' });

export function consoleUserRoutes(app: FastifyInstance, ctx: ServerContext, actor: (request: FastifyRequest) => Operator): void {
  const usernameOf = async (id: number): Promise<string> => {
    const [row] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, id));
    if (!row) throw new AppError(404, 'user.notFound', `No user with id ${id}`, { id });
    return row.username;
  };

  app.get<{ Querystring: { q?: string } }>('/users', { schema: { querystring: Type.Object({ q: Type.Optional(Text(64, 0)) }) } }, async (request) =>
    ok<AdminUser[]>(await searchUsers(ctx, request.query.q, 50)),
  );

  app.get<{ Params: { id: number } }>('/users/:id', { schema: { params: Id } }, async (request) => {
    const id = request.params.id;
    const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
    if (!user) throw new AppError(404, 'user.notFound', `No user with id ${id}`, { id });
    const now = new Date(ctx.clock.now());
    const [wallet] = await ctx.db.select().from(wallets).where(eq(wallets.userId, id));
    const hours = await holdHours(ctx.db);
    const [bills, orders, deps, wds, methods, messages, live, logins] = await Promise.all([
      ctx.db.select().from(walletBills).where(eq(walletBills.userId, id)).orderBy(desc(walletBills.id)).limit(RECENT),
      ctx.db.select().from(contractOrders).where(eq(contractOrders.userId, id)).orderBy(desc(contractOrders.createdAt)).limit(RECENT),
      ctx.db.select().from(deposits).where(eq(deposits.userId, id)).orderBy(desc(deposits.id)).limit(RECENT),
      ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, id)).orderBy(desc(withdrawals.id)).limit(RECENT),
      ctx.db.select().from(paymentMethods).where(eq(paymentMethods.userId, id)).orderBy(desc(paymentMethods.id)),
      ctx.db.select().from(userMessages).where(eq(userMessages.userId, id)).orderBy(desc(userMessages.id)).limit(RECENT),
      ctx.db
        .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.userId, id), eq(sessions.revoked, false), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.id)),
      recentSignIns(ctx.db, [id]),
    ]);
    return ok<ConsoleUser>({
      id,
      username: user.username,
      phone: user.phone,
      email: user.email,
      realName: user.realName,
      vipLevel: user.vipLevel,
      masked: user.isOrder === false,
      createdAt: user.createdAt.getTime(),
      balance: wallet?.balance ?? '0',
      frozen: wallet?.frozen ?? '0',
      bills: bills.map((b) => ({ id: b.id, bizType: b.bizType, amount: b.amount, balanceAfter: b.balanceAfter, frozenDelta: b.frozenDelta, remark: b.remark, ref: b.ref, time: b.createdAt.getTime() })),
      orders: orders.map((o) => ({ orderNo: o.orderNo, symbol: o.symbol, direction: o.direction, amount: o.amount, status: o.status, result: o.result, payout: o.payout, time: o.createdAt.getTime() })),
      deposits: deps.map(toDeposit),
      withdrawals: wds.map(toWithdrawal),
      methods: methods.map((m) => ({ id: m.id, kind: m.kind, payee: m.payee, bankName: m.bankName, account: m.account ?? m.image, network: m.network ?? m.coin, heldUntil: heldUntil(m, hours, ctx.clock.now()) })),
      messages: messages.map((m) => ({ id: m.id, title: m.title, content: m.content, read: m.read, time: m.createdAt.getTime() })),
      sessions: live.map((x) => ({ id: x.id, createdAt: x.createdAt.getTime(), expiresAt: x.expiresAt.getTime() })),
      logins: logins.get(id)!,
    });
  });

  app.post<{ Params: { id: number }; Body: { amount: string; reason: string } }>(
    '/users/:id/balance',
    {
      schema: {
        params: Id,
        body: Type.Object({
          amount: Type.String({ pattern: '^[+-]?(?=[\\d.]*[1-9])(0|[1-9]\\d{0,11})(\\.\\d{1,8})?$', 'x-error': 'must be a signed amount such as +100 or -25.5' }),
          reason: Text(200),
        }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { amount } = request.body;
      const username = await usernameOf(id);
      const reason = request.body.reason.trim() || '-';
      if (await needsTwoForBalance(ctx, amount)) {
        return ok<Proposed>({ proposal: await propose(ctx, actor(request), { kind: 'balance', target: username, userId: id, amount: amount.replace(/^\+/, ''), action: { reason } }) });
      }
      return ok<BalanceResult>(await adjustBalance(ctx, actor(request), username, amount, reason));
    },
  );

  app.post<{ Params: { id: number }; Body: { title?: string; content: string } }>(
    '/users/:id/message',
    { schema: { params: Id, body: Type.Object({ title: Type.Optional(Text(200)), content: Text(5000) }) } },
    async (request) => ok(await messageUser(ctx, actor(request), await usernameOf(request.params.id), request.body.title, request.body.content)),
  );

  app.post<{ Params: { id: number }; Body: { on: boolean } }>('/users/:id/mask', { schema: { params: Id, body: Type.Object({ on: Type.Boolean() }) } }, async (request) =>
    ok(await setMask(ctx, actor(request), await usernameOf(request.params.id), request.body.on)),
  );

  app.post<{ Params: { id: number }; Body: { verificationType: 'sms' | 'email' } }>(
    '/users/:id/ask-code',
    { schema: { params: Id, body: Type.Object({ verificationType: Type.Union([Type.Literal('sms'), Type.Literal('email')]) }) } },
    async (request) => ok(await askCode(ctx, actor(request), await usernameOf(request.params.id), request.body.verificationType)),
  );

  app.post<{ Params: { id: number; methodId: number } }>(
    '/users/:id/methods/:methodId/lift-hold',
    { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }), methodId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }) } },
    async (request) => {
      const { id, methodId } = request.params;
      const who = actor(request);
      const username = await usernameOf(id);
      const { balance } = await heldMethodOf(ctx, id, methodId);
      if (await needsTwoForHold(ctx, balance)) {
        return ok<Proposed>({ proposal: await propose(ctx, who, { kind: 'methodHold', target: holdTarget(methodId), userId: id, amount: balance, action: {} }) });
      }
      await liftHold(ctx, who, methodId);
      return ok({ username, methodId, heldUntil: null });
    },
  );

  app.post<{ Params: { id: number }; Body: { session?: number } }>(
    '/users/:id/sessions/end',
    { schema: { params: Id, body: Type.Object({ session: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) }) } },
    async (request) => ok(await endSessions(ctx, actor(request), await usernameOf(request.params.id), request.body.session)),
  );
}
