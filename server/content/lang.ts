/**
 * The language content is served in: `?lang=` or the first `Accept-Language` tag, then its base
 * language, then English. Chinese follows the app's rule (Hong Kong, Macau, Taiwan and Hant are
 * zh-TW, other Chinese zh-CN).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { contentTranslations as ct } from '../db/schema/index.ts';

export const FALLBACK = 'en';

/** Language codes to try, most wanted first, lower-cased; always ends with `en`. */
export function candidates(tag: string | undefined): string[] {
  const t = (tag ?? '').split(',')[0]!.split(';')[0]!.trim().replace(/_/g, '-').toLowerCase();
  const out: string[] = [];
  if (/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(t)) {
    const base = t.split('-')[0]!;
    if (base === 'zh') out.push(/-(hant|tw|hk|mo)\b/.test(t) && !/-hans\b/.test(t) ? 'zh-tw' : 'zh-cn');
    else out.push(t, base);
  }
  out.push(FALLBACK);
  return [...new Set(out)];
}

export const requestLanguages = (request: FastifyRequest): string[] => {
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  return candidates(typeof query === 'string' && query ? query : request.headers['accept-language']);
};

export interface Localized {
  lang: string;
  title: string;
  content: string;
}

/**
 * The best translation of each row of `kind` among `langs`; rows without one keep their English
 * original (the caller's row), so a missing translation never hides content.
 */
export async function translations(db: DbOrTx, kind: 'notice' | 'marquee' | 'banner' | 'news', ids: number[], langs: string[]): Promise<Map<number, Localized>> {
  const wanted = langs.filter((l) => l !== FALLBACK);
  if (!ids.length || !wanted.length) return new Map();
  const rows = await db
    .select({ refId: ct.refId, lang: ct.lang, title: ct.title, content: ct.content })
    .from(ct)
    .where(and(eq(ct.kind, kind), inArray(ct.refId, ids), inArray(sql`lower(${ct.lang})`, wanted)));
  const best = new Map<number, Localized & { rank: number }>();
  for (const row of rows) {
    const rank = wanted.indexOf(row.lang.toLowerCase());
    const seen = best.get(row.refId);
    if (!seen || rank < seen.rank) best.set(row.refId, { ...row, rank });
  }
  return best;
}
