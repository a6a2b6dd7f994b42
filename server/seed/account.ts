/**
 * Demo data of finance, savings and pages: products, the savings rules as config rows, and the
 * texts of every language for pages, notices, marquee and banners. Each part is added only when
 * its table (or config key) is empty, so an operator's edits survive a restart.
 */
import { asc, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { SAVINGS_DEFAULTS } from '../savings/config.ts';
import { TRANSLATIONS, PAGES_EN } from './translations.ts';

export const PRODUCTS = [
  { name: 'Aurora 7', cycleDays: 7, dailyRate: '0.3', minAmount: '100', maxAmount: '50000' },
  { name: 'Horizon 15', cycleDays: 15, dailyRate: '0.45', minAmount: '500', maxAmount: '100000' },
  { name: 'Summit 30', cycleDays: 30, dailyRate: '0.6', minAmount: '1000', maxAmount: '200000' },
];

const isEmpty = async (tx: Tx, table: PgTable) =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n === 0;

export async function seedAccount(tx: Tx): Promise<void> {
  await tx
    .insert(t.config)
    .values(Object.entries(SAVINGS_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  if (await isEmpty(tx, t.financeProducts)) await tx.insert(t.financeProducts).values(PRODUCTS.map((p, sort) => ({ ...p, sort })));
  if (await isEmpty(tx, t.pages)) {
    const rows = Object.entries({ en: { pages: PAGES_EN }, ...TRANSLATIONS }).flatMap(([lang, text]) =>
      Object.entries(text.pages).map(([slug, page]) => ({ slug: slug as 'about', lang, title: page.title, body: page.body })),
    );
    await tx.insert(t.pages).values(rows);
  }
  if (await isEmpty(tx, t.contentTranslations)) {
    // The English originals are the rows of notices, marquee and banners, in their seeded order.
    const [notices, marquee, banners] = await Promise.all([
      tx.select({ id: t.notices.id }).from(t.notices).orderBy(asc(t.notices.sort), asc(t.notices.id)),
      tx.select({ id: t.marquee.id }).from(t.marquee).orderBy(asc(t.marquee.sort), asc(t.marquee.id)),
      tx.select({ id: t.banners.id }).from(t.banners).orderBy(asc(t.banners.sort), asc(t.banners.id)),
    ]);
    const rows = Object.entries(TRANSLATIONS).flatMap(([lang, text]) => [
      ...text.notices.flatMap((n, i) => (notices[i] ? [{ kind: 'notice' as const, refId: notices[i].id, lang, title: n.title, content: n.content }] : [])),
      ...text.marquee.flatMap((content, i) => (marquee[i] ? [{ kind: 'marquee' as const, refId: marquee[i].id, lang, title: '', content }] : [])),
      ...text.banners.flatMap((title, i) => (banners[i] ? [{ kind: 'banner' as const, refId: banners[i].id, lang, title, content: '' }] : [])),
    ]);
    if (rows.length) await tx.insert(t.contentTranslations).values(rows);
  }
}
