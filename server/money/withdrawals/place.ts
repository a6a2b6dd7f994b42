/**
 * Placing a withdrawal: the owner proves it is them (fund password, and the code when the platform
 * asks for one), then amount + fee move from the balance to the frozen amount until review.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Withdrawal } from '../../../src/shared/contract.ts';
import { boundTarget, consumeCode } from '../../auth/codes.ts';
import { checkFundPasswordTry } from '../../auth/fund-password.ts';
import type { ServerContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { paymentMethods, users, withdrawals } from '../../db/schema/index.ts';
import { changeBalance } from '../../ledger/index.ts';
import { newOrderNo } from '../../orders/order-no.ts';
import { queueNotice } from '../../delivery/outbox.ts';
import { cmp, trimZeros } from '../../../src/shared/decimal.ts';
import { type MoneyConfigKey, notFound } from '../common.ts';
import { feeChanged, noCodeTarget } from './errors.ts';
import { checkNotHeld, holdHours } from '../hold.ts';
import { toWithdrawal } from './rows.ts';
import { checkLimits, codeTypeOf, limitsOf, payoutRates, quote } from './rules.ts';
import { payoutFor } from '../../../src/shared/currency-convert.ts';
import { proveSecondFactor } from '../../auth/second-factor/check.ts';

type MoneyConfig = Record<MoneyConfigKey, string>;

/** Where the withdrawal code goes: the account's own phone or e-mail. */
export async function codeTarget(db: DbOrTx, userId: number, channel: 'sms' | 'email'): Promise<string> {
  const target = await boundTarget(db, userId, channel);
  if (!target) throw noCodeTarget(channel);
  return target;
}

/** Counted outside the withdrawal's transaction, so a wrong password or code still counts. */
export async function proveOwner(ctx: ServerContext, request: FastifyRequest, userId: number, cfg: MoneyConfig, fundPassword: string, code: string | undefined, otp: string | undefined): Promise<void> {
  await checkFundPasswordTry(ctx, request, userId, fundPassword);
  // Before the sent code, which a refusal here would otherwise spend.
  await proveSecondFactor(ctx, request, userId, otp);
  const channel = codeTypeOf(cfg.withdrawCodeType);
  if (channel !== 'none') await consumeCode(ctx, request, channel, await codeTarget(ctx.db, userId, channel), code);
}

/** In the caller's transaction: the freeze (bill ref = order number) and the record commit together or not at all. */
export async function placeWithdrawal(ctx: ServerContext, tx: Tx, userId: number, cfg: MoneyConfig, input: { methodId: number; amount: string; fee?: string }): Promise<Withdrawal> {
  const { methodId, amount } = input;
  // One withdrawal at a time per user: the daily total below must see the ones before it.
  // NO KEY UPDATE, not UPDATE: every bill insert takes KEY SHARE on the user row (its foreign
  // key) while holding the wallet row, so FOR UPDATE here, taken before the wallet, deadlocks
  // with any concurrent order, purchase or savings move of the same user.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const [method] = await tx.select().from(paymentMethods).where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.userId, userId)));
  if (!method) throw notFound('paymentMethod');
  const now = ctx.clock.now();
  checkNotHeld(method, await holdHours(tx), now);
  checkLimits(amount, cfg.withdrawMinAmount, await limitsOf(tx, userId, now));
  const q = quote(amount, cfg);
  // The fee the user confirmed is the one taken, or nothing moves.
  if (input.fee !== undefined && cmp(input.fee, q.fee) !== 0) throw feeChanged(trimZeros(q.fee));
  // docs/rules.md#amounts-in-another-currency: what the payee gets in the payout's currency is fixed now.
  const rate = payoutRates(cfg, now).find((p) => p.kind === method.kind);
  const payout = rate
    ? { payoutCurrency: rate.currency, payoutAmount: payoutFor(amount, rate.rate, rate.decimals), payoutRate: rate.rate, payoutRateAt: new Date(rate.at) }
    : {};
  const orderNo = newOrderNo();
  await changeBalance(tx, { userId, amount: `-${q.debit}`, frozenDelta: q.debit, bizType: 'withdraw_freeze', ref: orderNo, remark: 'Withdrawal submitted' });
  const [row] = await tx
    .insert(withdrawals)
    .values({
      orderNo,
      userId,
      method: method.kind,
      payee: method.payee,
      bankName: method.bankName,
      account: method.account ?? method.image ?? '',
      network: method.network,
      amount,
      fee: q.fee,
      ...payout,
      createdAt: new Date(now),
    })
    .returning();
  await queueNotice(ctx, tx, userId, 'withdrawRequested', { amount: trimZeros(amount), orderNo });
  return toWithdrawal(row!);
}
