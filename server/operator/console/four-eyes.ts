/**
 * Four eyes: a balance adjustment, or a withdrawal's approval, above `fourEyes.above` is only a
 * proposal until a second operator approves it. The approval carries it out in one transaction
 * with closing the proposal, so two approvals cannot both pay; the audit row names both operators.
 * The proposer may withdraw it; anyone whose role covers its kind may reject it.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WithdrawStatus } from '../../../src/shared/contract.ts';
import { mayDo, type OperatorRole } from '../../../src/shared/operator-roles.ts';
import type { WithdrawReasonKey } from '../../../src/shared/review-reasons.ts';
import type { ServerContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { config, operatorProposals, users, withdrawals } from '../../db/schema/index.ts';
import { AppError } from '../../http/envelope.ts';
import { adjustBalance } from '../api/users.ts';
import { moveWithdrawal } from '../../money/review.ts';
import { audit, type Actor } from '../../audit/log.ts';
import { roleRefused } from './roles.ts';
import type { OpenProposal, Proposal } from '../../../src/shared/contract/console.ts';
import { FOUR_EYES_DEFAULT, FOUR_EYES_KEY } from './four-eyes-config.ts';
import { liftHold, methodOfTarget } from './holds.ts';

/** A withdrawal is approved when it leaves review for one of these: the money is then on its way out. */
const APPROVING: readonly WithdrawStatus[] = ['waiting', 'paying', 'paid', 'succeeded'];
const IN_REVIEW: readonly WithdrawStatus[] = ['reviewing', 'frozen'];

const ROLE_OF: Record<Proposal['kind'], OperatorRole> = { balance: 'finance', withdrawal: 'reviewer', methodHold: 'finance' };

/** An operator with the roles the request's session holds. */
export type Operator = Actor & { id: number; roles: readonly string[] };

export async function fourEyesAbove(db: DbOrTx): Promise<string> {
  const [row] = await db.select({ value: config.value }).from(config).where(eq(config.key, FOUR_EYES_KEY));
  return row?.value ?? FOUR_EYES_DEFAULT;
}

/** Compared as NUMERIC by the database: amounts never pass through a float. */
async function isAbove(db: DbOrTx, amount: string): Promise<boolean> {
  const above = await fourEyesAbove(db);
  const { rows } = (await db.execute(sql`select abs(${amount}::numeric) > ${above}::numeric as over`)) as unknown as { rows: Array<{ over: boolean }> };
  return rows[0]!.over;
}

export const needsTwoForBalance = (ctx: ServerContext, signed: string) => isAbove(ctx.db, signed.replace(/^\+/, ''));

/** Lifting a hold opens the whole balance to the method: the balance is the amount at stake. */
export const needsTwoForHold = (ctx: ServerContext, balance: string) => isAbove(ctx.db, balance);

/** Whether moving this withdrawal to `status` is an approval above the amount. */
export async function needsTwoForWithdrawal(ctx: ServerContext, orderNo: string, status: WithdrawStatus): Promise<{ userId: number; amount: string } | null> {
  if (!APPROVING.includes(status)) return null;
  const [row] = await ctx.db.select({ userId: withdrawals.userId, amount: withdrawals.amount, status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
  if (!row || !IN_REVIEW.includes(row.status)) return null;
  return (await isAbove(ctx.db, row.amount)) ? { userId: row.userId, amount: row.amount } : null;
}

export async function propose(
  ctx: ServerContext,
  who: Operator,
  p: { kind: Proposal['kind']; target: string; userId: number; amount: string; action: Proposal['action'] },
): Promise<Proposal> {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    if (p.kind !== 'balance') {
      const [open] = await tx.select({ id: operatorProposals.id }).from(operatorProposals).where(and(eq(operatorProposals.target, p.target), eq(operatorProposals.kind, p.kind), eq(operatorProposals.status, 'open')));
      if (open) throw new AppError(409, 'fourEyes.pending', p.kind === 'withdrawal' ? 'This withdrawal already waits for a second operator' : 'Lifting this hold already waits for a second operator', { id: open.id });
    }
    const [row] = await tx
      .insert(operatorProposals)
      .values({ ...p, proposedById: who.id, proposedBy: who.name, createdAt: new Date(now) })
      .returning({ id: operatorProposals.id });
    await audit(tx, now, who, 'proposal.add', `proposal:${row!.id}`, null, { kind: p.kind, target: p.target, amount: p.amount, ...p.action }, p.userId);
    return row!.id;
  });
  return (await readProposals(ctx, id))[0]!;
}

export async function readProposals(ctx: ServerContext, id?: number): Promise<Proposal[]> {
  const rows = await ctx.db
    .select({ p: operatorProposals, username: users.username })
    .from(operatorProposals)
    .innerJoin(users, eq(users.id, operatorProposals.userId))
    .where(id === undefined ? eq(operatorProposals.status, 'open') : eq(operatorProposals.id, id))
    .orderBy(desc(operatorProposals.id))
    .limit(100);
  return rows.map(({ p, username }) => ({
    id: p.id,
    kind: p.kind as Proposal['kind'],
    target: p.target,
    username,
    amount: p.amount,
    action: p.action as Proposal['action'],
    proposedBy: p.proposedBy,
    at: p.createdAt.getTime(),
    status: p.status as Proposal['status'],
    decidedBy: p.decidedBy,
  }));
}

