import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The devices a user signed in from (server/auth/devices.ts): the SHA-256 of the device id the
 * server gave that browser in an HttpOnly cookie, when it was first and last seen, and its browser.
 */
export const userDevices = pgTable('user_devices', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the device id, hex: the table alone cannot be replayed as a cookie. */
  deviceHash: text('device_hash').notNull(),
  firstSeen: timestamp('first_seen', { withTimezone: true, mode: 'date' }).notNull(),
  lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull(),
  /** The User-Agent header of the latest sign-in, cut to 300 characters. */
  userAgent: text('user_agent').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.deviceHash] }), index('user_devices_seen_idx').on(t.userId, t.lastSeen)]);
