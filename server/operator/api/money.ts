/** Operator review of deposits and withdrawals, and reading a proof image (admin API only). */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { DEPOSIT_STATUSES, WITHDRAW_STATUSES, type DepositStatus, type WithdrawStatus } from '../../../src/shared/contract.ts';
import type { ServerContext } from '../../context.ts';
import { deposits, withdrawals } from '../../db/schema/index.ts';
import { AppError, ok } from '../../http/envelope.ts';
import { OrderNo } from '../../money/common.ts';
import { toDeposit } from '../../money/deposits.ts';
import { newestWithOwner } from '../../money/records.ts';
import { moveWithdrawal, reviewDeposit } from '../../money/review.ts';
import { toWithdrawal } from '../../money/withdrawals/rows.ts';
import { storageOf } from '../../uploads/routes.ts';
import { STORED_NAME } from '../../uploads/storage.ts';
import { audit, keyActor } from '../../audit/log.ts';
import type { AdminDeposit, AdminWithdrawal } from './types.ts';

const Reason = Type.Optional(Type.String({ maxLength: 500, pattern: '^[^\\u0000]*$' }));
const ListQuery = (statuses: readonly string[]) =>
  Type.Object({
    status: Type.Optional(Type.String({ enum: [...statuses], 'x-error': `must be one of ${statuses.join(', ')}` })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  });

export const adminMoneyRoutes: FastifyPluginAsync<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get<{ Querystring: { status?: DepositStatus; limit?: number } }>('/deposits', { schema: { querystring: ListQuery(DEPOSIT_STATUSES) } }, async (request) => {
    const rows = await newestWithOwner(ctx.db, deposits, request.query);
    return ok<AdminDeposit[]>(rows.map((r) => ({ ...toDeposit(r.row), username: r.username, proofFile: r.row.proofImage })));
  });

  app.post<{ Params: { orderNo: string; decision: 'approve' | 'reject' }; Body: { reason?: string } }>(
    '/deposits/:orderNo/:decision',
    {
      schema: {
        params: Type.Object({ orderNo: OrderNo, decision: Type.String({ enum: ['approve', 'reject'] }) }),
        body: Type.Object({ reason: Reason }),
      },
    },
    async (request) => {
      const { orderNo, decision } = request.params;
      const kind = decision === 'approve' ? 'deposit.approve' : 'deposit.reject';
      return ok(await reviewDeposit(ctx, orderNo, decision, request.body.reason, (tx, before, after, userId) => audit(tx, ctx.clock.now(), keyActor(request), kind, orderNo, before, after, userId)));
    },
  );

  app.get<{ Querystring: { status?: WithdrawStatus; limit?: number } }>('/withdrawals', { schema: { querystring: ListQuery(WITHDRAW_STATUSES) } }, async (request) => {
    const rows = await newestWithOwner(ctx.db, withdrawals, request.query);
    return ok<AdminWithdrawal[]>(rows.map((r) => ({ ...toWithdrawal(r.row), username: r.username })));
  });

  app.post<{ Params: { orderNo: string }; Body: { status: WithdrawStatus; reason?: string } }>(
    '/withdrawals/:orderNo',
    {
      schema: {
        params: Type.Object({ orderNo: OrderNo }),
        body: Type.Object({ status: Type.String({ enum: [...WITHDRAW_STATUSES], 'x-error': `must be one of ${WITHDRAW_STATUSES.join(', ')}` }), reason: Reason }),
      },
    },
    async (request) => {
      const { orderNo } = request.params;
      return ok(
        await moveWithdrawal(ctx, orderNo, request.body.status, request.body.reason, (tx, before, after, userId) =>
          audit(tx, ctx.clock.now(), keyActor(request), 'withdrawal.move', orderNo, before, after, userId),
        ),
      );
    },
  );

  // The operator reads a proof of payment (or any upload) by its stored name.
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    const file = STORED_NAME.test(name) ? await storageOf(ctx).get(name) : null;
    if (!file) throw new AppError(404, 'http.notFound', 'No such upload');
    return reply.type(file.type).header('content-length', file.size).send(file.stream);
  });
};
