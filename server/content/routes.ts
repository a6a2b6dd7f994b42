/** Public content of docs/rules.md#content-per-language: platform and config, notices, marquee, banners, plays, rates. */
import { Type, type Static } from '@sinclair/typebox';
import { asc, eq } from 'drizzle-orm';
import type {
  BannerItem,
  Community,
  MarqueeItem,
  NoticeItem,
  RateItem,
  WalletBizType,
} from '../../src/shared/contract.ts';
import type { FeaturePlugin } from '../context.ts';
import { banners, communities, marquee, notices, rates } from '../db/schema/index.ts';
import { AppError, ok } from '../http/envelope.ts';
import { LangQuery, Text } from '../http/schemas.ts';
import { trimZeros } from '../../src/shared/decimal.ts';
import { BIZ_TYPES } from '../ledger/index.ts';
import { contractMoney, enabledPlays, platformConfig, publicConfig } from './start-up.ts';
import { requestLanguages, translations } from './lang.ts';

const BIZ_NAMES: Record<(typeof BIZ_TYPES)[number], string> = {
  recharge: 'Recharge',
  withdraw: 'Withdrawal',
  withdraw_freeze: 'Withdrawal frozen',
  withdraw_refund: 'Withdrawal refund',
  order: 'Trade order',
  order_win: 'Trade profit',
  order_refund: 'Trade refund',
  finance_buy: 'Finance purchase',
  finance_income: 'Finance income',
  finance_return: 'Finance principal returned',
  savings_in: 'Savings deposit',
  savings_out: 'Savings withdrawal',
  savings_income: 'Savings interest',
  adjust: 'Adjustment',
  bonus: 'Bonus',
};

const LogoQuery = Type.Object({ version: Type.Optional(Text(16)) });
const RateQuery = Type.Object({ symbol: Text(21, { pattern: '^[a-z0-9]{1,12}_[a-z]{2,8}$', 'x-error': 'must look like usdt_brl', example: 'usdt_brl' }) });

/** Notices, marquee and banners take an optional `?lang=` over `Accept-Language`. */
const LangOnly = Type.Object({ lang: LangQuery });

const plugin: FeaturePlugin = async (app, { ctx }) => {
  // The start-up settings, plays and contract amounts are the same for everyone: a cache in front
  // may share them (server/http/shared-answers.ts); a change reaches every phone within seconds.
  const shared = { shared: true };

  app.get('/common/getLogo', { config: shared, schema: { querystring: LogoQuery } }, async () => ok(await platformConfig(ctx.db)));

  app.get('/common/config/list', { config: shared }, async () => ok(await publicConfig(ctx.db)));

  // Notices, marquee and banners answer in the language the app asks for (content/lang.ts).
  app.get('/h5/symbol/getNoticeList', { schema: { querystring: LangOnly } }, async (request) => {
    const rows = await ctx.db.select().from(notices).orderBy(asc(notices.sort), asc(notices.id));
    const text = await translations(ctx.db, 'notice', rows.map((n) => n.id), requestLanguages(request));
    return ok<NoticeItem[]>(
      rows.map((n) => ({ id: n.id, title: text.get(n.id)?.title || n.title, content: text.get(n.id)?.content || n.content, time: n.createdAt.getTime() })),
    );
  });

  app.get('/h5/symbol/marquee', { schema: { querystring: LangOnly } }, async (request) => {
    const rows = await ctx.db.select({ id: marquee.id, content: marquee.content }).from(marquee).orderBy(asc(marquee.sort), asc(marquee.id));
    const text = await translations(ctx.db, 'marquee', rows.map((m) => m.id), requestLanguages(request));
    return ok<MarqueeItem[]>(rows.map((m) => ({ id: m.id, content: text.get(m.id)?.content || m.content })));
  });

  app.get('/h5/symbol/getBannerList', { schema: { querystring: LangOnly } }, async (request) => {
    const rows = await ctx.db
      .select({ id: banners.id, title: banners.title, image: banners.image, link: banners.link })
      .from(banners)
      .orderBy(asc(banners.sort), asc(banners.id));
    const text = await translations(ctx.db, 'banner', rows.map((b) => b.id), requestLanguages(request));
    return ok<BannerItem[]>(rows.map((b) => ({ ...b, title: text.get(b.id)?.title || b.title })));
  });

  app.get('/h5/symbol/communitys', async () => {
    const rows = await ctx.db
      .select({ id: communities.id, name: communities.name, icon: communities.icon, link: communities.link })
      .from(communities)
      .orderBy(asc(communities.sort), asc(communities.id));
    return ok<Community[]>(rows);
  });

  app.get('/h5/symbol/getPlays', { config: shared }, async () => ok(await enabledPlays(ctx.db)));

  app.get('/h5/symbol/getContractMoney', { config: shared }, async () => ok(await contractMoney(ctx.db)));

  app.get('/common/rate', async () => {
    const rows = await ctx.db.select().from(rates).orderBy(asc(rates.symbol));
    return ok<RateItem[]>(rows.map((r) => ({ symbol: r.symbol, rate: trimZeros(r.rate) })));
  });

  app.get<{ Querystring: Static<typeof RateQuery> }>('/common/rateBySymbol', { schema: { 'x-errors': ['rate.notFound'], querystring: RateQuery } }, async (request) => {
    const [row] = await ctx.db.select().from(rates).where(eq(rates.symbol, request.query.symbol));
    if (!row) throw new AppError(404, 'rate.notFound', `No exchange rate for ${request.query.symbol}`, { symbol: request.query.symbol });
    return ok<RateItem>({ symbol: row.symbol, rate: trimZeros(row.rate) });
  });

  app.get('/background/bill/getAllWalletBizType', async () =>
    ok<WalletBizType[]>(BIZ_TYPES.map((type) => ({ type, name: BIZ_NAMES[type] }))),
  );
};

export default plugin;
