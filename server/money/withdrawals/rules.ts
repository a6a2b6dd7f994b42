/**
 * What a user may withdraw: the VIP limits and what is left of today's total, the fee, and the
 * check of an amount against them. The limits are computed in NUMERIC, the fee by the rule the app
 * shares (src/shared/withdraw-fee.ts).
 */
import { sql } from 'drizzle-orm';
import { outOfRange } from '../../../src/shared/amount-range.ts';
import { isDecimal, trimZeros } from '../../../src/shared/decimal.ts';
import { converts, currencyDecimals } from '../../../src/shared/currency-convert.ts';
import type { PayoutRate } from '../../../src/shared/contract.ts';
import { withdrawFee, type Fee } from '../../../src/shared/withdraw-fee.ts';
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

/** The fee and the debit of `amount`: the shared rule the withdraw screen shows before the user confirms. */
export const quote = (amount: string, cfg: FeeConfig): Fee =>
  withdrawFee(amount, { rate: cfg.withdrawFeeRate, min: cfg.withdrawFeeMin, fixed: cfg.withdrawFeeFixed });

/**
 * The most one withdrawal may be now: the largest amount (8 decimals) whose amount + fee the
 * available balance covers, within the single and today's limits, so withdrawing it leaves the
 * balance at 0 where the fee's rounding allows (else at one smallest unit). '0' when nothing fits.
 * Where the minimum fee applies it is `available - (min + fixed)`; where the rate does, `(available
 * - fixed) / (1 + rate)` cut to 8 decimals or one unit more, as the fee's rounding may take it.
 */
export async function mostOf(db: DbOrTx, available: string, limits: Limits, cfg: FeeConfig): Promise<string> {
  const res = await db.execute(sql`
    with k as (select ${available}::numeric as av, ${cfg.withdrawFeeRate}::numeric / 100 as r,
                      ${cfg.withdrawFeeMin}::numeric as mn, ${cfg.withdrawFeeFixed}::numeric as fx),
         t as (select trunc((av - fx) / (1 + r), 8) as a0, av - round(mn + fx, 8) as a1 from k),
         c as (select v.a from t, lateral (values (t.a1), (t.a0), (t.a0 + 0.00000001)) as v(a))
    select least(coalesce(max(c.a), 0), ${limits.maxSingle}::numeric, ${limits.remainingTotal}::numeric)::numeric(20,8)::text as most
    from c, k
    where c.a > 0 and c.a + round(greatest(c.a * k.r, k.mn) + k.fx, 8) <= k.av`);
  return (res as unknown as { rows: Array<{ most: string }> }).rows[0]!.most;
}

/** Payouts paid in another currency, with the moment the rate was read: PIX in reais. */
export function payoutRates(cfg: Record<MoneyConfigKey, string>, now: number): PayoutRate[] {
  return isDecimal(cfg.pixRate) && converts(cfg.pixRate)
    ? [{ kind: 'pix', currency: 'BRL', rate: trimZeros(cfg.pixRate), decimals: currencyDecimals('bank'), at: now }]
    : [];
}

/** No fee whatever the amount: every part of the rule is zero. */
export const feeFree = (cfg: FeeConfig): boolean =>
  [cfg.withdrawFeeRate, cfg.withdrawFeeMin, cfg.withdrawFeeFixed].every((v) => /^0*(\.0*)?$/.test(v));

/** The configured code channel of withdrawals; anything but `sms` or `email` means none. */
export const codeTypeOf = (value: string): 'none' | 'sms' | 'email' => (value === 'sms' || value === 'email' ? value : 'none');
