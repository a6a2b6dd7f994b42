/**
 * The daily income job: pays finance income (and principal at maturity) and savings interest for
 * every day that has ended on the server clock. Each day is one transaction that first inserts the
 * day's row in `daily_runs`: the key makes a second payment of a day impossible, whichever process
 * or retry tries. A transaction-scoped advisory lock keeps processes from working at once (the
 * loser stops and leaves the days to the holder). Days missed while no server ran are paid in
 * order on the next pass, each as the day it was.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { dailyRuns, financeHoldings as h, financeIncome, savingsIncome, savingsMoves } from '../db/schema/index.ts';
import { dailyIncomeSql } from '../finance/rows.ts';
import { lockManyWallets } from '../ledger/batch-lock.ts';
import { changeBalance } from '../ledger/index.ts';
import { savingsRules } from '../savings/config.ts';
import { dayBases } from '../savings/earning.ts';
import { rowsOf } from '../savings/service.ts';
import { push } from '../ws/push.ts';
import { DAY_MS, addDays, dayOf, dayStart } from './days.ts';
import { repeatEvery, type RepeatingJob } from './repeat.ts';

/** Beside migrate (727001), seed (727002) and settlement (727003). */
const DAILY_LOCK = 727004;

export interface DailyLog {
  error(obj: object, msg: string): void;
}

const consoleLog: DailyLog = { error: (obj, msg) => console.error(msg, obj) };

export interface DailyResult {
  /** Days this call paid, oldest first. */
  paid: string[];
  /** True when another process held the lock, so this call stopped early. */
  busy: boolean;
}

/** The first day that may still need paying: after the last paid day, or the oldest thing that earns. */
async function firstOpenDay(ctx: ServerContext): Promise<string | null> {
  const [row] = rowsOf<{ last: string | null; first: string | null }>(
    await ctx.db.execute(sql`select
      (select max(${dailyRuns.day})::text from ${dailyRuns}) as last,
      least(
        (select min(${h.startDay}) from ${h} where ${h.status} = 'holding'),
        (select min((${savingsMoves.createdAt} at time zone 'UTC')::date) from ${savingsMoves})
      )::text as first`),
  );
  if (row!.last) return addDays(row!.last, 1);
  return row!.first;
}

/** Pays every ended day not paid yet; safe to call from any number of processes at once. */
export async function runDaily(ctx: ServerContext): Promise<DailyResult> {
  const result: DailyResult = { paid: [], busy: false };
  const yesterday = addDays(dayOf(ctx.clock.now()), -1);
  const first = await firstOpenDay(ctx);
  if (!first) return result;
  const users = new Set<number>();
  for (let day = first; day <= yesterday; day = addDays(day, 1)) {
    const outcome = await ctx.db.transaction(async (tx) => {
      const [locked] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${DAILY_LOCK}) as locked`));
      if (!locked!.locked) return 'busy' as const;
      await lockManyWallets(tx);
      const [fresh] = await tx
        .insert(dailyRuns)
        .values({ day, ranAt: new Date(ctx.clock.now()) })
        .onConflictDoNothing()
        .returning({ day: dailyRuns.day });
      if (!fresh) return 'paid before' as const;
      for (const userId of await payFinance(tx, day)) users.add(userId);
      for (const userId of await paySavings(tx, day)) users.add(userId);
      return 'paid' as const;
    });
    if (outcome === 'busy') {
      result.busy = true;
      break;
    }
    if (outcome === 'paid') result.paid.push(day);
  }
  for (const userId of users) await push(ctx, { userId, code: 'balance' });
  return result;
}

/** One day's income of every holding that earns on it; the last day also returns the principal. */
async function payFinance(tx: Tx, day: string): Promise<number[]> {
  const paidAt = new Date(dayStart(day) + DAY_MS);
  const due = await tx
    .select({ id: h.id, userId: h.userId, orderNo: h.orderNo, amount: h.amount, income: dailyIncomeSql, last: sql<boolean>`${h.paidDays} + 1 = ${h.cycleDays}` })
    .from(h)
    .where(and(eq(h.status, 'holding'), sql`${h.startDay} <= ${day}::date`, sql`${day}::date < ${h.startDay} + ${h.cycleDays}`))
    .orderBy(h.id)
    .for('update');
  const users: number[] = [];
  for (const holding of due) {
    const [row] = await tx
      .insert(financeIncome)
      .values({ holdingId: holding.id, userId: holding.userId, day, amount: holding.income, createdAt: paidAt })
      .onConflictDoNothing()
      .returning({ id: financeIncome.id });
    if (!row) continue;
    await tx
      .update(h)
      .set({
        paidDays: sql`${h.paidDays} + 1`,
        totalIncome: sql`${h.totalIncome} + ${holding.income}::numeric`,
        ...(holding.last ? { status: 'completed' as const, completedAt: paidAt } : {}),
      })
      .where(eq(h.id, holding.id));
    if (/[1-9]/.test(holding.income)) {
      await changeBalance(tx, { userId: holding.userId, amount: holding.income, bizType: 'finance_income', remark: day, ref: holding.orderNo });
    }
    if (holding.last) {
      await changeBalance(tx, { userId: holding.userId, amount: holding.amount, bizType: 'finance_return', ref: holding.orderNo });
    }
    users.push(holding.userId);
  }
  return users;
}

/** One day's savings interest of every user whose balance earned on it (paused days recorded with 0). */
async function paySavings(tx: Tx, day: string): Promise<number[]> {
  const rules = await savingsRules(tx);
  const paidAt = new Date(dayStart(day) + DAY_MS);
  const users: number[] = [];
  for (const { userId, base, paused } of await dayBases(tx, day, rules.pauseHours)) {
    const [row] = await tx
      .insert(savingsIncome)
      .values({
        userId,
        day,
        base,
        rate: rules.rate,
        amount: paused ? '0' : sql`trunc(${base}::numeric * ${rules.rate}::numeric / 100, 8)`,
        paused,
        createdAt: paidAt,
      })
      .onConflictDoNothing()
      .returning({ amount: sql<string>`${savingsIncome.amount}::text` });
    if (!row || !/[1-9]/.test(row.amount)) continue;
    await changeBalance(tx, { userId, amount: row.amount, bizType: 'savings_income', remark: day });
    users.push(userId);
  }
  return users;
}

/**
 * Checks every `intervalMs` whether a day has ended that this process has not seen paid, so a
 * moved test clock or a restart after downtime is paid within one interval.
 */
export function startDaily(ctx: ServerContext, options: { intervalMs?: number; log?: DailyLog } = {}): RepeatingJob {
  const { intervalMs = 2000, log = consoleLog } = options;
  let settledUpTo = '';
  return repeatEvery(
    intervalMs,
    async () => {
      const yesterday = addDays(dayOf(ctx.clock.now()), -1);
      if (settledUpTo >= yesterday) return;
      const { busy } = await runDaily(ctx);
      ctx.jobRan?.('daily', busy ? 'busy' : 'ok');
      if (!busy) settledUpTo = yesterday;
    },
    (err) => (ctx.jobRan?.('daily', 'failed'), log.error({ err }, 'daily income pass failed; retrying')),
  );
}
