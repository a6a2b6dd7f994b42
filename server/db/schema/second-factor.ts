import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's authenticator app (server/auth/second-factor/): its secret, on once `confirmedAt` is set
 * by a first right code. The secret is kept as is because every check needs it.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, 160 bits. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  /** The 30-second step of the latest code taken: a code is taken once, and never one older. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
});

/** One-time recovery codes, stored as their SHA-256 (each has 50 random bits). */
export const recoveryCodes = pgTable('recovery_codes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
}, (t) => [index('recovery_codes_user_idx').on(t.userId)]);
