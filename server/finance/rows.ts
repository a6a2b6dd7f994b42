/** How product and holding rows become contract objects: decimals formatted by PostgreSQL, never by floats. */
import { type SQL, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FinanceHolding, FinanceProduct } from '../../src/shared/contract.ts';
import { financeHoldings as h, financeProducts as p } from '../db/schema/index.ts';
import { DAY_MS, dayStart } from '../jobs/days.ts';

/** NUMERIC pads to its scale; clients get the plain value (`10.5`, not `10.50000000`). */
export const plain = (value: SQL | unknown) => sql<string>`trim_scale((${value})::numeric)::text`;

/** One day's income of a holding: amount × rate / 100, rounded down to the wallet's 8 decimals. */
export const dailyIncomeSql: SQL<string> = sql`trunc(${h.amount} * ${h.dailyRate} / 100, 8)`;

export const productFields = {
  id: p.id,
  name: p.name,
  cycleDays: p.cycleDays,
  dailyRate: plain(p.dailyRate),
  minAmount: plain(p.minAmount),
  maxAmount: plain(p.maxAmount),
  minIncome: plain(sql`trunc(${p.minAmount} * ${p.dailyRate} / 100, 8) * ${p.cycleDays}`),
} satisfies Record<keyof FinanceProduct, unknown>;

/** A holding earns on `today` when today is one of its cycle's days and it has not completed. */
export const earnsOn = (today: string) =>
  sql`(${h.status} = 'holding' and ${today}::date >= ${h.startDay} and ${today}::date < ${h.startDay} + ${h.cycleDays})`;

/** Select fields for `toHolding`, for the days `today` and `yesterday` of the server clock. */
export const holdingFields = (today: string, yesterday: string) => ({
  id: h.id,
  orderNo: h.orderNo,
  productId: h.productId,
  productName: h.productName,
  amount: plain(h.amount),
  dailyRate: plain(h.dailyRate),
  cycleDays: h.cycleDays,
  estimatedIncome: plain(sql`${dailyIncomeSql} * ${h.cycleDays}`),
  totalIncome: plain(h.totalIncome),
  todayIncome: plain(sql`case when ${earnsOn(today)} then ${dailyIncomeSql} else 0 end`),
  yesterdayIncome: plain(
    sql`coalesce((select fi.amount from finance_income fi where fi.holding_id = ${h.id} and fi.day = ${yesterday}::date), 0)`,
  ),
  paidDays: h.paidDays,
  status: h.status,
  createdAt: h.createdAt,
  startDay: h.startDay,
  completedAt: h.completedAt,
});

export type HoldingRow = SelectResultFields<ReturnType<typeof holdingFields>>;

export function toHolding(row: HoldingRow): FinanceHolding {
  const { createdAt, startDay, completedAt, ...rest } = row;
  const startsAt = dayStart(startDay);
  return {
    ...rest,
    time: createdAt.getTime(),
    startsAt,
    endsAt: startsAt + row.cycleDays * DAY_MS,
    completedAt: completedAt?.getTime() ?? null,
  };
}
