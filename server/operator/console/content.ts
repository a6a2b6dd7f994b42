/**
 * The console's Content page: every notice, marquee line, banner, news item and static page with
 * its text in each of the app's languages side by side, so a missing translation shows as missing;
 * an operator writes one through the command line's own functions, on record under their name.
 */
import { Type } from '@sinclair/typebox';
import { asc, desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGE_CODES } from '../../../src/shared/language-codes.ts';
import { PAGE_SLUGS, type PageSlug } from '../../../src/shared/contract.ts';
import type { ServerContext } from '../../context.ts';
import { banners, contentTranslations, marquee, news, notices, pages } from '../../db/schema/index.ts';
import { setPage, setTranslation, type Kind } from '../api/pages.ts';
import { AppError, fieldRequired, ok } from '../../http/envelope.ts';
import { PlainText } from '../../http/schemas.ts';
import type { Actor } from '../../audit/log.ts';
import type { ContentItem, ContentList } from '../../../src/shared/contract/console.ts';

/** The newest of each kind; older items are edited from the command line. */
const PER_KIND = 30;
const Lang = Type.String({ enum: [...LANGUAGE_CODES], 'x-error': `must be one of ${LANGUAGE_CODES.join(', ')}` });

export function consoleContentRoutes(app: FastifyInstance, ctx: ServerContext, actor: (request: FastifyRequest) => Actor): void {
  app.get('/content', async () => {
    const [translated, n, m, b, w, p] = await Promise.all([
      ctx.db.select().from(contentTranslations),
      ctx.db.select().from(notices).orderBy(desc(notices.id)).limit(PER_KIND),
      ctx.db.select().from(marquee).orderBy(desc(marquee.id)).limit(PER_KIND),
      ctx.db.select().from(banners).orderBy(desc(banners.id)).limit(PER_KIND),
      ctx.db.select().from(news).orderBy(desc(news.id)).limit(PER_KIND),
      ctx.db.select().from(pages).orderBy(asc(pages.slug), asc(pages.lang)),
    ]);
    const textsOf = (kind: Kind, id: number, original: { title: string; content: string }) => {
      const texts: ContentItem['texts'] = { en: original };
      for (const t of translated) if (t.kind === kind && t.refId === id && t.lang !== 'en') texts[t.lang] = { title: t.title, content: t.content };
      return texts;
    };
    const items: ContentItem[] = [
      ...n.map((r) => ({ kind: 'notice' as const, id: r.id, texts: textsOf('notice', r.id, { title: r.title, content: r.content }) })),
      ...m.map((r) => ({ kind: 'marquee' as const, id: r.id, texts: textsOf('marquee', r.id, { title: '', content: r.content }) })),
      ...b.map((r) => ({ kind: 'banner' as const, id: r.id, texts: textsOf('banner', r.id, { title: r.title, content: '' }) })),
      ...w.map((r) => ({ kind: 'news' as const, id: r.id, texts: textsOf('news', r.id, { title: r.title, content: r.content }) })),
      ...PAGE_SLUGS.map((slug) => ({
        kind: 'page' as const,
        id: slug,
        texts: Object.fromEntries(p.filter((r) => r.slug === slug).map((r) => [r.lang, { title: r.title, content: r.body }])),
      })),
    ];
    return ok<ContentList>({ languages: [...LANGUAGE_CODES], items });
  });

  app.post<{ Body: { kind: Kind | 'page'; id: number | PageSlug; lang: string; title: string; content: string } }>(
    '/content',
    {
      schema: {
        body: Type.Object({
          kind: Type.String({ enum: ['notice', 'marquee', 'banner', 'news', 'page'] }),
          id: Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.String({ enum: [...PAGE_SLUGS] })]),
          lang: Lang,
          title: PlainText(200, 0),
          content: PlainText(20000, 0),
        }),
      },
    },
    async (request) => {
      const { kind, id, lang, title, content } = request.body;
      if (kind === 'page') {
        if (!title.trim() || !content.trim()) throw fieldRequired(title.trim() ? 'content' : 'title');
        await setPage(ctx, actor(request), pageSlug(id), lang, title, content);
      }
      else await setTranslation(ctx, actor(request), kind, contentId(id), lang, title, content);
      return ok({ kind, id, lang });
    },
  );
}

/** An item of another kind's id (a page's slug for a notice, a number for a page) names nothing. */
const noItem = (id: number | string) => new AppError(404, 'content.notFound', `No such item: ${id}`);
const pageSlug = (id: number | string): PageSlug => {
  if (typeof id !== 'string') throw noItem(id);
  return id as PageSlug;
};
const contentId = (id: number | string): number => {
  if (typeof id !== 'number') throw noItem(id);
  return id;
};
