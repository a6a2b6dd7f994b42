import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Named operators of the console, created with `npm run operator -- operator add`. A removed
 * operator keeps its row (the audit log names it) and loses its sessions; its name is free again.
 */
export const operators = pgTable('operators', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** The TOTP secret, base32 (RFC 4648) as authenticator apps take it. */
  totpSecret: text('totp_secret').notNull(),
  /** The 30-second step of the last code accepted: a code is good once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** What the operator may do (server/operator/console/roles.ts); operators from before roles became admins. */
  roles: text('roles').array().notNull().default(sql`'{viewer}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
}, (t) => [uniqueIndex('operators_name_idx').on(t.name).where(sql`${t.removedAt} is null`)]);

/** Console sessions: only the SHA-256 of the cookie's token is kept. */
export const operatorSessions = pgTable('operator_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: integer('operator_id').notNull().references(() => operators.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('operator_sessions_operator_idx').on(t.operatorId)]);

/**
 * What operators did: written in the same transaction as the change, never updated or deleted
 * (no route does; the database refuses it too, see the migration's trigger).
 */
export const auditLog = pgTable('audit_log', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  operatorId: integer('operator_id').references(() => operators.id),
  /** The operator's name as it was, so the row reads the same after a removal. */
  operatorName: text('operator_name').notNull(),
  /** Under four eyes, the operator who proposed what `operatorName` approved. */
  proposedBy: text('proposed_by'),
  kind: text('kind').notNull(),
  target: text('target').notNull(),
  /** The user the action concerned, when one did: the log filters by it. */
  userId: integer('user_id'),
  before: jsonb('before'),
  after: jsonb('after'),
}, (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_operator_idx').on(t.operatorId, t.at), index('audit_log_user_idx').on(t.userId, t.id)]);

/**
 * Who has a queue item open in the console: a short claim the other operators see, renewed while
 * the item stays open and forgotten when it lapses. It never blocks a decision.
 */
export const consoleClaims = pgTable('console_claims', {
  /** `deposit:<orderNo>` or `withdrawal:<orderNo>`. */
  item: text('item').primaryKey(),
  operatorId: integer('operator_id').notNull().references(() => operators.id, { onDelete: 'cascade' }),
  operatorName: text('operator_name').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Four eyes: a money decision above `fourEyes.above` waits here until a second operator approves
 * it (server/operator/console/four-eyes.ts). Only the approval carries it out; the row keeps who did what.
 */
export const operatorProposals = pgTable('operator_proposals', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** `balance` (an adjustment) or `withdrawal` (an approval). */
  kind: text('kind').notNull(),
  /** The user's name for a balance, the order number for a withdrawal. */
  target: text('target').notNull(),
  userId: integer('user_id').notNull(),
  /** The money at stake, signed for an adjustment. */
  amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
  /** What approving does: `{ reason }` for a balance, `{ status, reason?, reasonKey? }` for a withdrawal. */
  action: jsonb('action').notNull(),
  proposedById: integer('proposed_by_id').notNull().references(() => operators.id),
  proposedBy: text('proposed_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** `open`, then `approved`, `rejected` or `withdrawn`. */
  status: text('status').notNull().default('open'),
  decidedBy: text('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  index('operator_proposals_open_idx').on(t.status, t.id),
  // One open proposal per withdrawal: a second operator answers the first, not a rival.
  uniqueIndex('operator_proposals_withdrawal_idx').on(t.target).where(sql`${t.kind} = 'withdrawal' and ${t.status} = 'open'`),
]);
