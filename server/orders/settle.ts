/**
 * Settlement: every order whose expiry has passed is settled at the market's price of its expiry
 * instant, whenever the pass runs, so orders that expired while no server ran settle as if on time.
 * Exactly once: rows are taken `FOR UPDATE SKIP LOCKED` and re-checked as open by the update, and
 * a transaction-scoped advisory lock keeps concurrent passes of several processes apart.
 */
import { and, asc, eq, lte, notInArray, sql } from 'drizzle-orm';
import type { OrderResult } from '../../src/shared/contract.ts';
import type { ServerContext } from '../context.ts';
import { getConfig } from '../content/config.ts';
import type { Tx } from '../db/client.ts';
import { contractOrders as o } from '../db/schema/index.ts';
import { lockManyWallets } from '../ledger/batch-lock.ts';
import { changeBalance } from '../ledger/index.ts';
import { feedConfigOf, marketOf } from '../market/context.ts';
import { userMessages } from '../db/schema/index.ts';
import { push } from '../ws/push.ts';
import { outcome } from './outcome.ts';
import { incomeSql } from './rows.ts';
import { repeatEvery, type RepeatingJob } from '../jobs/repeat.ts';

/** Beside migrate (727001) and seed (727002). */
const SETTLE_LOCK = 727003;
/** Orders per transaction: a backlog after downtime settles in short transactions, not one long one. */
const BATCH = 100;

export interface SettleLog {
  error(obj: object, msg: string): void;
}

const consoleLog: SettleLog = { error: (obj, msg) => console.error(msg, obj) };

type DueOrder = Pick<typeof o.$inferSelect, 'id' | 'orderNo' | 'userId' | 'symbol' | 'direction' | 'expiresAt'>;

/** One pass over every due order; answers how many this call settled. */
export async function settleDue(ctx: ServerContext, log: SettleLog = consoleLog): Promise<number> {
  const market = marketOf(ctx);
  const { waitMaxMs } = feedConfigOf(ctx);
  // Orders without a price this pass stay open for the next one, without blocking the rest.
  const unpriced: number[] = [];
  let settled = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      if (!(await tryLock(tx))) return null;
      await lockManyWallets(tx);
      const now = new Date(ctx.clock.now());
      const due = await tx
        .select({ id: o.id, orderNo: o.orderNo, userId: o.userId, symbol: o.symbol, direction: o.direction, expiresAt: o.expiresAt })
        .from(o)
        .where(and(eq(o.status, 'open'), lte(o.expiresAt, now), unpriced.length ? notInArray(o.id, unpriced) : undefined))
        .orderBy(asc(o.expiresAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const onlyPriceDifference = (await getConfig(tx, 'onlyPriceDifference')) === '1';
      const users = new Set<number>();
      let count = 0;
      for (const order of due) {
        let close: string | null | 'skipped';
        try {
          close = market.settlementPrice
            ? await market.settlementPrice(order.symbol, order.expiresAt.getTime(), tx)
            : market.priceAt(order.symbol, order.expiresAt.getTime());
        } catch (err) {
          close = null;
          log.error({ err, orderNo: order.orderNo, symbol: order.symbol }, 'no price to settle an order; it stays open');
        }
        if (close === 'skipped') {
          // The feed skipped its second: no price will ever come, so waiting out the bound is pointless.
          if (await refundOne(tx, order, now, 'feed_gap')) {
            users.add(order.userId);
            count++;
          }
          continue;
        }
        if (close === null) {
          // Never settled on a guess: it waits for its second's price, and past the bound is refunded.
          if (now.getTime() - order.expiresAt.getTime() > waitMaxMs && (await refundOne(tx, order, now, 'no_price'))) {
            users.add(order.userId);
            count++;
          } else unpriced.push(order.id);
          continue;
        }
        if (await settleOne(tx, order, close, onlyPriceDifference, now)) {
          users.add(order.userId);
          count++;
        }
      }
      return { taken: due.length, count, users };
    });
    if (!batch) break;
    settled += batch.count;
    for (const userId of batch.users) await push(ctx, { userId, code: 'balance' });
    if (batch.taken < BATCH) break;
  }
  return settled;
}

