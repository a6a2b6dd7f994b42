/**
 * The audit log: one row per operator action, written with the caller's transaction so it exists
 * exactly when the change does. Rows are only ever inserted (the database refuses the rest).
 */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import type { AuditRow } from '../../src/shared/contract/console.ts';

/** Who acted: a named operator of the console, or the shared key of the command line. */
export interface Actor {
  id: number | null;
  name: string;
  /** Under four eyes, the operator who proposed what this one approved: the row names both. */
  proposer?: string;
}

/** Scripts act with the shared operator key, not as anyone in particular. */
export const KEY_ACTOR: Actor = { id: null, name: '(operator key)' };

/** The command line names the machine's user who ran it; the key proves it runs where the data is. */
export const CLI_USER_HEADER = 'x-operator-user';
const CLI_USER = /^[\w.@-]{1,64}$/;

/** The command line acts as an admin, on record as `<machine user> (command line)`. */
export function keyActor(request: { headers: Record<string, string | string[] | undefined> }): Actor {
  const user = request.headers[CLI_USER_HEADER];
  return typeof user === 'string' && CLI_USER.test(user) ? { id: null, name: `${user} (command line)` } : KEY_ACTOR;
}

export type AuditKind =
  | 'operator.add'
  | 'operator.remove'
  | 'operator.roles'
  | 'proposal.add'
  | 'proposal.reject'
  | 'proposal.withdraw'
  | 'console.signIn'
  | 'console.signOut'
  | 'deposit.approve'
  | 'deposit.reject'
  | 'withdrawal.move'
  | 'user.balance'
  | 'user.message'
  | 'user.mask'
  | 'user.askCode'
  | 'user.endSessions'
  | 'method.liftHold'
  | 'notice.add'
  | 'news.add'
  | 'page.set'
  | 'translation.set'
  | 'config.set'
  | 'bank.region'
  | 'channel.region'
  | 'partner.add'
  | 'partner.remove'
  | 'market.release';

/** `userId`: the user the action concerned, when one did (the log filters by it). */
export async function audit(tx: DbOrTx, at: number, actor: Actor, kind: AuditKind, target: string, before: unknown, after: unknown, userId: number | null = null): Promise<void> {
  await tx.insert(auditLog).values({ at: new Date(at), operatorId: actor.id, operatorName: actor.name, proposedBy: actor.proposer ?? null, kind, target, userId, before: before ?? null, after: after ?? null });
}

/** Newest first; `beforeId` pages back; `user` is a user's name, else their id. */
export async function readAudit(db: Db, filter: { operator?: string; user?: string; kind?: string; beforeId?: number; limit: number }): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.operator) where.push(eq(auditLog.operatorName, filter.operator));
  if (filter.user !== undefined) where.push(eq(auditLog.userId, await userIdOf(db, filter.user)));
  if (filter.kind) where.push(eq(auditLog.kind, filter.kind));
  if (filter.beforeId) where.push(lt(auditLog.id, filter.beforeId));
  const rows = await db
    .select({ r: auditLog, username: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
  return rows.map(({ r, username }) => ({
    id: r.id,
    at: r.at.getTime(),
    operator: r.operatorName,
    proposedBy: r.proposedBy,
    kind: r.kind,
    target: r.target,
    userId: r.userId,
    username,
    before: r.before,
    after: r.after,
  }));
}

/** A user by name, else by id (a name may be all digits, a phone number); an unknown one matches nothing (-1 is no user's id). */
async function userIdOf(db: Db, user: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, user));
  if (row) return row.id;
  return /^[1-9]\d{0,9}$/.test(user) && Number(user) <= 2147483647 ? Number(user) : -1;
}
