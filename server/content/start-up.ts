/**
 * The answers of the public start-up calls (docs/rules.md#start-up): the routes send them, and the
 * home page carries those of its second (pages/home-prices.ts), so both are one piece of code.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { ConfigItem, ContractMoney, Envelope, PlatformConfig, Play, Ticker } from '../../src/shared/contract.ts';
import type { DbOrTx } from '../db/client.ts';
import { config, contractPresets, plays } from '../db/schema/index.ts';
import { ok } from '../http/envelope.ts';
import { httpsOnly } from '../../src/shared/https-link.ts';
import { CONFIG_DEFAULTS } from '../../src/shared/config-keys.ts';
import { trimZeros } from '../../src/shared/decimal.ts';
import { PLATFORM_KEYS, getValues } from './config.ts';

/** `GET /common/getLogo`. */
export async function platformConfig(db: DbOrTx): Promise<PlatformConfig> {
  const values = await getValues(db, Object.values(PLATFORM_KEYS));
  return Object.fromEntries(Object.entries(PLATFORM_KEYS).map(([field, key]) => [field, values.get(key) ?? ''])) as unknown as PlatformConfig;
}

/** `GET /common/config/list`. */
export async function publicConfig(db: DbOrTx): Promise<ConfigItem[]> {
  const rows = await db
    .select({ configKey: config.key, configValue: config.value })
    .from(config)
    // The app's keys only, named in one list: platform rows have their own call, money settings
    // reach the app through getExpensesMoney, and operator settings (four eyes, the payout hold,
    // the notices' link) are nobody's business outside. A new setting is private until listed there.
    .where(inArray(config.key, Object.keys(CONFIG_DEFAULTS)))
    .orderBy(asc(config.key));
  // A link the app would put on every page: never anything but https, whatever the table holds.
  return rows.map((r) => (r.configKey === 'customFontFamilyLink' ? { ...r, configValue: httpsOnly(r.configValue) } : r));
}

/** `GET /h5/symbol/getPlays`. */
export async function enabledPlays(db: DbOrTx): Promise<Play[]> {
  const rows = await db.select().from(plays).where(eq(plays.enabled, true)).orderBy(asc(plays.seconds));
  return rows.map((p) => ({ id: p.id, seconds: p.seconds, rate: trimZeros(p.rate), minAmount: trimZeros(p.minAmount), maxAmount: trimZeros(p.maxAmount) }));
}

/** `GET /h5/symbol/getContractMoney`. */
export async function contractMoney(db: DbOrTx): Promise<ContractMoney> {
  const [presets, [limits]] = await Promise.all([
    db.select().from(contractPresets).orderBy(asc(contractPresets.amount)),
    db
      .select({ min: sql<string>`coalesce(min(${plays.minAmount}), 0)::text`, max: sql<string>`coalesce(max(${plays.maxAmount}), 0)::text` })
      .from(plays)
      .where(eq(plays.enabled, true)),
  ]);
  return { presets: presets.map((p) => trimZeros(p.amount)), min: trimZeros(limits!.min), max: trimZeros(limits!.max) };
}

/** The five answers by path under `/prod-api`, as the boot script looks them up (src/boot/inline.ts). */
export interface StartUpAnswers {
  '/common/config/list': Envelope<ConfigItem[]>;
  '/common/getLogo': Envelope<PlatformConfig>;
  '/h5/symbol/getPlays': Envelope<Play[]>;
  '/h5/symbol/getHomeTickerList': Envelope<Ticker[]>;
  '/h5/symbol/getContractMoney': Envelope<ContractMoney>;
}

/** As the five calls would answer now, with the ticker list that of the same second. */
export async function startUpAnswers(db: DbOrTx, tickers: Ticker[]): Promise<StartUpAnswers> {
  const [c, p, pl, m] = await Promise.all([publicConfig(db), platformConfig(db), enabledPlays(db), contractMoney(db)]);
  return {
    '/common/config/list': ok(c),
    '/common/getLogo': ok(p),
    '/h5/symbol/getPlays': ok(pl),
    '/h5/symbol/getHomeTickerList': ok(tickers),
    '/h5/symbol/getContractMoney': ok(m),
  };
}
