/** Helpers for the finance, savings and account tests: days of the test clock and bills by type. */
import { and, eq } from 'drizzle-orm';
import { walletBills } from '../../server/db/schema/index.ts';
import { DAY_MS, dayOf, dayStart } from '../../server/jobs/days.ts';
import type { TestServer } from './harness.ts';

/** Moves the test clock forward to `at` (never back). */
export function moveTo(s: TestServer, at: number): void {
  if (at < s.clock.now()) throw new Error('the test clock only moves forward');
  s.clock.advance(at - s.clock.now());
}

/** 00:00 UTC of the day `n` days after today's, on the test clock. */
export const midnight = (s: TestServer, n: number): number => dayStart(dayOf(s.clock.now())) + n * DAY_MS;

export const HOUR = 3_600_000;

export const billsOf = (s: TestServer, userId: number, bizType: string) =>
  s.ctx.db
    .select({ amount: walletBills.amount, ref: walletBills.ref, remark: walletBills.remark })
    .from(walletBills)
    .where(and(eq(walletBills.userId, userId), eq(walletBills.bizType, bizType)))
    .orderBy(walletBills.id);
