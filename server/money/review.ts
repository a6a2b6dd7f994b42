/**
 * The operator's review of deposits and withdrawals: exactly once. Each review locks the record
 * (`FOR UPDATE`), checks the move is allowed from its current status, moves the money through the
 * ledger and updates the record in one transaction; then the user gets a message and a push.
 */
import { eq, sql } from 'drizzle-orm';
import type { Deposit, Withdrawal, WithdrawStatus } from '../../src/shared/contract.ts';
import { trimZeros } from '../../src/shared/decimal.ts';
import { REVIEW_REASONS, WITHDRAW_REASONS, type ReviewReasonKey, type WithdrawReasonKey } from '../../src/shared/review-reasons.ts';
import { moneyReturned, PAID_OUT_WITHDRAW_STATUSES } from '../../src/shared/withdraw-status.ts';
import type { ServerContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { deposits, withdrawals } from '../db/schema/index.ts';
import { AppError } from '../http/envelope.ts';
import { changeBalance } from '../ledger/index.ts';
import { announceQueue } from '../bus/queues.ts';
import { queueNotice } from '../delivery/outbox.ts';
import { notFound, notifyUser } from './common.ts';
import { toDeposit } from './deposits.ts';
import { WITHDRAW_STATUS_NAMES, toWithdrawal } from './withdrawals/rows.ts';

/** Called inside the review's transaction with the record before and after: the audit row. */
export type OnReviewed<R> = (tx: Tx, before: R, after: R, userId: number) => Promise<void>;

const reasonRequired = () => new AppError(400, 'review.reason', 'A reason is required', { field: 'reason' });

export async function reviewDeposit(
  ctx: ServerContext,
  orderNo: string,
  decision: 'approve' | 'reject',
  /** Typed, or a listed reason by its key (the user reads it in their language). */
  reason?: string | { key: ReviewReasonKey },
  onReviewed?: OnReviewed<Deposit>,
): Promise<Deposit> {
  const reasonKey = typeof reason === 'object' ? reason.key : null;
  const why = reasonKey ? REVIEW_REASONS[reasonKey] : (reason as string | undefined)?.trim();
  if (decision === 'reject' && !why) throw reasonRequired();
  const deposit = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(deposits).where(eq(deposits.orderNo, orderNo)).for('update');
    if (!row) throw notFound('deposit');
    if (row.status !== 'submitted') {
      throw new AppError(409, 'deposit.reviewed', `This deposit was already ${row.status}`, { status: row.status });
    }
    if (decision === 'approve') {
      await changeBalance(tx, { userId: row.userId, amount: row.amount, bizType: 'recharge', ref: row.orderNo, remark: `Deposit via ${row.channelName}` });
    }
    const [updated] = await tx
      .update(deposits)
      .set({ status: decision === 'approve' ? 'approved' : 'rejected', rejectReason: decision === 'reject' ? why! : null, rejectReasonKey: decision === 'reject' ? reasonKey : null, reviewedAt: new Date(ctx.clock.now()) })
      .where(eq(deposits.id, row.id))
      .returning();
    await onReviewed?.(tx, toDeposit(row), toDeposit(updated!), row.userId);
    return { userId: row.userId, deposit: toDeposit(updated!) };
  });
  const d = deposit.deposit;
  await notifyUser(
    ctx,
    deposit.userId,
    {
      ...(decision === 'approve'
        ? { title: 'Deposit approved', content: `Your deposit ${d.orderNo} of ${trimZeros(d.amount)} was approved and credited to your balance.` }
        : { title: 'Deposit rejected', content: `Your deposit ${d.orderNo} of ${trimZeros(d.amount)} was rejected: ${d.rejectReason}` }),
      key: 'deposit',
      params: {
        orderNo: d.orderNo,
        amount: d.amount,
        status: d.status,
        ...(decision === 'approve' ? { effect: 'credited' as const } : { reason: d.rejectReason!, ...(reasonKey ? { reasonKey } : {}) }),
      },
    },
    ['balance'],
  );
  await announceQueue(ctx, { queue: 'deposit', orderNo: d.orderNo, change: 'decided' });
  return d;
}

