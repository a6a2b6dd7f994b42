/**
 * The console's API under `/console/api` on the admin listener. Every route but sign-in needs a
 * named operator's session; the shared operator key opens nothing here. Reviews go through the
 * same money functions as the command line, with the audit row in their transaction.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { WITHDRAW_STATUSES, type WithdrawStatus } from '../../../src/shared/contract.ts';
import type { ServerContext } from '../../context.ts';
import { getConfig } from '../../content/config.ts';
import { AppError, ok } from '../../http/envelope.ts';
import { OrderNo } from '../../money/common.ts';
import { depositWithHistory, waitingCounts, waitingDeposits, waitingWithdrawals } from '../../money/queues.ts';
import { moveWithdrawal, reviewDeposit, WITHDRAW_MOVES } from '../../money/review.ts';
import { storageOf } from '../../uploads/routes.ts';
import { STORED_NAME } from '../../uploads/storage.ts';
import { REVIEW_REASON_KEYS, WITHDRAW_REASON_KEYS, type ReviewReasonKey, type WithdrawReasonKey } from '../../../src/shared/review-reasons.ts';
import { announceQueue } from '../../bus/queues.ts';
import { recentSignIns } from '../../auth/sign-ins.ts';
import { audit, readAudit } from '../../audit/log.ts';
import { heldMethods } from './holds.ts';
import { claim, forget, holders, itemOf, release, type QueueName } from './claims.ts';
import { consoleEvents } from './events.ts';
import { consoleUserRoutes } from './users.ts';
import { consoleContentRoutes } from './content.ts';
import { consoleSettingRoutes } from './settings.ts';
import { consoleMarketRoutes } from './market.ts';
import { checkRole, needOf, requireRoleForEveryRoute } from './roles.ts';
import { decide, fourEyesAbove, needsTwoForWithdrawal, openWithdrawalProposals, propose, readProposals, supersede, type Operator } from './four-eyes.ts';
import { listOperators, OPERATOR_NAME, setRoles } from './accounts.ts';
import { actorOf, sessionCookie, signIn, signOut, SESSION_MS, tokenFrom } from './session.ts';
import type { AuditRow, Claim, ConsoleMe, OperatorRow, Proposal, Proposed, DepositReview, QueueCounts, QueuedDeposit, QueuedWithdrawal } from '../../../src/shared/contract/console.ts';

const QUEUE_LIMIT = 100;
/** A withdrawal shows its user's newest sign-ins; the user's page shows all that are kept. */
const LOGINS_SHOWN = 5;
/** A deposit under review shows this many of the same user's earlier deposits. */
const PREVIOUS_SHOWN = 20;
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

  app.get('/queues', async () => ok<QueueCounts>(await waitingCounts(ctx.db)));

  app.get('/deposits', async (request) => {
    const rows = await waitingDeposits(ctx.db, QUEUE_LIMIT);
    const held = await holders(ctx, rows.map((r) => itemOf('deposit', r.deposit.orderNo)), actor(request));
    return ok<QueuedDeposit[]>(rows.map(({ deposit, ...r }) => ({ ...deposit, ...r, heldBy: held.get(itemOf('deposit', deposit.orderNo)) ?? null })));
  });

  app.get<{ Params: { orderNo: string } }>('/deposits/:orderNo', { schema: { params: Type.Object({ orderNo: OrderNo }) } }, async (request) => {
    const found = await depositWithHistory(ctx.db, request.params.orderNo, PREVIOUS_SHOWN);
    if (!found) throw new AppError(404, 'deposit.notFound', 'No such deposit');
    const { deposit, previous, ...r } = found;
    return ok<DepositReview>({ deposit: { ...deposit, ...r, heldBy: null }, previous });
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
    const rows = await waitingWithdrawals(ctx.db, QUEUE_LIMIT);
    const orderNos = rows.map((r) => r.withdrawal.orderNo);
    const held = await holders(ctx, orderNos.map((o) => itemOf('withdrawal', o)), actor(request));
    const logins = await recentSignIns(ctx.db, rows.map((r) => r.userId), LOGINS_SHOWN);
    const proposed = await openWithdrawalProposals(ctx.db, orderNos);
    const holds = await heldMethods(ctx, rows.map((r) => r.userId));
    return ok<QueuedWithdrawal[]>(
      rows.map(({ withdrawal: w, ...r }) => ({
        ...w,
        ...r,
        moves: WITHDRAW_MOVES[w.status],
        logins: logins.get(r.userId)!,
        heldMethods: holds.get(r.userId)!,
        heldBy: held.get(itemOf('withdrawal', w.orderNo)) ?? null,
        proposal: proposed.get(w.orderNo) ?? null,
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
      return ok<AuditRow[]>(await readAudit(ctx.db, { operator: operator || undefined, user: user?.trim() || undefined, kind: kind || undefined, beforeId: before, limit: 100 }));
    },
  );
};

async function meOf(ctx: ServerContext, who: Operator): Promise<ConsoleMe> {
  return { name: who.name, roles: [...who.roles], currency: await getConfig(ctx.db, 'moneySymbol'), fourEyesAbove: await fourEyesAbove(ctx.db) };
}
