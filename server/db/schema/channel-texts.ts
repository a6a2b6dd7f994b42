import { foreignKey, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { banks, payChannels } from './money.ts';

/**
 * What the operator wrote on a deposit channel (its name and note), in the app's other languages;
 * the channel row holds the original. `*Source` is the original a text was translated from: once
 * the operator rewrites the original, that translation no longer answers and the original does,
 * so a stale note never tells a user something the channel no longer says.
 */
export const payChannelTexts = pgTable('pay_channel_texts', {
  channelId: integer('channel_id').notNull().references(() => payChannels.id, { onDelete: 'cascade' }),
  lang: text('lang').notNull(),
  name: text('name').notNull().default(''),
  nameSource: text('name_source').notNull().default(''),
  note: text('note').notNull().default(''),
  noteSource: text('note_source').notNull().default(''),
}, (t) => [primaryKey({ columns: [t.channelId, t.lang] })]);

/** A bank's name in the app's other languages (`banks.name` is the original), as for channels. */
export const bankTexts = pgTable('bank_texts', {
  bankCode: text('bank_code').notNull(),
  lang: text('lang').notNull(),
  name: text('name').notNull(),
  nameSource: text('name_source').notNull(),
}, (t) => [
  primaryKey({ columns: [t.bankCode, t.lang] }),
  foreignKey({ columns: [t.bankCode], foreignColumns: [banks.code] }).onDelete('cascade').onUpdate('cascade'),
]);
