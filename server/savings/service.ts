/** Savings (yuebao): moves in and out through the ledger, the summary and the income list. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Page, SavingsIncome, SavingsSummary } from '../../src/shared/contract.ts';
import type { Clock, ServerContext } from '../context.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { savingsAccounts as a, savingsIncome as si, savingsMoves } from '../db/schema/index.ts';
import { AppError } from '../http/envelope.ts';
import { changeBalance } from '../ledger/index.ts';
import { addDays, dayOf } from '../jobs/days.ts';
import { plain } from '../finance/rows.ts';
import { savingsRules } from './config.ts';
import { todayBase } from './earning.ts';

export const savingsInsufficient = () => new AppError(409, 'savings.insufficient', 'Insufficient savings balance');

/** Moves `amount` between the wallet and savings in the caller's transaction, each side locked and billed. */
export async function transfer(tx: Tx, clock: Clock, userId: number, direction: 'in' | 'out', amount: string): Promise<void> {
  const now = new Date(clock.now());
  {
    await tx.insert(a).values({ userId }).onConflictDoNothing();
    const [account] = await tx
      .select({ enough: sql<boolean>`${a.balance} >= ${amount}::numeric` })
      .from(a)
      .where(eq(a.userId, userId))
      .for('update');
    if (direction === 'out' && !account!.enough) throw savingsInsufficient();
    await changeBalance(tx, {
      userId,
      amount: direction === 'in' ? `-${amount}` : amount,
      bizType: direction === 'in' ? 'savings_in' : 'savings_out',
    });
    await tx
      .update(a)
      .set({ balance: direction === 'in' ? sql`${a.balance} + ${amount}::numeric` : sql`${a.balance} - ${amount}::numeric` })
      .where(eq(a.userId, userId));
    await tx.insert(savingsMoves).values({ userId, direction, amount, createdAt: now });
  }
}

/** The savings figures; `db` may be the transaction that just moved money, so its answer includes the move. */
export async function summary(db: DbOrTx, clock: Clock, userId: number): Promise<SavingsSummary> {
  const now = clock.now();
  const today = dayOf(now);
  const rules = await savingsRules(db);
  // One after another: on a transaction they share one connection, which runs one query at a time.
  const [account] = await db.select({ balance: plain(a.balance) }).from(a).where(eq(a.userId, userId));
  const [income] = await db
    .select({
      cumulative: plain(sql`coalesce(sum(${si.amount}), 0)`),
      yesterday: plain(sql`coalesce(sum(${si.amount}) filter (where ${si.day} = ${addDays(today, -1)}::date), 0)`),
    })
    .from(si)
    .where(eq(si.userId, userId));
  const base = await todayBase(db, userId, today, rules.pauseHours, now);
  const [lastOut] = await db
    .select({ at: sql<Date | null>`max(${savingsMoves.createdAt})`.mapWith(savingsMoves.createdAt) })
    .from(savingsMoves)
    .where(and(eq(savingsMoves.userId, userId), eq(savingsMoves.direction, 'out')));
  const balance = account?.balance ?? '0';
  const pauseEnd = lastOut?.at ? lastOut.at.getTime() + rules.pauseHours * 3600_000 : 0;
  const [figures] = rowsOf<{ earning: string; today: string; total: string }>(await db.execute(sql`select
      trim_scale(${base.paused ? '0' : base.base}::numeric)::text as earning,
      trim_scale(trunc(${base.paused ? '0' : base.base}::numeric * ${rules.rate}::numeric / 100, 8))::text as today,
      trim_scale(${balance}::numeric + ${income!.cumulative}::numeric)::text as total`));
  return {
    balance,
    earning: figures!.earning,
    total: figures!.total,
    todayIncome: figures!.today,
    yesterdayIncome: income!.yesterday,
    cumulativeIncome: income!.cumulative,
    rate: rules.rate,
    pauseHours: rules.pauseHours,
    pausedUntil: pauseEnd > now ? pauseEnd : null,
  };
}

/** node-postgres and PGlite both answer `{ rows }`; drizzle leaves the shape to the driver. */
export const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

export async function incomeList(ctx: ServerContext, userId: number, pageNum: number, pageSize: number): Promise<Page<SavingsIncome>> {
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ day: si.day, base: plain(si.base), rate: plain(si.rate), amount: plain(si.amount), paused: si.paused, createdAt: si.createdAt })
      .from(si)
      .where(eq(si.userId, userId))
      .orderBy(desc(si.day))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(si).where(eq(si.userId, userId)),
  ]);
  return { rows: rows.map(({ createdAt, ...r }) => ({ ...r, time: createdAt.getTime() })), total: count!.n };
}
