/** Public content of docs/rules.md#content-per-language: platform and config, notices, marquee, banners, plays, rates. */
import { Type, type Static } from '@sinclair/typebox';
import { asc, eq, sql } from 'drizzle-orm';
import type {
  BannerItem,
  Community,
  ConfigItem,
  ContractMoney,
  MarqueeItem,
  NoticeItem,
  PlatformConfig,
  Play,
  RateItem,
  WalletBizType,
} from '../../src/shared/contract.ts';
import type { FeaturePlugin } from '../context.ts';
import { banners, communities, config, contractPresets, marquee, notices, plays, rates } from '../db/schema/index.ts';
import { AppError, ok } from '../http/envelope.ts';
import { LangQuery, Text } from '../http/schemas.ts';
import { httpsOnly } from '../../src/shared/https-link.ts';
import { trimZeros } from '../../src/shared/decimal.ts';
import { BIZ_TYPES } from '../ledger/index.ts';
import { PLATFORM_KEYS, getValues } from './config.ts';
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
  app.get('/common/getLogo', { schema: { querystring: LogoQuery } }, async () => {
    const values = await getValues(ctx.db, Object.values(PLATFORM_KEYS));
    const platform = Object.fromEntries(
      Object.entries(PLATFORM_KEYS).map(([field, key]) => [field, values.get(key) ?? '']),
    ) as unknown as PlatformConfig;
    return ok(platform);
  });

  app.get('/common/config/list', async () => {
    const rows = await ctx.db
      .select({ configKey: config.key, configValue: config.value })
      .from(config)
      // Platform rows have their own call; money settings reach the app through getExpensesMoney.
      .where(sql`${config.key} not like 'platform.%' and ${config.key} not like 'money.%' and ${config.key} not like 'savings.%'`)
      .orderBy(asc(config.key));
    // A link the app would put on every page: never anything but https, whatever the table holds.
    return ok<ConfigItem[]>(rows.map((r) => (r.configKey === 'customFontFamilyLink' ? { ...r, configValue: httpsOnly(r.configValue) } : r)));
  });

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

  app.get('/h5/symbol/getPlays', async () => {
    const rows = await ctx.db.select().from(plays).where(eq(plays.enabled, true)).orderBy(asc(plays.seconds));
    return ok<Play[]>(
      rows.map((p) => ({ id: p.id, seconds: p.seconds, rate: trimZeros(p.rate), minAmount: trimZeros(p.minAmount), maxAmount: trimZeros(p.maxAmount) })),
    );
  });

  app.get('/h5/symbol/getContractMoney', async () => {
    const [presets, [limits]] = await Promise.all([
      ctx.db.select().from(contractPresets).orderBy(asc(contractPresets.amount)),
      ctx.db
        .select({ min: sql<string>`coalesce(min(${plays.minAmount}), 0)::text`, max: sql<string>`coalesce(max(${plays.maxAmount}), 0)::text` })
        .from(plays)
        .where(eq(plays.enabled, true)),
    ]);
    return ok<ContractMoney>({ presets: presets.map((p) => trimZeros(p.amount)), min: trimZeros(limits!.min), max: trimZeros(limits!.max) });
  });

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
