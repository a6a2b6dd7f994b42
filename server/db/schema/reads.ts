import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { notices } from './content.ts';
import { users } from './users.ts';

/** Which notices (sent to everyone) each user has read; a message's read state is on its own row. */
export const noticeReads = pgTable('notice_reads', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  noticeId: integer('notice_id').notNull().references(() => notices.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.noticeId] })]);
