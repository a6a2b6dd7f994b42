import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** SMS and e-mail codes; `target` is the phone or the lower-cased address. */
export const verificationCodes = pgTable('verification_codes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  target: text('target').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  used: boolean('used').notNull().default(false),
}, (t) => [index('verification_codes_target_idx').on(t.channel, t.target)]);

export const captchas = pgTable('captchas', {
  uuid: text('uuid').primaryKey(),
  code: text('code').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Fixed-window counters kept in the database so every server process shares them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
});

/** The guess limiter's rows (server/auth/guesses.ts): `<rule>:<subject>`, its counted tries and lock. */
export const guesses = pgTable('guesses', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  /** When the first try of the current window was counted; null before any and after a lock. */
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});
