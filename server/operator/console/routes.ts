/**
 * The console's API under `/console/api` on the admin listener. Every route but sign-in needs a
 * named operator's session; the shared operator key opens nothing here. Reviews go through the
 * same money functions as the command line, with the audit row in their transaction.
 */
import { Type } from '@sinclair/typebox';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { WITHDRAW_STATUSES, type WithdrawStatus } from '../../../src/shared/contract.ts';
import type { ServerContext } from '../../context.ts';
import { CONFIG_DEFAULTS } from '../../../src/shared/config-keys.ts';
import { config, deposits, users, wallets, withdrawals } from '../../db/schema/index.ts';
import { AppError, ok } from '../../http/envelope.ts';
import { OrderNo } from '../../money/common.ts';
import { toDeposit } from '../../money/deposits.ts';
import { moveWithdrawal, reviewDeposit, WITHDRAW_MOVES } from '../../money/review.ts';
import { toWithdrawal } from '../../money/withdrawals/rows.ts';
import { storageOf } from '../../uploads/routes.ts';
import { STORED_NAME } from '../../uploads/storage.ts';
import { REVIEW_REASON_KEYS, WITHDRAW_REASON_KEYS, type ReviewReasonKey, type WithdrawReasonKey } from '../../../src/shared/review-reasons.ts';
import { announceQueue } from '../../bus/queues.ts';
import { recentSignIns } from '../../auth/sign-ins.ts';
import { audit, readAudit } from '../../audit/log.ts';
import { claim, forget, holders, itemOf, release, type QueueName } from './claims.ts';
import { consoleEvents } from './events.ts';
import { consoleUserRoutes } from './users.ts';
import { consoleContentRoutes } from './content.ts';
import { consoleSettingRoutes } from './settings.ts';
import { consoleMarketRoutes } from './market.ts';
import { checkRole, needOf, requireRoleForEveryRoute } from './roles.ts';
import { decide, fourEyesAbove, needsTwoForWithdrawal, propose, readProposals, supersede, type Operator } from './four-eyes.ts';
import { listOperators, OPERATOR_NAME, setRoles } from './accounts.ts';
import { actorOf, sessionCookie, signIn, signOut, SESSION_MS, tokenFrom } from './session.ts';
import type { AuditRow, Claim, ConsoleMe, OperatorRow, Proposal, Proposed, DepositReview, QueueCounts, QueuedDeposit, QueuedWithdrawal } from '../../../src/shared/contract/console.ts';

/** Withdrawals still waiting for an operator: not yet in a final status. */
const OPEN_WITHDRAWALS = WITHDRAW_STATUSES.filter((s) => WITHDRAW_MOVES[s].length > 0);
const QUEUE_LIMIT = 100;
/** A withdrawal shows its user's newest sign-ins; the user's page shows all that are kept. */
const LOGINS_SHOWN = 5;
/** Every console call that changes something carries it: a cross-site form cannot set a header. */
export const CONSOLE_HEADER = 'x-console';

const Reason = Type.Optional(Type.String({ maxLength: 500, pattern: '^[^\\u0000]*$' }));
const noSession = () => new AppError(401, 'console.session', 'Please sign in to the console');

