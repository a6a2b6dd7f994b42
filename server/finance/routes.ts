/** Finance product endpoints (`/h5/licai…`: docs/rules.md#finance-products): catalogue, detail, purchase, holdings. */
import { Type, type Static } from '@sinclair/typebox';
import { FINANCE_TABS, type FinanceTab } from '../../src/shared/contract.ts';
import type { FeaturePlugin } from '../context.ts';
import { HoldingAnswer, HoldingsAnswer, ProductAnswer, ProductsAnswer, RecentPurchasesAnswer } from './answers.ts';
import { ok } from '../http/envelope.ts';
import { idempotent } from '../http/idempotency.ts';
import { Amount, Id, pageOf, Paging } from '../http/schemas.ts';
import { push } from '../ws/push.ts';
import { buyProduct, getProduct, listHoldings, listProducts, recentPurchases } from './service.ts';

const DetailQuery = Type.Object({ id: Id() });
const BuyBody = Type.Object({ productId: Id(), amount: Amount });
const ListQuery = Type.Object({
  tab: Type.Unsafe<FinanceTab>({ type: 'string', enum: [...FINANCE_TABS], default: 'all', 'x-error': `must be one of ${FINANCE_TABS.join(', ')}` }),
  ...Paging,
});

export const financeRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get('/h5/licai/getSellProductList', { schema: { tags: ['finance'], summary: 'Finance products on sale', response: ProductsAnswer } }, async () =>
    ok(await listProducts(ctx.db)),
  );

  app.get<{ Querystring: Static<typeof DetailQuery> }>(
    '/h5/licai/detail',
    { schema: { 'x-errors': ['finance.product'], tags: ['finance'], summary: 'One finance product', querystring: DetailQuery, response: ProductAnswer } },
    async (request) => ok(await getProduct(ctx.db, request.query.id)),
  );

  app.post<{ Body: Static<typeof BuyBody> }>(
    '/h5/licai',
    {
      config: { auth: true, idempotency: 'finance.buy' },
      schema: { 'x-errors': ['finance.product', 'order.masked', 'finance.amountMin', 'finance.amountMax', 'balance.insufficient'], tags: ['finance'], summary: 'Buy a finance product: debits the amount, earns from the next day; a retry with the same Idempotency-Key buys once', body: BuyBody, response: HoldingAnswer },
    },
    async (request) => {
      const { productId, amount } = request.body;
      const answer = await idempotent(ctx, request, async (tx) => ok(await buyProduct(tx, ctx.clock, request.userId, productId, amount), 'Investment success'));
      await push(ctx, { userId: request.userId, code: 'balance' });
      return answer;
    },
  );

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/h5/licai/list',
    { config: { auth: true }, schema: { tags: ['finance'], summary: "The caller's holdings with income figures", querystring: ListQuery, response: HoldingsAnswer } },
    async (request) => ok(await listHoldings(ctx, request.userId, pageOf(request.query))),
  );

  app.get(
    '/h5/licai/getVirtualDataList',
    {
      config: { auth: true },
      schema: { tags: ['finance'], summary: 'The latest real purchases of finance products, buyers masked, newest first (empty until someone buys)', response: RecentPurchasesAnswer },
    },
    async () => ok(await recentPurchases(ctx.db)),
  );
};
