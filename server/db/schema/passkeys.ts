import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A user's passkeys (server/auth/passkeys/): the credential's public key and its signature counter. */
export const passkeys = pgTable('passkeys', {
  /** The credential id, base64url, as the browser names it. */
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  /** The authenticator's signature counter; 0 for those that keep none. */
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  /** The transports the browser reported, comma-separated, to hint the next sign-in. */
  transports: text('transports').notNull().default(''),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
}, (t) => [index('passkeys_user_idx').on(t.userId)]);

/** Challenges handed out for a passkey ceremony: each is taken once, before it expires. */
export const passkeyChallenges = pgTable('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  /** The user registering; null for a sign-in, whose user the passkey names. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['register', 'signIn'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
