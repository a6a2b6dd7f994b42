/** One user's orders by position tab (docs/rules.md#position-tabs), newest first. */
import { and, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { ContractOrder, MyOrderListRequest, OrderTab, Page } from '../../src/shared/contract.ts';
import type { ServerContext } from '../context.ts';
import { contractOrders as o } from '../db/schema/index.ts';
import { marketOf } from '../market/context.ts';
import { orderFields, tickerNames, toContractOrder } from './rows.ts';

/** `closing` orders wait for the settlement job: their expiry has passed by the server clock. */
function tabFilter(tab: OrderTab, now: Date): SQL | undefined {
  switch (tab) {
    case 'pending':
      return and(eq(o.status, 'open'), gt(o.expiresAt, now));
    case 'closing':
      return and(eq(o.status, 'open'), lte(o.expiresAt, now));
    case 'held':
      return eq(o.status, 'open');
    case 'closed':
      return eq(o.status, 'settled');
    case 'completed':
      return and(eq(o.status, 'settled'), inArray(o.result, ['win', 'tie']));
    case 'all':
      return undefined;
  }
}

export async function listOrders(ctx: ServerContext, userId: number, query: MyOrderListRequest): Promise<Page<ContractOrder>> {
  const where = and(eq(o.userId, userId), tabFilter(query.tab, new Date(ctx.clock.now())));
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select(orderFields)
      .from(o)
      .where(where)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(o).where(where),
  ]);
  const names = tickerNames(marketOf(ctx));
  return { rows: rows.map((r) => toContractOrder(r, names)), total: count!.n };
}
