/** Savings: moves in and out through the ledger, the summary and the income list. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Page, SavingsDetail, SavingsIncome, SavingsSummary } from '../../src/shared/contract.ts';
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

/**
 * Moves and interest in one list, newest first (a move and a day's interest at the same instant:
 * the later row first). Paged in the database, so a long history costs one page.
 */
export async function detailList(ctx: ServerContext, userId: number, pageNum: number, pageSize: number): Promise<Page<SavingsDetail>> {
  const rows = rowsOf<{ kind: 'in' | 'out' | 'income'; amount: string; at: Date | string; day: string | null; base: string | null; rate: string | null; paused: boolean | null }>(
    await ctx.db.execute(sql`
      select * from (
        select ${savingsMoves.direction} as kind, ${plain(savingsMoves.amount)} as amount, ${savingsMoves.createdAt} as at, ${savingsMoves.id} as id,
               null::text as day, null::text as base, null::text as rate, null::boolean as paused
          from ${savingsMoves} where ${savingsMoves.userId} = ${userId}
        union all
        select 'income', ${plain(si.amount)}, ${si.createdAt}, ${si.id}, ${si.day}::text, ${plain(si.base)}, ${plain(si.rate)}, ${si.paused}
          from ${si} where ${si.userId} = ${userId}
      ) d
      order by at desc, kind = 'income' desc, id desc
      limit ${pageSize} offset ${(pageNum - 1) * pageSize}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`select
      (select count(*) from ${savingsMoves} where ${savingsMoves.userId} = ${userId})::int
      + (select count(*) from ${si} where ${si.userId} = ${userId})::int as n`),
  );
  return {
    rows: rows.map((r): SavingsDetail => {
      const time = new Date(r.at).getTime();
      return r.kind === 'income'
        ? { kind: 'income', day: r.day!, base: r.base!, rate: r.rate!, amount: r.amount, paused: !!r.paused, time }
        : { kind: r.kind, amount: r.amount, time };
    }),
    total: count!.n,
  };
}
