/** Order endpoints of docs/rules.md#contract-orders: place a contract order, list one's own orders. */
import type {} from '@fastify/swagger';
import type { FeaturePlugin } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { idempotent } from '../http/idempotency.ts';
import { pageOf } from '../http/schemas.ts';
import { listOrders } from './list.ts';
import { placeOrder } from './place.ts';
import { OrderAnswer, OrderListQuery, OrderPageAnswer, SaveOrderQuery } from './schemas.ts';

export const orderRoutes: FeaturePlugin = async (app, { ctx }) => {
  // POST only: placing an order spends money, so it must not be a GET a prefetcher or a retry could repeat.
  app.post<{ Querystring: SaveOrderQuery }>(
    '/h5/order/saveContactOrder',
    {
      config: { auth: true, idempotency: 'order.place' },
      schema: {
        'x-errors': ['order.masked', 'order.play', 'order.symbol', 'order.amountMin', 'order.amountMax', 'market.stale', 'market.halted', 'order.price', 'balance.insufficient'],
        tags: ['orders'],
        summary: 'Place a contract order; every field in the query string, empty body; a retry with the same Idempotency-Key places one order and answers the first',
        querystring: SaveOrderQuery,
        response: OrderAnswer,
      },
    },
    async (request) =>
      idempotent(ctx, request, async (tx) => ok(await placeOrder(ctx, tx, request.userId, request.query), 'Investment success')),
  );

  app.get<{ Querystring: OrderListQuery }>(
    '/h5/order/myOrderList',
    {
      config: { auth: true },
      schema: {
        tags: ['orders'],
        summary: "The caller's orders of one position tab, newest first",
        querystring: OrderListQuery,
        response: OrderPageAnswer,
      },
    },
    async (request) => ok(await listOrders(ctx, request.userId, pageOf(request.query))),
  );
};
