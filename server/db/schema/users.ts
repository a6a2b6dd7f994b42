import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique(),
  /** scrypt hash, `scrypt$N$r$p$salt$hash` (see server/auth/password.ts). */
  passwordHash: text('password_hash').notNull(),
  fundPasswordHash: text('fund_password_hash'),
  phone: text('phone'),
  email: text('email'),
  realName: text('real_name'),
  inviteCode: text('invite_code').notNull().unique(),
  inviterId: integer('inviter_id'),
  creditScore: integer('credit_score').notNull().default(100),
  vipLevel: integer('vip_level').notNull().default(0),
  avatar: text('avatar'),
  /** Global mask flag (`is_order`: docs/rules.md#global-mask); null means the operator never set it. */
  isOrder: boolean('is_order'),
  /** The app language of the latest sign-in: the notices sent by e-mail are written in it. */
  lang: text('lang'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('users_email_idx').on(sql`lower(${t.email})`), index('users_phone_idx').on(t.phone)]);

export const sessions = pgTable('sessions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** SHA-256 of the token, hex: a leaked table does not leak usable tokens. */
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  revoked: boolean('revoked').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Browser and system of the sign-in, shortened ("Chrome 120 · Android 13"); null before migration 0019. */
  agent: text('agent'),
  /** The client's address at sign-in: the user's own list shows it masked. */
  ip: text('ip'),
  /** When a request last used the token, at most a minute stale (server/auth/session.ts). */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

/**
 * Each sign-in (the newest `SIGN_INS_KEPT` per user, pruned as a new one is written): when, from
 * which address as the server sees it behind its trusted proxy, a short name of the browser, and how.
 * The address is personal data: only the operator console shows it.
 */
export const signIns = pgTable('sign_ins', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  ip: text('ip').notNull(),
  agent: text('agent').notNull(),
  how: text('how', { enum: ['password', 'partner', 'register', 'passkey'] }).notNull(),
}, (t) => [index('sign_ins_user_idx').on(t.userId, t.id)]);
