/**
 * Operator edits of per-language content: static pages, translations of notices, marquee and
 * banners, news. Texts are plain text (the app never renders them as HTML), so nothing an operator
 * types can run as script in a user's app.
 */
import { Type } from '@sinclair/typebox';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { PAGE_SLUGS, type PageSlug } from '../../../src/shared/contract.ts';
import { PlainText } from '../../http/schemas.ts';
import type { ServerContext } from '../../context.ts';
import { banners, contentTranslations, marquee, news, notices, pages } from '../../db/schema/index.ts';
import { AppError, fieldRequired, ok } from '../../http/envelope.ts';
import { push } from '../../ws/push.ts';
import { audit, keyActor, type Actor } from '../../audit/log.ts';

const Lang = Type.String({ minLength: 2, maxLength: 10, pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$', 'x-error': 'must be a language code such as en, pt-BR or zh-TW' });
export const KINDS = ['notice', 'marquee', 'banner', 'news'] as const;
export type Kind = (typeof KINDS)[number];
export const TABLES = { notice: notices, marquee, banner: banners, news } as const;

export const adminPageRoutes: FastifyPluginAsync<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.put<{ Body: { slug: PageSlug; lang: string; title: string; body: string } }>(
    '/page',
    {
      schema: {
        body: Type.Object({
          slug: Type.Unsafe<PageSlug>({ type: 'string', enum: [...PAGE_SLUGS], 'x-error': `must be one of ${PAGE_SLUGS.join(', ')}` }),
          lang: Lang,
          title: PlainText(200),
          body: PlainText(20000),
        }),
      },
    },
    async (request) => {
      const { slug, lang, title, body } = request.body;
      await setPage(ctx, keyActor(request), slug, lang, title, body);
      return ok({ slug, lang });
    },
  );

  app.put<{ Body: { kind: Kind; id: number; lang: string; title?: string; content?: string } }>(
    '/translation',
    {
      schema: {
        body: Type.Object({
          kind: Type.Unsafe<Kind>({ type: 'string', enum: [...KINDS], 'x-error': `must be one of ${KINDS.join(', ')}` }),
          id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
          lang: Lang,
          title: Type.Optional(PlainText(200, 0)),
          content: Type.Optional(PlainText(5000, 0)),
        }),
      },
    },
    async (request) => {
      const { kind, id, lang, title = '', content = '' } = request.body;
      await setTranslation(ctx, keyActor(request), kind, id, lang, title, content);
      return ok({ kind, id, lang });
    },
  );

  app.post<{ Body: { title: string; content: string } }>(
    '/news',
    { schema: { body: Type.Object({ title: PlainText(200), content: PlainText(20000) }) } },
    async (request) => {
      const id = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(news)
          .values({ ...request.body, createdAt: new Date(ctx.clock.now()) })
          .returning({ id: news.id });
        await audit(tx, ctx.clock.now(), keyActor(request), 'news.add', `news:${row!.id}`, null, request.body);
        return row!.id;
      });
      return ok({ id });
    },
  );

  app.get<{ Querystring: { kind: Kind; id: number } }>(
    '/translations',
    {
      schema: {
        querystring: Type.Object({
          kind: Type.Unsafe<Kind>({ type: 'string', enum: [...KINDS] }),
          id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
        }),
      },
    },
    async (request) => {
      const rows = await ctx.db
        .select({ lang: contentTranslations.lang, title: contentTranslations.title, content: contentTranslations.content })
        .from(contentTranslations)
        .where(and(eq(contentTranslations.kind, request.query.kind), eq(contentTranslations.refId, request.query.id)))
        .orderBy(sql`${contentTranslations.lang}`);
      return ok(rows);
    },
  );
};

/** Writes a page in one language, with its audit row (the page as it was, and as it is). */
export async function setPage(ctx: ServerContext, actor: Actor, slug: PageSlug, lang: string, title: string, body: string): Promise<void> {
  const updatedAt = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    const [was] = await tx.select({ title: pages.title, body: pages.body }).from(pages).where(and(eq(pages.slug, slug), eq(pages.lang, lang))).for('update');
    await tx
      .insert(pages)
      .values({ slug, lang, title, body, updatedAt })
      .onConflictDoUpdate({ target: [pages.slug, pages.lang], set: { title, body, updatedAt } });
    await audit(tx, updatedAt.getTime(), actor, 'page.set', `${slug}:${lang}`, was ?? null, { title, body });
  });
}

/** Writes one language's text of a notice, marquee, banner or news item, with its audit row. */
export async function setTranslation(ctx: ServerContext, actor: Actor, kind: Kind, id: number, lang: string, title: string, content: string): Promise<void> {
  if (!title && !content) throw fieldRequired('content', 'title or content');
  const table = TABLES[kind];
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!row) throw new AppError(404, 'content.notFound', `No ${kind} with id ${id}`);
    const key = and(eq(contentTranslations.kind, kind), eq(contentTranslations.refId, id), eq(contentTranslations.lang, lang));
    const [was] = await tx.select({ title: contentTranslations.title, content: contentTranslations.content }).from(contentTranslations).where(key).for('update');
    await tx
      .insert(contentTranslations)
      .values({ kind, refId: id, lang, title, content })
      .onConflictDoUpdate({ target: [contentTranslations.kind, contentTranslations.refId, contentTranslations.lang], set: { title, content } });
    await audit(tx, ctx.clock.now(), actor, 'translation.set', `${kind}:${id}:${lang}`, was ?? null, { title, content });
  });
  if (kind === 'notice') await push(ctx, { userId: null, code: 'mes' });
}
