import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages to a phone or a mailbox, written in the transaction of what they tell (a code, a
 * sign-in, a withdrawal) and sent by the leader's delivery worker (server/delivery/worker.ts).
 * `sending` is the claim a worker takes before it hands the message to the provider: a row left in
 * it by a process that died is never sent again (it may have gone out), so nothing goes twice.
 * `params` holds what the text needs (a code); it is emptied once the message is sent or failed.
 */
export const outbox = pgTable('outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  target: text('target').notNull(),
  purpose: text('purpose', { enum: ['code', 'signIn', 'methodAdded', 'withdrawRequested', 'withdrawPaid', 'withdrawRejected'] }).notNull(),
  /** One of the app's language codes (locales/*.json names). */
  lang: text('lang').notNull(),
  params: jsonb('params').$type<Record<string, string>>().notNull(),
  status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  /** The provider's reason for the last failed try (kept when the message finally failed). */
  error: text('error'),
  /** The provider's id of the sent message (Twilio's sid, the SMTP message id). */
  providerId: text('provider_id'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
}, (t) => [index('outbox_due_idx').on(t.nextAt).where(sql`${t.status} = 'queued'`)]);
