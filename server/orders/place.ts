/** Placing a contract order: check the play and the amount, debit the wallet, record the open price. */
import { and, eq, sql } from 'drizzle-orm';
import type { ContractOrder, SaveContactOrderRequest } from '../../src/shared/contract.ts';
import { outOfRange } from '../../src/shared/amount-range.ts';
import type { ServerContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { contractOrders, plays, users } from '../db/schema/index.ts';
import { changeBalance } from '../ledger/index.ts';
import { marketOf } from '../market/context.ts';
import type { MarketSource } from '../market/source.ts';
import { aboveMax, accountMasked, belowMin, marketHalted, marketStale, noPrice, playUnavailable, symbolNotTradable } from './errors.ts';
import { newOrderNo } from './order-no.ts';
import { orderFields, tickerNames, toContractOrder } from './rows.ts';

/**
 * Runs in the caller's transaction (the one that also stores the Idempotency-Key's answer): the
 * debit (bill ref = order number) and the order row commit together or not at all. Throws AppError
 * 400 `order.*`, 409 `order.price` or the ledger's 409 `balance.insufficient`.
 */
export async function placeOrder(ctx: ServerContext, tx: Tx, userId: number, input: SaveContactOrderRequest): Promise<ContractOrder> {
  const market = marketOf(ctx);
  const symbol = input.symbol.toLowerCase();
  const [user] = await tx.select({ isOrder: users.isOrder }).from(users).where(eq(users.id, userId));
  if (user && user.isOrder === false) throw accountMasked();
  const [play] = await tx
    .select({
      seconds: plays.seconds,
      rate: plays.rate,
      min: sql<string>`trim_scale(${plays.minAmount})::text`,
      max: sql<string>`trim_scale(${plays.maxAmount})::text`,
    })
    .from(plays)
    .where(and(eq(plays.id, input.playId), eq(plays.enabled, true)));
  if (!play) throw playUnavailable();
  if (!market.has(symbol)) throw symbolNotTradable();
  const outside = outOfRange(input.amount, play.min, play.max);
  if (outside < 0) throw belowMin(play.min);
  if (outside > 0) throw aboveMax(play.max);
  if (market.halted?.(symbol)) throw marketHalted();
  if (market.stale?.(symbol)) throw marketStale();

  const now = ctx.clock.now();
  const openPrice = priceAt(market, symbol, now);
  const orderNo = newOrderNo();
  await changeBalance(tx, { userId, amount: `-${input.amount}`, bizType: 'order', ref: orderNo });
  const [row] = await tx
    .insert(contractOrders)
    .values({
      orderNo,
      userId,
      symbol,
      direction: input.direction,
      amount: input.amount,
      rate: play.rate,
      seconds: play.seconds,
      openPrice,
      createdAt: new Date(now),
      expiresAt: new Date(now + play.seconds * 1000),
    })
    .returning(orderFields);
  return toContractOrder(row!, tickerNames(market));
}

function priceAt(market: MarketSource, symbol: string, timeMs: number): string {
  try {
    return market.priceAt(symbol, timeMs);
  } catch {
    throw noPrice();
  }
}
