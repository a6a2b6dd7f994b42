/** About us, statement, company profile and news: per language, English when the language has none. */
import { Type, type Static } from '@sinclair/typebox';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PAGE_SLUGS, type ContentPage, type NewsItem, type PageSlug } from '../../src/shared/contract.ts';
import type { FeaturePlugin } from '../context.ts';
import { NewsAnswer, PageAnswer } from './page-answers.ts';
import { news, pages } from '../db/schema/index.ts';
import { AppError, ok } from '../http/envelope.ts';
import { LangQuery, pageOf, Paging } from '../http/schemas.ts';
import { FALLBACK, requestLanguages, translations } from './lang.ts';

const PageQuerySchema = Type.Object({
  slug: Type.Unsafe<PageSlug>({ type: 'string', enum: [...PAGE_SLUGS], 'x-error': `must be one of ${PAGE_SLUGS.join(', ')}` }),
  lang: LangQuery,
});
const NewsQuery = Type.Object({ ...Paging, lang: LangQuery });

export const pageRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get<{ Querystring: Static<typeof PageQuerySchema> }>(
    '/h5/content/page',
    { schema: { 'x-errors': ['content.notFound'], tags: ['content'], summary: 'A static page in the asked language, English as the fallback', querystring: PageQuerySchema, response: PageAnswer } },
    async (request) => {
      const langs = requestLanguages(request);
      const rows = await ctx.db
        .select()
        .from(pages)
        .where(and(eq(pages.slug, request.query.slug), inArray(sql`lower(${pages.lang})`, langs)));
      const rank = (lang: string) => langs.indexOf(lang.toLowerCase());
      const best = rows.sort((a, b) => rank(a.lang) - rank(b.lang))[0];
      if (!best) throw new AppError(404, 'content.notFound', 'This page has no text yet');
      return ok<ContentPage>({ slug: best.slug, lang: best.lang, title: best.title, body: best.body, updatedAt: best.updatedAt.getTime() });
    },
  );

  app.get<{ Querystring: Static<typeof NewsQuery> }>(
    '/h5/content/news',
    { schema: { tags: ['content'], summary: 'News, newest first, in the asked language', querystring: NewsQuery, response: NewsAnswer } },
    async (request) => {
      const { pageNum, pageSize } = pageOf(request.query);
      const [rows, [count]] = await Promise.all([
        ctx.db.select().from(news).orderBy(desc(news.createdAt), desc(news.id)).limit(pageSize).offset((pageNum - 1) * pageSize),
        ctx.db.select({ n: sql<number>`count(*)::int` }).from(news),
      ]);
      const text = await translations(ctx.db, 'news', rows.map((n) => n.id), requestLanguages(request));
      const items: NewsItem[] = rows.map((n) => {
        const t = text.get(n.id);
        return { id: n.id, lang: t?.lang ?? FALLBACK, title: t?.title || n.title, content: t?.content || n.content, time: n.createdAt.getTime() };
      });
      return ok({ rows: items, total: count!.n });
    },
  );
};