async function tryLock(tx: Tx): Promise<boolean> {
  const res = await tx.execute(sql`select pg_try_advisory_xact_lock(${SETTLE_LOCK}) as locked`);
  // node-postgres and PGlite both answer `{ rows }`; drizzle leaves the shape to the driver.
  return (res as unknown as { rows: Array<{ locked: boolean }> }).rows[0]!.locked;
}

const PAYOUT = {
  win: sql`${o.amount} + ${incomeSql}`,
  tie: sql`${o.amount}`,
  loss: sql`0`,
} satisfies Record<OrderResult, unknown>;

/** Settles one locked order; false when another pass got there first. */
async function settleOne(tx: Tx, order: DueOrder, close: string, onlyPriceDifference: boolean, now: Date): Promise<boolean> {
  const [{ move }] = await tx
    .select({ move: sql<number>`sign(${close}::numeric - ${o.openPrice})::int` })
    .from(o)
    .where(eq(o.id, order.id));
  const result = outcome(order.direction, move, onlyPriceDifference);
  const [row] = await tx
    .update(o)
    .set({ status: 'settled', closePrice: close, result, payout: PAYOUT[result], settledAt: now })
    .where(and(eq(o.id, order.id), eq(o.status, 'open')))
    .returning({ payout: sql<string>`${o.payout}::text` });
  if (!row) return false;
  if (result !== 'loss') {
    await changeBalance(tx, {
      userId: order.userId,
      amount: row.payout,
      bizType: result === 'win' ? 'order_win' : 'order_refund',
      ref: order.orderNo,
    });
  }
  return true;
}

type RefundReason = NonNullable<typeof o.$inferSelect.refundReason>;

const REFUND_WHY: Record<RefundReason, string> = {
  no_price: 'no market price arrived for its expiry',
  feed_gap: 'the market feed was interrupted at its expiry, so no price exists for it',
};

/**
 * Gives the whole amount back to an order whose expiry second has no price: none arrived within
 * the wait bound, or the feed skipped that second. It is not settled on a guess. The bill and
 * the message are in the same transaction as the status change; false when another pass got
 * there first.
 */
async function refundOne(tx: Tx, order: DueOrder, now: Date, reason: RefundReason): Promise<boolean> {
  const [row] = await tx
    .update(o)
    .set({ status: 'refunded', payout: sql`${o.amount}`, settledAt: now, refundReason: reason })
    .where(and(eq(o.id, order.id), eq(o.status, 'open')))
    .returning({ amount: sql<string>`trim_scale(${o.amount})::text` });
  if (!row) return false;
  await changeBalance(tx, { userId: order.userId, amount: row.amount, bizType: 'order_refund', ref: order.orderNo });
  await tx.insert(userMessages).values({
    userId: order.userId,
    title: 'Order refunded',
    content: `Order ${order.orderNo}: ${REFUND_WHY[reason]}, so it was not settled. Your ${row.amount} was refunded in full.`,
    key: 'orderRefund',
    params: { orderNo: order.orderNo, amount: row.amount, status: 'refunded', effect: 'credited', cause: reason },
    createdAt: now,
  });
  return true;
}

/**
 * Runs a pass now (orders that expired while the server was down) and then every `intervalMs`
 * after the previous pass ends, so passes of one process never overlap.
 */
export function startSettlement(ctx: ServerContext, options: { intervalMs?: number; log?: SettleLog } = {}): RepeatingJob {
  const { intervalMs = 1000, log = consoleLog } = options;
  return repeatEvery(
    intervalMs,
    () => settleDue(ctx, log).then(() => ctx.jobRan?.('settlement', 'ok')),
    (err) => (ctx.jobRan?.('settlement', 'failed'), log.error({ err }, 'settlement pass failed; retrying')),
  );
}
