/**
 * What a user may withdraw: the VIP limits and what is left of today's total, the fee, and the
 * check of an amount against them. The limits and the fee are computed in NUMERIC.
 */
import { sql } from 'drizzle-orm';
import { outOfRange } from '../../../src/shared/amount-range.ts';
import { trimZeros } from '../../../src/shared/decimal.ts';
import { RETURNED_WITHDRAW_STATUSES } from '../../../src/shared/withdraw-status.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { MoneyConfigKey } from '../common.ts';
import { aboveMax, aboveTotal, belowMin } from './errors.ts';

const DAY_MS = 24 * 3600_000;

export interface Limits {
  maxSingle: string;
  maxTotal: string;
  remainingTotal: string;
}

/** VIP limits of the user and what is left of today's (UTC) total; returned withdrawals do not count. */
export async function limitsOf(db: DbOrTx, userId: number, now: number): Promise<Limits> {
  const dayStart = new Date(now - (now % DAY_MS));
  const res = await db.execute(sql`
    select coalesce(v.max_withdrawal, 0)::numeric(20,8)::text as max_single,
           coalesce(l.max_daily_total, v.max_withdrawal, 0)::numeric(20,8)::text as max_total,
           greatest(coalesce(l.max_daily_total, v.max_withdrawal, 0) - (
             select coalesce(sum(w.amount), 0) from withdrawals w
             where w.user_id = u.id and w.created_at >= ${dayStart}
               and w.status not in (${sql.join(RETURNED_WITHDRAW_STATUSES.map((s) => sql`${s}`), sql`, `)})
           ), 0)::numeric(20,8)::text as remaining
    from users u
    left join vip_levels v on v.level = u.vip_level
    left join withdraw_limits l on l.vip_level = u.vip_level
    where u.id = ${userId}`);
  // node-postgres and PGlite both answer `{ rows }`; drizzle leaves the shape to the driver.
  const row = (res as unknown as { rows: Array<{ max_single: string; max_total: string; remaining: string }> }).rows[0]!;
  return { maxSingle: row.max_single, maxTotal: row.max_total, remainingTotal: row.remaining };
}

/** The minimum, the VIP maximum single amount and what is left of today's total, with their messages. */
export function checkLimits(amount: string, minAmount: string, limits: Limits): void {
  const single = outOfRange(amount, minAmount, limits.maxSingle);
  if (single < 0) throw belowMin(trimZeros(minAmount));
  if (single > 0) throw aboveMax(trimZeros(limits.maxSingle));
  if (outOfRange(amount, null, limits.remainingTotal)) throw aboveTotal(trimZeros(limits.remainingTotal));
}

type FeeConfig = Record<Extract<MoneyConfigKey, 'withdrawFeeRate' | 'withdrawFeeMin' | 'withdrawFeeFixed'>, string>;

export interface FeeQuote {
  fee: string;
  debit: string;
}

/** max(amount × rate / 100, min) + fixed, rounded half up to 8 decimals, in NUMERIC; debit = amount + fee. */
export async function quote(db: DbOrTx, amount: string, cfg: FeeConfig): Promise<FeeQuote> {
  const res = await db.execute(sql`
    select f.fee::text as fee, (${amount}::numeric + f.fee)::numeric(20,8)::text as debit
    from (select round(greatest(${amount}::numeric * ${cfg.withdrawFeeRate}::numeric / 100, ${cfg.withdrawFeeMin}::numeric)
                       + ${cfg.withdrawFeeFixed}::numeric, 8)::numeric(20,8) as fee) f`);
  return (res as unknown as { rows: FeeQuote[] }).rows[0]!;
}

/** No fee whatever the amount: every part of the rule is zero. */
export const feeFree = (cfg: FeeConfig): boolean =>
  [cfg.withdrawFeeRate, cfg.withdrawFeeMin, cfg.withdrawFeeFixed].every((v) => /^0*(\.0*)?$/.test(v));

/** The configured code channel of withdrawals; anything but `sms` or `email` means none. */
export const codeTypeOf = (value: string): 'none' | 'sms' | 'email' => (value === 'sms' || value === 'email' ? value : 'none');
