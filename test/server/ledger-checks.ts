/**
 * What the ledger tests check after a run, read straight from the tables of a set of users: each
 * wallet against its bills, withdrawals, savings moves; orders and holdings against their payments;
 * and the users' total money. Amounts come back as `numeric(20,8)` text; sums in the test are
 * bigint units of 1e-8 so nothing rounds.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../server/db/client.ts';

const SCALE = 100_000_000n;

/** A decimal string (scale ≤ 8) as units of 1e-8. */
export function units(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(value);
  if (!m) throw new Error(`not a decimal: ${value}`);
  const n = BigInt(m[2]!) * SCALE + BigInt((m[3] ?? '').padEnd(8, '0'));
  return m[1] ? -n : n;
}

/** Units of 1e-8 as the database writes `numeric(20,8)`. */
export function fromUnits(n: bigint): string {
  const sign = n < 0n ? '-' : '';
  const abs = n < 0n ? -n : n;
  return `${sign}${abs / SCALE}.${(abs % SCALE).toString().padStart(8, '0')}`;
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => (await db.execute(query) as unknown as { rows: T[] }).rows;
const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}::int`), sql`, `);
const N = (expr: SQL) => sql`coalesce(${expr}, 0)::numeric(20,8)::text`;

/**
 * The users' money: available + frozen, savings, running holdings and the stakes of open orders.
 * Only money coming in or going out (and what the platform pays or wins) may change it.
 */
export async function platformTotal(db: DbOrTx, ids: number[]): Promise<bigint> {
  const [row] = await rows<{ total: string }>(db, sql`select ${N(sql`(
      (select sum(balance + frozen) from wallets where user_id in (${idList(ids)}))
    + coalesce((select sum(balance) from savings_accounts where user_id in (${idList(ids)})), 0)
    + coalesce((select sum(amount) from finance_holdings where status = 'holding' and user_id in (${idList(ids)})), 0)
    + coalesce((select sum(amount) from contract_orders where status = 'open' and user_id in (${idList(ids)})), 0))`)} as total`);
  return units(row!.total);
}

export interface WalletCheck {
  userId: number;
  balance: string;
  frozen: string;
  billAmount: string;
  billFrozen: string;
  lastBalanceAfter: string;
  frozenWithdrawals: string;
  savings: string;
  savingsMoves: string;
}

export interface LedgerTotals {
  wallets: WalletCheck[];
  orderNos: string[];
  openOrders: number;
  /** Orders with more than one settlement bill. */
  settlementBillsTwice: number;
  /** Settled orders whose settlement bills do not add up to their payout (none for a loss). */
  settledWithoutBill: number;
  holdingNos: string[];
  runningHoldings: number;
  /** Completed holdings without exactly one income a day, the income total, and the principal back once. */
  holdingsNotPaidOnce: number;
  approvedDeposits: string[];
  rejectedDeposits: string[];
  paidWithdrawals: string[];
  returnedWithdrawals: string[];
  bills: { recharge: string; adjust: string; paidOut: string };
  /** Σ payout − amount of settled orders: what the users won (or, negative, lost). */
  orderResult: string;
  financeIncome: string;
  savingsIncome: string;
}

export async function ledgerTotals(db: DbOrTx, ids: number[]): Promise<LedgerTotals> {
  const users = idList(ids);
  const wallets = await rows<WalletCheck>(db, sql`select w.user_id as "userId",
      w.balance::text as balance, w.frozen::text as frozen,
      ${N(sql`(select sum(amount) from wallet_bills b where b.user_id = w.user_id)`)} as "billAmount",
      ${N(sql`(select sum(frozen_delta) from wallet_bills b where b.user_id = w.user_id)`)} as "billFrozen",
      ${N(sql`(select balance_after from wallet_bills b where b.user_id = w.user_id order by id desc limit 1)`)} as "lastBalanceAfter",
      ${N(sql`(select sum(amount + fee) from withdrawals x where x.user_id = w.user_id and x.status in ('reviewing', 'frozen', 'waiting', 'paying'))`)} as "frozenWithdrawals",
      ${N(sql`(select balance from savings_accounts a where a.user_id = w.user_id)`)} as savings,
      ${N(sql`(select sum(case when direction = 'in' then amount else -amount end) from savings_moves m where m.user_id = w.user_id)`)} as "savingsMoves"
    from wallets w where w.user_id in (${users}) order by w.user_id`);
  const [orders] = await rows<{ orderNos: string[] | null; open: number; twice: number; mismatch: number }>(db, sql`with o as (
      select o.order_no, o.status, o.result, o.payout,
        (select count(*) from wallet_bills b where b.ref = o.order_no and b.biz_type in ('order_win', 'order_refund'))::int as n,
        (select sum(amount) from wallet_bills b where b.ref = o.order_no and b.biz_type in ('order_win', 'order_refund')) as paid
      from contract_orders o where o.user_id in (${users}))
    select array_agg(order_no) as "orderNos",
      count(*) filter (where status = 'open')::int as open,
      count(*) filter (where n > 1)::int as twice,
      count(*) filter (where status = 'settled' and (n <> case when result = 'loss' then 0 else 1 end or coalesce(paid, 0) <> payout))::int as mismatch
    from o`);
  const [holdings] = await rows<{ holdingNos: string[] | null; running: number; unpaid: number }>(db, sql`with h as (
      select h.order_no, h.status, h.cycle_days, h.amount, h.total_income,
        (select count(*) from finance_income i where i.holding_id = h.id)::int as days,
        (select coalesce(sum(amount), 0) from finance_income i where i.holding_id = h.id) as income,
        (select count(*) from wallet_bills b where b.ref = h.order_no and b.biz_type = 'finance_return')::int as returns,
        (select coalesce(sum(amount), 0) from wallet_bills b where b.ref = h.order_no and b.biz_type = 'finance_return') as returned,
        (select coalesce(sum(amount), 0) from wallet_bills b where b.ref = h.order_no and b.biz_type = 'finance_income') as income_bills
      from finance_holdings h where h.user_id in (${users}))
    select array_agg(order_no) as "holdingNos",
      count(*) filter (where status = 'holding')::int as running,
      count(*) filter (where status = 'completed' and (days <> cycle_days or income <> total_income or income_bills <> income or returns <> 1 or returned <> amount))::int as unpaid
    from h`);
  const byStatus = async (table: 'deposits' | 'withdrawals', statuses: string[]) =>
    (await rows<{ order_no: string }>(db, sql`select order_no from ${sql.identifier(table)} where user_id in (${users}) and status in (${sql.join(statuses.map((x) => sql`${x}`), sql`, `)})`)).map((r) => r.order_no);
  const [sums] = await rows<Pick<LedgerTotals, 'orderResult' | 'financeIncome' | 'savingsIncome'> & LedgerTotals['bills']>(db, sql`select
      ${N(sql`(select sum(amount) from wallet_bills where user_id in (${users}) and biz_type = 'recharge' and ref in (select order_no from deposits))`)} as recharge,
      ${N(sql`(select sum(amount) from wallet_bills where user_id in (${users}) and biz_type = 'adjust')`)} as adjust,
      ${N(sql`(select -sum(frozen_delta) from wallet_bills where user_id in (${users}) and biz_type = 'withdraw')`)} as "paidOut",
      ${N(sql`(select sum(payout - amount) from contract_orders where user_id in (${users}) and status = 'settled')`)} as "orderResult",
      ${N(sql`(select sum(amount) from finance_income where user_id in (${users}))`)} as "financeIncome",
      ${N(sql`(select sum(amount) from savings_income where user_id in (${users}))`)} as "savingsIncome"`);
  return {
    wallets,
    orderNos: orders!.orderNos ?? [],
    openOrders: orders!.open,
    settlementBillsTwice: orders!.twice,
    settledWithoutBill: orders!.mismatch,
    holdingNos: holdings!.holdingNos ?? [],
    runningHoldings: holdings!.running,
    holdingsNotPaidOnce: holdings!.unpaid,
    approvedDeposits: await byStatus('deposits', ['approved']),
    rejectedDeposits: await byStatus('deposits', ['rejected']),
    paidWithdrawals: await byStatus('withdrawals', ['paid', 'succeeded']),
    returnedWithdrawals: await byStatus('withdrawals', ['rejected', 'failed', 'no_payout']),
    bills: { recharge: sums!.recharge, adjust: sums!.adjust, paidOut: sums!.paidOut },
    orderResult: sums!.orderResult,
    financeIncome: sums!.financeIncome,
    savingsIncome: sums!.savingsIncome,
  };
}
