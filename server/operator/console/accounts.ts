/** Named operator accounts: created, listed and removed through the admin API (the command line). */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ServerContext } from '../../context.ts';
import { operatorSessions, operators } from '../../db/schema/index.ts';
import { AppError } from '../../http/envelope.ts';
import { hashPassword } from '../../auth/password.ts';
import { OPERATOR_ROLES, type OperatorRole } from '../../../src/shared/operator-roles.ts';
import { audit, KEY_ACTOR, type Actor } from '../../audit/log.ts';
import { newSecret, otpauthUri } from './totp.ts';

export const OPERATOR_NAME = '^[a-z0-9][a-z0-9._-]{1,31}$';
export const MIN_PASSWORD = 12;
export const MAX_PASSWORD = 128;
/** The issuer an authenticator app shows beside the operator's name. */
export const ISSUER = 'trade-lite';

export interface NewOperator {
  name: string;
  /** Shown once, to be scanned; the server never shows it again. */
  secret: string;
  uri: string;
}

export interface OperatorSummary {
  name: string;
  roles: string[];
  createdAt: string;
  sessions: number;
}

/** One or more known roles, each once, in the order of OPERATOR_ROLES. */
export function checkRoles(roles: readonly string[]): OperatorRole[] {
  const unknown = roles.filter((r) => !(OPERATOR_ROLES as readonly string[]).includes(r));
  if (!roles.length || unknown.length) {
    throw new AppError(400, 'operator.role', `A role is one of ${OPERATOR_ROLES.join(', ')}`, { field: 'roles', roles: OPERATOR_ROLES.join(', ') });
  }
  return OPERATOR_ROLES.filter((r) => roles.includes(r));
}

export async function addOperator(ctx: ServerContext, name: string, password: string, roles: readonly string[] = ['viewer'], actor: Actor = KEY_ACTOR): Promise<NewOperator> {
  const held = checkRoles(roles);
  if (!new RegExp(OPERATOR_NAME).test(name)) {
    throw new AppError(400, 'operator.name', 'An operator name is 2 to 32 lower-case letters, digits, dots, dashes or underscores', { field: 'name' });
  }
  if ([...password].length < MIN_PASSWORD || [...password].length > MAX_PASSWORD) {
    throw new AppError(400, 'operator.password', `An operator password has ${MIN_PASSWORD} to ${MAX_PASSWORD} characters`, { field: 'password' });
  }
  const secret = newSecret();
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: operators.id }).from(operators).where(and(eq(operators.name, name), isNull(operators.removedAt)));
    if (taken) throw new AppError(409, 'operator.exists', `There is already an operator named "${name}"`, { name });
    const [row] = await tx.insert(operators).values({ name, passwordHash, totpSecret: secret, roles: held, createdAt: new Date(now) }).returning({ id: operators.id });
    await audit(tx, now, actor, 'operator.add', name, null, { id: row!.id, name, roles: held });
  });
  return { name, secret, uri: otpauthUri(ISSUER, name, secret) };
}

export async function listOperators(ctx: ServerContext): Promise<OperatorSummary[]> {
  const rows = await ctx.db.select().from(operators).where(isNull(operators.removedAt)).orderBy(asc(operators.name));
  const sessions = await ctx.db.select({ operatorId: operatorSessions.operatorId, expiresAt: operatorSessions.expiresAt }).from(operatorSessions);
  const now = ctx.clock.now();
  return rows.map((r) => ({
    name: r.name,
    roles: r.roles,
    createdAt: r.createdAt.toISOString(),
    sessions: sessions.filter((s) => s.operatorId === r.id && s.expiresAt.getTime() > now).length,
  }));
}

/** Removes the operator and ends their sessions at once; their audit rows stay. */
export async function removeOperator(ctx: ServerContext, name: string, actor: Actor = KEY_ACTOR): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(operators).where(and(eq(operators.name, name), isNull(operators.removedAt))).for('update');
    if (!row) throw new AppError(404, 'operator.notFound', `No operator named "${name}"`, { name });
    await tx.update(operators).set({ removedAt: new Date(now) }).where(eq(operators.id, row.id));
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, row.id));
    await audit(tx, now, actor, 'operator.remove', name, { id: row.id, name }, null);
  });
}

/** Gives the operator exactly these roles, on record with what they were; their sessions see it at once. */
export async function setRoles(ctx: ServerContext, name: string, roles: readonly string[], actor: Actor): Promise<OperatorRole[]> {
  const held = checkRoles(roles);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(operators).where(and(eq(operators.name, name), isNull(operators.removedAt))).for('update');
    if (!row) throw new AppError(404, 'operator.notFound', `No operator named "${name}"`, { name });
    await tx.update(operators).set({ roles: held }).where(eq(operators.id, row.id));
    await audit(tx, now, actor, 'operator.roles', name, { roles: row.roles }, { roles: held });
  });
  return held;
}
