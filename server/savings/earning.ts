/**
 * What a savings balance earns on one day. Money moved in on a day earns from the next day, so a
 * day's base is the balance held when it began, less what left during it (a withdrawal of today's
 * deposit cannot dodge that). A day earns nothing when the pause after a withdrawal touches it.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { savingsMoves as m } from '../db/schema/index.ts';
import { DAY_MS, dayStart } from '../jobs/days.ts';

export interface DayBase {
  userId: number;
  /** Balance that earns on the day, NUMERIC text. */
  base: string;
  paused: boolean;
}

function baseFields(day: string, pauseHours: number, until: Date) {
  const start = new Date(dayStart(day));
  const pauseFrom = new Date(dayStart(day) - pauseHours * 3600_000);
  const signed: SQL = sql`case when ${m.direction} = 'in' then ${m.amount} else -${m.amount} end`;
  return {
    base: sql<string>`greatest(0,
      coalesce(sum(${signed}) filter (where ${m.createdAt} < ${start}), 0)
      - coalesce(sum(${m.amount}) filter (where ${m.direction} = 'out' and ${m.createdAt} >= ${start} and ${m.createdAt} < ${until}), 0))::text`,
    // A withdrawal at W pauses [W, W + pause): it touches the day when W > start − pause and W < the day's end.
    paused: sql<boolean>`${pauseHours > 0} and coalesce(bool_or(${m.direction} = 'out' and ${m.createdAt} > ${pauseFrom} and ${m.createdAt} < ${until}), false)`,
  };
}

/** The base of every user who had money earning on a day that has ended (the daily job). */
export async function dayBases(db: DbOrTx, day: string, pauseHours: number): Promise<DayBase[]> {
  const end = new Date(dayStart(day) + DAY_MS);
  const rows = await db
    .select({ userId: m.userId, ...baseFields(day, pauseHours, end) })
    .from(m)
    .where(sql`${m.createdAt} < ${end}`)
    .groupBy(m.userId);
  return rows.filter((r) => /[1-9]/.test(r.base));
}

/** One user's base for the day now running, as far as it has gone (the summary's estimate). */
export async function todayBase(db: DbOrTx, userId: number, day: string, pauseHours: number, now: number): Promise<DayBase> {
  const [row] = await db
    .select(baseFields(day, pauseHours, new Date(now + 1)))
    .from(m)
    .where(sql`${m.userId} = ${userId} and ${m.createdAt} <= ${new Date(now)}`);
  return { userId, base: row?.base ?? '0', paused: row?.paused ?? false };
}