/**
 * Allowed moves of a withdrawal (statuses: docs/rules.md#withdrawal-statuses). `paid`/`succeeded` pay amount + fee out of
 * the frozen amount; `rejected`/`failed`/`no_payout` give it back to the balance with a reason.
 */
export const WITHDRAW_MOVES: Record<WithdrawStatus, WithdrawStatus[]> = {
  reviewing: ['frozen', 'waiting', 'paid', 'succeeded', 'no_payout', 'rejected'],
  frozen: ['reviewing', 'waiting', 'paid', 'succeeded', 'no_payout', 'rejected'],
  waiting: ['paying', 'paid', 'succeeded', 'no_payout', 'rejected', 'failed'],
  paying: ['paid', 'failed'],
  paid: [],
  succeeded: [],
  no_payout: [],
  rejected: [],
  failed: [],
};

export async function moveWithdrawal(
  ctx: ServerContext,
  orderNo: string,
  status: WithdrawStatus,
  /** Typed, or a listed reason by its key (the user reads it in their language). */
  reason?: string | { key: WithdrawReasonKey },
  onReviewed?: OnReviewed<Withdrawal>,
): Promise<Withdrawal> {
  const reasonKey = typeof reason === 'object' ? reason.key : null;
  const why = reasonKey ? WITHDRAW_REASONS[reasonKey] : (reason as string | undefined)?.trim() || null;
  if (moneyReturned(status) && !why) throw reasonRequired();
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo)).for('update');
    if (!row) throw notFound('withdrawal');
    if (!WITHDRAW_MOVES[row.status].includes(status)) {
      throw new AppError(409, 'withdrawal.move', `A withdrawal that is ${row.status} cannot become ${status}`, { from: row.status, to: status });
    }
    const debit = (await tx.execute(
      // amount + fee, exactly as frozen at submit.
      sql`select (${row.amount}::numeric + ${row.fee}::numeric)::numeric(20,8)::text as d`,
    )) as unknown as { rows: Array<{ d: string }> };
    const total = debit.rows[0]!.d;
    if (PAID_OUT_WITHDRAW_STATUSES.includes(status)) {
      await changeBalance(tx, { userId: row.userId, amount: '0', frozenDelta: `-${total}`, bizType: 'withdraw', ref: row.orderNo, remark: 'Withdrawal paid out' });
    } else if (moneyReturned(status)) {
      await changeBalance(tx, { userId: row.userId, amount: total, frozenDelta: `-${total}`, bizType: 'withdraw_refund', ref: row.orderNo, remark: why! });
    }
    const [updated] = await tx
      .update(withdrawals)
      .set({ status, ...(why ? { remark: why, remarkKey: reasonKey } : {}), reviewedAt: new Date(ctx.clock.now()) })
      .where(eq(withdrawals.id, row.id))
      .returning();
    await onReviewed?.(tx, toWithdrawal(row), toWithdrawal(updated!), row.userId);
    const told = { amount: trimZeros(row.amount), orderNo: row.orderNo };
    if (PAID_OUT_WITHDRAW_STATUSES.includes(status)) await queueNotice(ctx, tx, row.userId, 'withdrawPaid', told);
    else if (moneyReturned(status)) await queueNotice(ctx, tx, row.userId, 'withdrawRejected', { ...told, reason: why! });
    return { userId: row.userId, withdrawal: toWithdrawal(updated!) };
  });
  const w = result.withdrawal;
  const label = WITHDRAW_STATUS_NAMES[status];
  await notifyUser(
    ctx,
    result.userId,
    {
      title: `Withdrawal: ${label}`,
      content: `Your withdrawal ${w.orderNo} of ${trimZeros(w.amount)} is now "${label}"${why ? `: ${why}` : '.'}`,
      key: 'withdraw',
      params: {
        orderNo: w.orderNo,
        amount: w.amount,
        status,
        ...(moneyReturned(status) ? { effect: 'returned' as const } : {}),
        ...(why ? { reason: why } : {}),
        ...(reasonKey ? { reasonKey } : {}),
      },
    },
    PAID_OUT_WITHDRAW_STATUSES.includes(status) || moneyReturned(status) ? ['balance', 'expenses'] : ['expenses'],
  );
  await announceQueue(ctx, { queue: 'withdrawal', orderNo: w.orderNo, change: 'decided' });
  return w;
}
