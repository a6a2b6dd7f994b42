/**
 * Wallet figures of the user tab (wallet and account: docs/rules.md#wallet): total assets, total income and bonuses.
 * Total assets count money moved into savings or a finance product too: moving it does not make the user poorer.
 * Income is what trading, finance products and savings earned; a bonus (the demo account's funds, a
 * welcome credit) was given, not earned, so it is its own figure and never counts as income.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** Bills that are income: money the user earned rather than moved. */
const INCOME_BILLS = ['finance_income', 'savings_income'];

export interface WalletFigures {
  balance: string;
  frozen: string;
  totalAssets: string;
  totalIncome: string;
  bonus: string;
}

/** One query, NUMERIC all the way; zeros for a user without a wallet row yet. */
export async function walletFigures(db: DbOrTx, userId: number): Promise<WalletFigures> {
  const result = await db.execute(sql`
    select coalesce(w.balance, 0)::numeric(20,8)::text as balance,
           coalesce(w.frozen, 0)::numeric(20,8)::text as frozen,
           (coalesce(w.balance, 0) + coalesce(w.frozen, 0)
            + coalesce((select s.balance from savings_accounts s where s.user_id = ${userId}), 0)
            + (select coalesce(sum(h.amount), 0) from finance_holdings h where h.user_id = ${userId} and h.status = 'holding'))::numeric(20,8)::text as total_assets,
           ((select coalesce(sum(b.amount), 0) from wallet_bills b
               where b.user_id = ${userId} and b.biz_type in (${sql.join(INCOME_BILLS.map((t) => sql`${t}`), sql`, `)}))
            + (select coalesce(sum(o.payout - o.amount), 0) from contract_orders o
               where o.user_id = ${userId} and o.result = 'win'))::numeric(20,8)::text as total_income,
           (select coalesce(sum(b.amount), 0) from wallet_bills b
             where b.user_id = ${userId} and b.biz_type = 'bonus')::numeric(20,8)::text as bonus
    from (select ${userId}::int as id) u
    left join wallets w on w.user_id = u.id`);
  // node-postgres and PGlite both answer `{ rows }`; drizzle leaves the shape to the driver.
  const row = (result as unknown as { rows: Array<{ balance: string; frozen: string; total_assets: string; total_income: string; bonus: string }> }).rows[0]!;
  return { balance: row.balance, frozen: row.frozen, totalAssets: row.total_assets, totalIncome: row.total_income, bonus: row.bonus };
}
