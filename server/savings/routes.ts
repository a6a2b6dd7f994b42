/**
 * Savings endpoints of docs/rules.md#savings: `openProfit` moves money, `yesterdayProfit` and `profitList`
 * report; `savingsDetails` lists the moves beside the interest, which the details screen shows.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FeaturePlugin } from '../context.ts';
import { SavingsAnswer, SavingsDetailsAnswer, SavingsIncomeAnswer } from './answers.ts';
import { ok } from '../http/envelope.ts';
import { idempotent } from '../http/idempotency.ts';
import { Amount, pageOf, Paging } from '../http/schemas.ts';
import { push } from '../ws/push.ts';
import { detailList, incomeList, summary, transfer } from './service.ts';

const TransferBody = Type.Object({
  direction: Type.Unsafe<'in' | 'out'>({ type: 'string', enum: ['in', 'out'], 'x-error': 'must be in or out' }),
  amount: Amount,
});
const ListQuery = Type.Object(Paging);

export const savingsRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.post<{ Body: Static<typeof TransferBody> }>(
    '/h5/user/openProfit',
    {
      config: { auth: true, idempotency: 'savings.move' },
      schema: { 'x-errors': ['savings.insufficient', 'balance.insufficient'], tags: ['savings'], summary: 'Move money between the wallet and savings; a retry with the same Idempotency-Key moves once', body: TransferBody, response: SavingsAnswer },
    },
    async (request) => {
      const { direction, amount } = request.body;
      const answer = await idempotent(ctx, request, async (tx) => {
        await transfer(tx, ctx.clock, request.userId, direction, amount);
        return ok(await summary(tx, ctx.clock, request.userId), direction === 'in' ? 'Moved to savings' : 'Moved from savings to your balance');
      });
      await push(ctx, { userId: request.userId, code: 'balance' });
      return answer;
    },
  );

  app.get('/h5/user/yesterdayProfit', { config: { auth: true }, schema: { tags: ['savings'], summary: 'Savings balance and income figures', response: SavingsAnswer } }, async (request) =>
    ok(await summary(ctx.db, ctx.clock, request.userId)),
  );

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/h5/user/profitList',
    { config: { auth: true }, schema: { tags: ['savings'], summary: 'Savings income per day, newest first', querystring: ListQuery, response: SavingsIncomeAnswer } },
    async (request) => ok(await incomeList(ctx, request.userId, pageOf(request.query).pageNum, pageOf(request.query).pageSize)),
  );

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/h5/user/savingsDetails',
    { config: { auth: true }, schema: { tags: ['savings'], summary: 'Moves into and out of savings and the daily interest, newest first', querystring: ListQuery, response: SavingsDetailsAnswer } },
    async (request) => ok(await detailList(ctx, request.userId, pageOf(request.query).pageNum, pageOf(request.query).pageSize)),
  );
};