export const consoleApiRoutes: FastifyPluginAsync<{ ctx: ServerContext }> = async (app, { ctx }) => {
  const actors = new WeakMap<FastifyRequest, Operator>();
  const actor = (request: FastifyRequest): Operator => actors.get(request)!;
  requireRoleForEveryRoute(app);

  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.headers[CONSOLE_HEADER] !== '1') {
      throw new AppError(403, 'console.header', `Console calls carry the ${CONSOLE_HEADER} header`);
    }
    // An unknown address answers 404 as before; only a listed route has a role to check.
    if (!request.routeOptions.url) return;
    const need = needOf(request.method, request.routeOptions.url, app.prefix);
    if (need === 'public') return;
    const who = await actorOf(ctx, tokenFrom(request.headers.cookie));
    if (!who) throw noSession();
    checkRole(who.roles, need);
    actors.set(request, who);
  });

  app.post<{ Body: { name: string; password: string; code: string } }>(
    '/sign-in',
    {
      config: { guesses: ['consoleAddress', 'consoleName'] },
      schema: {
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[^\\u0000]*$' }),
          password: Type.String({ minLength: 1, maxLength: 512, pattern: '^[^\\u0000]*$' }),
          code: Type.String({ maxLength: 16 }),
        }),
      },
    },
    async (request, reply) => {
      const { name, password, code } = request.body;
      const session = await signIn(ctx, request, { name, password, code: code.replace(/\s/g, ''), ip: request.ip });
      reply.header('set-cookie', sessionCookie(session.token, SESSION_MS / 1000, request.protocol === 'https'));
      return ok<ConsoleMe>(await meOf(ctx, session.actor));
    },
  );

  app.post('/sign-out', async (request, reply) => {
    await signOut(ctx, tokenFrom(request.headers.cookie)!, actor(request));
    reply.header('set-cookie', sessionCookie('', 0, request.protocol === 'https'));
    return ok(null);
  });

  app.get('/me', async (request) => ok<ConsoleMe>(await meOf(ctx, actor(request))));

  app.get('/queues', async () => {
    const [d] = await ctx.db.select({ n: count() }).from(deposits).where(eq(deposits.status, 'submitted'));
    const [w] = await ctx.db.select({ n: count() }).from(withdrawals).where(inArray(withdrawals.status, OPEN_WITHDRAWALS));
    return ok<QueueCounts>({ deposits: d!.n, withdrawals: w!.n });
  });

  app.get('/deposits', async (request) => {
    const rows = await ctx.db
      .select({ d: deposits, username: users.username })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .where(eq(deposits.status, 'submitted'))
      .orderBy(asc(deposits.createdAt), asc(deposits.id))
      .limit(QUEUE_LIMIT);
    const held = await holders(ctx, rows.map((r) => itemOf('deposit', r.d.orderNo)), actor(request));
    return ok<QueuedDeposit[]>(
      rows.map((r) => ({ ...toDeposit(r.d), username: r.username, userId: r.d.userId, proofFile: r.d.proofImage, heldBy: held.get(itemOf('deposit', r.d.orderNo)) ?? null })),
    );
  });

  app.get<{ Params: { orderNo: string } }>('/deposits/:orderNo', { schema: { params: Type.Object({ orderNo: OrderNo }) } }, async (request) => {
    const [row] = await ctx.db
      .select({ d: deposits, username: users.username })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .where(eq(deposits.orderNo, request.params.orderNo));
    if (!row) throw new AppError(404, 'deposit.notFound', 'No such deposit');
    const previous = await ctx.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, row.d.userId), ne(deposits.id, row.d.id)))
      .orderBy(desc(deposits.createdAt))
      .limit(20);
    return ok<DepositReview>({
      deposit: { ...toDeposit(row.d), username: row.username, userId: row.d.userId, proofFile: row.d.proofImage, heldBy: null },
      previous: previous.map(toDeposit),
    });
  });

  app.post<{ Params: { orderNo: string; decision: 'approve' | 'reject' }; Body: { reason?: string; reasonKey?: ReviewReasonKey } }>(
    '/deposits/:orderNo/:decision',
    {
      schema: {
        params: Type.Object({ orderNo: OrderNo, decision: Type.String({ enum: ['approve', 'reject'] }) }),
        // A listed reason goes by its key, so the user reads it in their own language.
        body: Type.Object({ reason: Reason, reasonKey: Type.Optional(Type.String({ enum: REVIEW_REASON_KEYS, 'x-error': `must be one of ${REVIEW_REASON_KEYS.join(', ')}` })) }),
      },
    },
    async (request) => {
      const { orderNo, decision } = request.params;
      const { reason, reasonKey } = request.body;
      const who = actor(request);
      const deposit = await reviewDeposit(ctx, orderNo, decision, reasonKey ? { key: reasonKey } : reason, (tx, before, after, userId) =>
        audit(tx, ctx.clock.now(), who, decision === 'approve' ? 'deposit.approve' : 'deposit.reject', orderNo, before, after, userId),
      );
      await forget(ctx, itemOf('deposit', orderNo));
      return ok(deposit);
    },
  );

  app.get('/withdrawals', async (request) => {
    const rows = await ctx.db
      .select({ w: withdrawals, username: users.username, balance: wallets.balance, frozen: wallets.frozen })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .innerJoin(wallets, eq(wallets.userId, withdrawals.userId))
      .where(inArray(withdrawals.status, OPEN_WITHDRAWALS))
      .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
      .limit(QUEUE_LIMIT);
    const held = await holders(ctx, rows.map((r) => itemOf('withdrawal', r.w.orderNo)), actor(request));
    const logins = await recentSignIns(ctx.db, rows.map((r) => r.w.userId), LOGINS_SHOWN);
    return ok<QueuedWithdrawal[]>(
      rows.map((r) => ({
        ...toWithdrawal(r.w),
        username: r.username,
        userId: r.w.userId,
        balance: r.balance,
        frozen: r.frozen,
        moves: WITHDRAW_MOVES[r.w.status],
        logins: logins.get(r.w.userId)!,
        heldBy: held.get(itemOf('withdrawal', r.w.orderNo)) ?? null,
      })),
    );
  });

  app.post<{ Params: { orderNo: string }; Body: { status: WithdrawStatus; reason?: string; reasonKey?: WithdrawReasonKey } }>(
    '/withdrawals/:orderNo',
    {
      schema: {
        params: Type.Object({ orderNo: OrderNo }),
        body: Type.Object({
          status: Type.String({ enum: [...WITHDRAW_STATUSES], 'x-error': `must be one of ${WITHDRAW_STATUSES.join(', ')}` }),
          reason: Reason,
          reasonKey: Type.Optional(Type.String({ enum: WITHDRAW_REASON_KEYS, 'x-error': `must be one of ${WITHDRAW_REASON_KEYS.join(', ')}` })),
        }),
      },
    },
    async (request) => {
      const { orderNo } = request.params;
      const { status, reason, reasonKey } = request.body;
      const who = actor(request);
      const over = await needsTwoForWithdrawal(ctx, orderNo, status);
      if (over) {
        const action = { status, ...(reasonKey ? { reasonKey } : reason?.trim() ? { reason: reason.trim() } : {}) };
        const proposal = await propose(ctx, who, { kind: 'withdrawal', target: orderNo, userId: over.userId, amount: over.amount, action });
        await announceQueue(ctx, { queue: 'withdrawal', orderNo, change: 'claimed' });
        return ok<Proposed>({ proposal });
      }
      const w = await moveWithdrawal(ctx, orderNo, status, reasonKey ? { key: reasonKey } : reason, async (tx, before, after, userId) => {
        await audit(tx, ctx.clock.now(), who, 'withdrawal.move', orderNo, before, after, userId);
        await supersede(tx, orderNo, who, ctx.clock.now());
      });
      if (!WITHDRAW_MOVES[w.status].length) await forget(ctx, itemOf('withdrawal', orderNo));
      return ok(w);
    },
  );

  const ClaimParams = Type.Object({ queue: Type.String({ enum: ['deposit', 'withdrawal'] }), orderNo: OrderNo });
  // Opening an item claims it (renewed while open); letting go frees it for the others at once.
  app.post<{ Params: { queue: QueueName; orderNo: string } }>('/claims/:queue/:orderNo', { schema: { params: ClaimParams } }, async (request) => {
    const { queue, orderNo } = request.params;
    const taken = await claim(ctx, itemOf(queue, orderNo), actor(request));
    if (taken.changed) await announceQueue(ctx, { queue, orderNo, change: 'claimed' });
    return ok<Claim>({ heldBy: taken.holder });
  });

  app.post<{ Params: { queue: QueueName; orderNo: string } }>('/claims/:queue/:orderNo/release', { schema: { params: ClaimParams } }, async (request) => {
    const { queue, orderNo } = request.params;
    if (await release(ctx, itemOf(queue, orderNo), actor(request))) await announceQueue(ctx, { queue, orderNo, change: 'claimed' });
    return ok(null);
  });

  app.get('/proposals', async () => ok<Proposal[]>(await readProposals(ctx)));

  app.post<{ Params: { id: number; decision: 'approve' | 'reject' | 'withdraw' } }>(
    '/proposals/:id/:decision',
    { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }), decision: Type.String({ enum: ['approve', 'reject', 'withdraw'] }) }) } },
    async (request) => {
      const p = await decide(ctx, actor(request), request.params.id, request.params.decision);
      if (p.kind === 'withdrawal') {
        await forget(ctx, itemOf('withdrawal', p.target));
        await announceQueue(ctx, { queue: 'withdrawal', orderNo: p.target, change: 'claimed' });
      }
      return ok<Proposal>(p);
    },
  );

  app.get('/operators', async () => ok<OperatorRow[]>((await listOperators(ctx)).map((o) => ({ name: o.name, roles: o.roles }))));

  app.post<{ Params: { name: string }; Body: { roles: string[] } }>(
    '/operators/:name/roles',
    { schema: { params: Type.Object({ name: Type.String({ pattern: OPERATOR_NAME }) }), body: Type.Object({ roles: Type.Array(Type.String({ maxLength: 32 }), { maxItems: 8 }) }) } },
    async (request) => ok<OperatorRow>({ name: request.params.name, roles: await setRoles(ctx, request.params.name, request.body.roles, actor(request)) }),
  );

  consoleEvents(app, ctx);
  consoleUserRoutes(app, ctx, actor);
  consoleContentRoutes(app, ctx, actor);
  consoleSettingRoutes(app, ctx, actor);
  consoleMarketRoutes(app, ctx, actor);

  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    const file = STORED_NAME.test(name) ? await storageOf(ctx).get(name) : null;
    if (!file) throw new AppError(404, 'http.notFound', 'No such upload');
    return reply.type(file.type).header('content-length', file.size).header('cache-control', 'private, max-age=3600').send(file.stream);
  });

  app.get<{ Querystring: { operator?: string; user?: string; kind?: string; before?: number } }>(
    '/audit',
    {
      schema: {
        querystring: Type.Object({
          operator: Type.Optional(Type.String({ maxLength: 64, pattern: '^[^\\u0000]*$' })),
          user: Type.Optional(Type.String({ maxLength: 64, pattern: '^[^\\u0000]*$' })),
          kind: Type.Optional(Type.String({ maxLength: 64, pattern: '^[^\\u0000]*$' })),
          before: Type.Optional(Type.Integer({ minimum: 1 })),
        }),
      },
    },
    async (request) => {
      const { operator, user, kind, before } = request.query;
      const userId = user ? await userIdOf(ctx, user) : undefined;
      return ok<AuditRow[]>(await readAudit(ctx.db, { operator: operator || undefined, userId, kind: kind || undefined, beforeId: before, limit: 100 }));
    },
  );
};

async function meOf(ctx: ServerContext, who: Operator): Promise<ConsoleMe> {
  const [symbol] = await ctx.db.select({ value: config.value }).from(config).where(eq(config.key, 'moneySymbol'));
  return { name: who.name, roles: [...who.roles], currency: symbol?.value ?? CONFIG_DEFAULTS.moneySymbol, fourEyesAbove: await fourEyesAbove(ctx.db) };
}

/** A user by name, else by id (a name may be all digits, a phone number); an unknown one matches nothing (-1 is no user's id). */
async function userIdOf(ctx: ServerContext, user: string): Promise<number> {
  const trimmed = user.trim();
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, trimmed));
  if (row) return row.id;
  return /^[1-9]\d{0,9}$/.test(trimmed) && Number(trimmed) <= 2147483647 ? Number(trimmed) : -1;
}
