/** Finance products: the catalogue, a purchase through the ledger, the buyer's holdings. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { outOfRange } from '../../src/shared/amount-range.ts';
import type { FinanceHolding, FinanceList, FinanceProduct, FinanceTab, RecentPurchase } from '../../src/shared/contract.ts';
import type { Clock, ServerContext } from '../context.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { financeHoldings as h, financeIncome, financeProducts as p, users } from '../db/schema/index.ts';
import { accountMasked } from '../orders/errors.ts';
import { newOrderNo } from '../orders/order-no.ts';
import { changeBalance } from '../ledger/index.ts';
import { addDays, dayOf } from '../jobs/days.ts';
import { aboveMax, belowMin, productNotFound } from './errors.ts';
import { dailyIncomeSql, earnsOn, holdingFields, plain, productFields, toHolding } from './rows.ts';

export async function listProducts(db: DbOrTx): Promise<FinanceProduct[]> {
  return db.select(productFields).from(p).where(eq(p.enabled, true)).orderBy(asc(p.sort), asc(p.id));
}

export async function getProduct(db: DbOrTx, id: number): Promise<FinanceProduct> {
  const [row] = await db.select(productFields).from(p).where(and(eq(p.id, id), eq(p.enabled, true)));
  if (!row) throw productNotFound();
  return row;
}

/**
 * Debits `amount` (bill `finance_buy`) and opens a holding that earns from the next day, in the
 * caller's transaction: either both happen or neither.
 */
export async function buyProduct(tx: Tx, clock: Clock, userId: number, productId: number, amount: string): Promise<FinanceHolding> {
  const now = clock.now();
  const today = dayOf(now);
  {
    const [product] = await tx
      .select({
        id: p.id,
        name: p.name,
        cycleDays: p.cycleDays,
        dailyRate: p.dailyRate,
        min: plain(p.minAmount),
        max: plain(p.maxAmount),
      })
      .from(p)
      .where(and(eq(p.id, productId), eq(p.enabled, true)));
    if (!product) throw productNotFound();
    // The operator's mask holds the account (docs/rules.md#global-mask): no purchase, as no order.
    const [user] = await tx.select({ isOrder: users.isOrder }).from(users).where(eq(users.id, userId));
    if (user?.isOrder === false) throw accountMasked();
    const outside = outOfRange(amount, product.min, product.max);
    if (outside < 0) throw belowMin(product.min);
    if (outside > 0) throw aboveMax(product.max);
    const orderNo = newOrderNo();
    await changeBalance(tx, { userId, amount: `-${amount}`, bizType: 'finance_buy', remark: product.name, ref: orderNo });
    const [row] = await tx
      .insert(h)
      .values({
        orderNo,
        userId,
        productId: product.id,
        productName: product.name,
        amount,
        dailyRate: product.dailyRate,
        cycleDays: product.cycleDays,
        startDay: addDays(today, 1),
        createdAt: new Date(now),
      })
      .returning(holdingFields(today, addDays(today, -1)));
    return toHolding(row!);
  }
}

const TAB_WHERE: Record<FinanceTab, ReturnType<typeof eq> | undefined> = {
  all: undefined,
  holding: eq(h.status, 'holding'),
  completed: eq(h.status, 'completed'),
};

/** The user's holdings of one tab, newest first, with totals over all the user's holdings. */
export async function listHoldings(
  ctx: ServerContext,
  userId: number,
  query: { tab: FinanceTab; pageNum: number; pageSize: number },
): Promise<FinanceList> {
  const today = dayOf(ctx.clock.now());
  const yesterday = addDays(today, -1);
  const where = and(eq(h.userId, userId), TAB_WHERE[query.tab]);
  const [rows, [count], [summary], [paidYesterday]] = await Promise.all([
    ctx.db
      .select(holdingFields(today, yesterday))
      .from(h)
      .where(where)
      .orderBy(desc(h.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(h).where(where),
    ctx.db
      .select({
        holdingAmount: plain(sql`coalesce(sum(${h.amount}) filter (where ${h.status} = 'holding'), 0)`),
        pendingIncome: plain(
          sql`coalesce(sum(${dailyIncomeSql} * (${h.cycleDays} - ${h.paidDays})) filter (where ${h.status} = 'holding'), 0)`,
        ),
        todayIncome: plain(sql`coalesce(sum(${dailyIncomeSql}) filter (where ${earnsOn(today)}), 0)`),
        totalIncome: plain(sql`coalesce(sum(${h.totalIncome}), 0)`),
      })
      .from(h)
      .where(eq(h.userId, userId)),
    ctx.db
      .select({ amount: plain(sql`coalesce(sum(${financeIncome.amount}), 0)`) })
      .from(financeIncome)
      .where(and(eq(financeIncome.userId, userId), eq(financeIncome.day, yesterday))),
  ]);
  return {
    rows: rows.map(toHolding),
    total: count!.n,
    summary: { ...summary!, yesterdayIncome: paidYesterday!.amount },
  };
}

/** How many purchases the finance screen's feed shows. */
export const RECENT_PURCHASES = 20;

/** Two leading and one trailing character of a name around `***`; a short name keeps only its first. */
export const maskName = (name: string): string => {
  const chars = [...name];
  return chars.length > 4 ? chars.slice(0, 2).join('') + '***' + chars[chars.length - 1] : (chars[0] ?? '') + '***';
};

/** The latest real purchases by anyone, newest first: the feed of the finance screen, never invented. */
export async function recentPurchases(db: DbOrTx): Promise<RecentPurchase[]> {
  const rows = await db
    .select({ username: users.username, productName: h.productName, amount: plain(h.amount), at: h.createdAt })
    .from(h)
    .innerJoin(users, eq(users.id, h.userId))
    .orderBy(desc(h.id))
    .limit(RECENT_PURCHASES);
  return rows.map((r) => ({ name: maskName(r.username), productName: r.productName, amount: r.amount, time: r.at.getTime() }));
}
