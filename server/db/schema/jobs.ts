import { date, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** One row per day the daily income job has paid; its key makes paying a day twice impossible. */
export const dailyRuns = pgTable('daily_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull(),
});