/** The open proposal of each of these withdrawals that has one, by order number: the queue marks them. */
export async function openWithdrawalProposals(db: DbOrTx, orderNos: string[]): Promise<Map<string, OpenProposal>> {
  if (!orderNos.length) return new Map();
  const rows = await db
    .select({ id: operatorProposals.id, target: operatorProposals.target, proposedBy: operatorProposals.proposedBy, at: operatorProposals.createdAt })
    .from(operatorProposals)
    .where(and(eq(operatorProposals.kind, 'withdrawal'), eq(operatorProposals.status, 'open'), inArray(operatorProposals.target, orderNos)));
  return new Map(rows.map((r) => [r.target, { id: r.id, proposedBy: r.proposedBy, at: r.at.getTime() }]));
}

const closed = () => new AppError(409, 'fourEyes.closed', 'This proposal was already decided or withdrawn');

async function openOne(ctx: ServerContext, id: number): Promise<typeof operatorProposals.$inferSelect> {
  const [row] = await ctx.db.select().from(operatorProposals).where(eq(operatorProposals.id, id));
  if (!row) throw new AppError(404, 'fourEyes.notFound', 'No such proposal');
  if (row.status !== 'open') throw closed();
  return row;
}

/** Closes the proposal inside the caller's transaction; a second decision racing this one finds it closed. */
async function close(tx: DbOrTx, id: number, status: Proposal['status'], who: Actor, at: number): Promise<void> {
  const done = await tx
    .update(operatorProposals)
    .set({ status, decidedBy: who.name, decidedAt: new Date(at) })
    .where(and(eq(operatorProposals.id, id), eq(operatorProposals.status, 'open')))
    .returning({ id: operatorProposals.id });
  if (!done.length) throw closed();
}

export async function decide(ctx: ServerContext, who: Operator, id: number, decision: 'approve' | 'reject' | 'withdraw'): Promise<Proposal> {
  const row = await openOne(ctx, id);
  const kind = row.kind as Proposal['kind'];
  if (decision === 'withdraw') {
    if (row.proposedById !== who.id) throw new AppError(403, 'fourEyes.notYours', 'Only its proposer can withdraw a proposal');
  } else if (!mayDo(who.roles, ROLE_OF[kind])) throw roleRefused(ROLE_OF[kind]);
  if (decision === 'approve' && row.proposedById === who.id) {
    throw new AppError(403, 'fourEyes.self', 'A second operator must approve this, not its proposer');
  }
  const now = ctx.clock.now();
  const both: Actor = { id: who.id, name: who.name, proposer: row.proposedBy };
  const action = row.action as Proposal['action'];
  if (decision !== 'approve') {
    await ctx.db.transaction(async (tx) => {
      await close(tx, id, decision === 'reject' ? 'rejected' : 'withdrawn', who, now);
      await audit(tx, now, both, decision === 'reject' ? 'proposal.reject' : 'proposal.withdraw', `proposal:${id}`, { kind, target: row.target, amount: row.amount, ...action }, null, row.userId);
    });
  } else if (kind === 'balance') {
    await adjustBalance(ctx, both, row.target, row.amount, action.reason ?? '-', (tx) => close(tx, id, 'approved', who, now));
  } else if (kind === 'methodHold') {
    await liftHold(ctx, both, methodOfTarget(row.target), (tx) => close(tx, id, 'approved', who, now));
  } else {
    const reason = action.reasonKey ? { key: action.reasonKey as WithdrawReasonKey } : action.reason;
    await moveWithdrawal(ctx, row.target, action.status as WithdrawStatus, reason, async (tx, before, after, userId) => {
      await close(tx, id, 'approved', who, now);
      await audit(tx, now, both, 'withdrawal.move', row.target, before, after, userId);
    });
  }
  return (await readProposals(ctx, id))[0]!;
}

/**
 * A decision on the withdrawal itself (giving it back needs no second operator) ends the proposal
 * waiting on it: approving that would only fail, so it is refused, on record, in the same transaction.
 */
export async function supersede(tx: DbOrTx, orderNo: string, who: Actor, at: number): Promise<void> {
  const ended = await tx
    .update(operatorProposals)
    .set({ status: 'rejected', decidedBy: who.name, decidedAt: new Date(at) })
    .where(and(eq(operatorProposals.kind, 'withdrawal'), eq(operatorProposals.target, orderNo), eq(operatorProposals.status, 'open')))
    .returning();
  for (const p of ended) {
    await audit(tx, at, { ...who, proposer: p.proposedBy }, 'proposal.reject', `proposal:${p.id}`, { kind: p.kind, target: p.target, amount: p.amount, ...(p.action as object) }, null, p.userId);
  }
}
