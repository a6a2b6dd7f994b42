import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Texts per language for content rows (`kind` notice, marquee, banner, news): the rows of those
 * tables hold the English original, this table the other languages. Plain text only.
 */
export const contentTranslations = pgTable('content_translations', {
  kind: text('kind', { enum: ['notice', 'marquee', 'banner', 'news'] }).notNull(),
  refId: integer('ref_id').notNull(),
  lang: text('lang').notNull(),
  title: text('title').notNull().default(''),
  content: text('content').notNull().default(''),
}, (t) => [primaryKey({ columns: [t.kind, t.refId, t.lang] })]);

/** Static pages (about, statement, introduction), one row per language; `en` is the fallback. */
export const pages = pgTable('pages', {
  slug: text('slug', { enum: ['about', 'statement', 'introduction'] }).notNull(),
  lang: text('lang').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.slug, t.lang] })]);

/** News articles; the English original here, other languages in `content_translations`. */
export const news = pgTable('news', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('news_created_idx').on(t.createdAt.desc())]);
