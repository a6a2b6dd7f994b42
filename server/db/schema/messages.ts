import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { MessageKey, MessageParams } from '../../../src/shared/contract.ts';
import { users } from './users.ts';

/** Messages to one user (`mes` push tells the app to refresh them: docs/rules.md#messages). */
export const userMessages = pgTable('user_messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  content: text('content').notNull(),
  /** Set on review outcomes: the app writes title and content in the user's language from these. */
  key: text('key').$type<MessageKey>(),
  params: jsonb('params').$type<MessageParams>(),
  read: boolean('read').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('user_messages_user_idx').on(t.userId, t.id)]);
