import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** How a partner's pages look: CSS colour variables, a logo URL, and the sections it does not offer. */
export interface PartnerBrand {
  colors: Record<string, string>;
  logo: string | null;
  hide: string[];
}

/**
 * Partners that sign their users on (`npm run operator -- partner add`). A removed partner keeps
 * its row, so its users stay linked to it and its tokens are refused as removed, not unknown.
 */
export const partners = pgTable('partners', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  alg: text('alg', { enum: ['HS256', 'ES256'] }).notNull(),
  /** The HS256 shared secret, or the ES256 public key as PEM. */
  key: text('key').notNull(),
  /** The web origin allowed to frame the app and to receive the bridge's messages. */
  origin: text('origin'),
  brand: jsonb('brand').$type<PartnerBrand>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
});

/** Our user of each (partner, partner's user id) pair, created by the first sign-on. */
export const partnerUsers = pgTable('partner_users', {
  partnerId: text('partner_id').notNull().references(() => partners.id),
  subject: text('subject').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [primaryKey({ columns: [t.partnerId, t.subject] }), index('partner_users_user_idx').on(t.userId)]);

/**
 * Token ids already used, kept until the token would have expired anyway: the primary key is what
 * lets exactly one of several processes (or parallel requests) take a token.
 */
export const ssoUsedTokens = pgTable('sso_used_tokens', {
  partnerId: text('partner_id').notNull(),
  jti: text('jti').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [primaryKey({ columns: [t.partnerId, t.jti] }), index('sso_used_tokens_expires_idx').on(t.expiresAt)]);
