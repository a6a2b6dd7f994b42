/** How an order row becomes a `ContractOrder`: decimals formatted by PostgreSQL, never by floats. */
import { type SQL, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { ContractOrder } from '../../src/shared/contract.ts';
import { contractOrders as o } from '../db/schema/index.ts';
import type { MarketSource } from '../market/source.ts';

/** What a win pays on top of the amount: amount × rate / 100, rounded down to the wallet's 8 decimals. */
export const incomeSql: SQL<string> = sql`trunc(${o.amount} * ${o.rate} / 100, 8)`;

/** NUMERIC(20,8) pads to 8 decimals; clients get the plain value (`10.5`, not `10.50000000`). */
const plain = <T extends string | null = string>(value: SQL) => sql<T>`trim_scale(${value})::text`;

/** Select (or returning) fields for `toContractOrder`. */
export const orderFields = {
  orderNo: o.orderNo,
  symbol: o.symbol,
  direction: o.direction,
  amount: plain(sql`${o.amount}`),
  rate: plain(sql`${o.rate}`),
  seconds: o.seconds,
  estimatedIncome: plain(incomeSql),
  // Prices keep the scale the feed gave them (the column is unconstrained NUMERIC).
  openPrice: sql<string>`${o.openPrice}::text`,
  closePrice: sql<string | null>`${o.closePrice}::text`,
  status: o.status,
  refundReason: o.refundReason,
  result: o.result,
  payout: plain<string | null>(sql`${o.payout}`),
  profit: plain<string | null>(sql`${o.payout} - ${o.amount}`),
  createdAt: o.createdAt,
  expiresAt: o.expiresAt,
  settledAt: o.settledAt,
};

export type OrderRow = SelectResultFields<typeof orderFields>;

/** Display names by symbol (`BTC/USDT`), as the ticker list shows them. */
export const tickerNames = (market: MarketSource): Map<string, string> =>
  new Map(market.tickers().map((t) => [t.symbol, t.name]));

export function toContractOrder(row: OrderRow, names: Map<string, string>): ContractOrder {
  const { createdAt, expiresAt, settledAt, ...rest } = row;
  return {
    ...rest,
    name: names.get(row.symbol) ?? row.symbol.toUpperCase(),
    time: createdAt.getTime(),
    expiresAt: expiresAt.getTime(),
    settledAt: settledAt?.getTime() ?? null,
  };
}
