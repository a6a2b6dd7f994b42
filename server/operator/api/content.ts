/** Operator actions on what every user sees: notices and config values. */
import { Type } from '@sinclair/typebox';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_DEFAULTS } from '../../../src/shared/config-keys.ts';
import { httpsOnly } from '../../../src/shared/https-link.ts';
import type { ServerContext } from '../../context.ts';
import { PLATFORM_KEYS } from '../../content/config.ts';
import { MONEY_CONFIG, moneyConfigKey, type MoneyConfigKey } from '../../money/common.ts';
import { SAVINGS_DEFAULTS } from '../../savings/config.ts';
import { config, notices } from '../../db/schema/index.ts';
import { AppError, ok } from '../../http/envelope.ts';
import { push } from '../../ws/push.ts';
import { audit, keyActor, type Actor } from '../../audit/log.ts';
import { FOUR_EYES_KEY } from '../console/four-eyes-config.ts';
import { HOLD_KEY } from '../../money/hold-config.ts';
import { APP_URL_KEY } from '../../delivery/app-link.ts';
import type { ConfigEntry } from './types.ts';

/** Values the app puts on every page as a link: an `https:` URL or nothing. */
const HTTPS_KEYS = new Set<string>(['customFontFamilyLink']);

/** What a value may be: the app reads these as switches, counts and amounts, or one of a few words. */
import type { ConfigRule } from '../../../src/shared/contract/console.ts';
export type { ConfigRule };
const FLAGS = 'initToUser isNeedLogin useSystemLanguage moneySymbolFront thousandSeparator commaDecimalSwap exchangeRateOn bankFullNumber orderConfirm captchaOn realNameOn bankNameOn bankNumberOn rechargeVoucherOn incomeRateOn exchangePageNeedPay vipOn avatarOn onlyPriceDifference withdrawNoticeDialog withdrawFirstPay inviteMenuOn promptPersistent money.withdrawRealTime';
const NUMBERS = 'fourEyes.above moneyRatio money.withdrawFeeRate money.withdrawFeeMin money.withdrawFeeFixed money.withdrawMinAmount money.pixRate savings.rate';
const COUNTS = `deviceWidth moneyDecimals starCount bankDigitsShown orderLimitDisplay codeResendSeconds savings.pauseHours ${HOLD_KEY}`;
export const CONFIG_RULES: Record<string, ConfigRule> = {
  ...Object.fromEntries(FLAGS.split(' ').map((k) => [k, 'flag'])),
  ...Object.fromEntries(NUMBERS.split(' ').map((k) => [k, 'number'])),
  ...Object.fromEntries(COUNTS.split(' ').map((k) => [k, 'count'])),
  customFontFamilyLink: 'https',
  serviceUrl: 'link',
  [APP_URL_KEY]: 'link',
  'money.withdrawCodeType': 'codeType',
};
/**
 * Bounds where a value outside would break a screen or a money rule: amounts are kept to 8
 * decimals, a ratio of 0 would divide what users type by zero, a fee rate is a percentage.
 */
export const CONFIG_RANGES: Record<string, readonly [number, number]> = {
  moneyDecimals: [0, 8],
  moneyRatio: [0.0001, 1000000],
  deviceWidth: [320, 1920],
  starCount: [0, 20],
  bankDigitsShown: [0, 20],
  codeResendSeconds: [10, 3600],
  'money.withdrawFeeRate': [0, 100],
  'savings.rate': [0, 100],
  'savings.pauseHours': [0, 8760],
  [HOLD_KEY]: [0, 720],
};
/** Numbers read with fewer decimals than the rule's 8 (savings ignores a rate with more than 4). */
export const CONFIG_DECIMALS: Record<string, number> = { 'savings.rate': 4 };
const RULE_TESTS: Record<ConfigRule, { test: (v: string) => boolean; says: string }> = {
  flag: { test: (v) => v === '0' || v === '1', says: '0 (off) or 1 (on)' },
  number: { test: (v) => /^\d{1,12}(\.\d{1,8})?$/.test(v), says: 'a number such as 2 or 0.5' },
  count: { test: (v) => /^\d{1,9}$/.test(v), says: 'a whole number such as 0 or 60' },
  https: { test: (v) => v === '' || httpsOnly(v) !== '', says: 'an https: address, or empty' },
  link: { test: (v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), says: 'an http: or https: address, or empty' },
  codeType: { test: (v) => ['', 'sms', 'email'].includes(v), says: 'sms, email or empty' },
  text: { test: () => true, says: 'any text' },
};

/** Why a value breaks its key's rule (in English; `params` let the console word it), or null when it is allowed. */
function refusal(key: string, value: string): AppError | null {
  const rule = CONFIG_RULES[key] ?? 'text';
  const range = CONFIG_RANGES[key];
  // Compared as decimals the rule already bounds to 12 digits and 8 decimals: exact in a double's range.
  const inRange = !range || (Number(value) >= range[0] && Number(value) <= range[1]);
  const decimals = CONFIG_DECIMALS[key];
  const fewDecimals = decimals === undefined || (value.split('.')[1] ?? '').length <= decimals;
  if (RULE_TESTS[rule].test(value) && inRange && fewDecimals) return null;
  const says = (range ? `${rule === 'count' ? 'a whole number' : 'a number'} from ${range[0]} to ${range[1]}` : RULE_TESTS[rule].says) + (decimals === undefined ? '' : `, with at most ${decimals} decimals`);
  return new AppError(400, 'field.invalid', `${key} must be ${says}`, {
    field: 'value',
    key,
    rule,
    ...(range ? { min: range[0], max: range[1] } : {}),
    ...(decimals === undefined ? {} : { decimals }),
  });
}

const KNOWN_KEYS = new Set<string>([FOUR_EYES_KEY, HOLD_KEY, APP_URL_KEY, ...Object.keys(CONFIG_DEFAULTS), ...(Object.keys(MONEY_CONFIG) as MoneyConfigKey[]).map(moneyConfigKey), ...Object.values(PLATFORM_KEYS), ...Object.keys(SAVINGS_DEFAULTS)]);

export const adminContentRoutes: FastifyPluginAsync<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.post<{ Body: { title: string; content: string } }>(
    '/notice',
    {
      schema: {
        body: Type.Object({ title: Type.String({ minLength: 1, maxLength: 200 }), content: Type.String({ minLength: 1, maxLength: 5000 }) }),
      },
    },
    async (request) => {
      const id = await ctx.db.transaction(async (tx) => {
        const [row] = await tx.insert(notices).values(request.body).returning({ id: notices.id });
        await audit(tx, ctx.clock.now(), keyActor(request), 'notice.add', `notice:${row!.id}`, null, request.body);
        return row!.id;
      });
      await push(ctx, { userId: null, code: 'mes' });
      return ok({ id });
    },
  );

  app.get<{ Querystring: { key?: string } }>(
    '/config',
    { schema: { querystring: Type.Object({ key: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }) } },
    async (request) => {
      const stored = new Map((await ctx.db.select().from(config).orderBy(asc(config.key))).map((r) => [r.key, r.value]));
      // Keys never written fall back to their shipped default, as the public config list does.
      const entries = new Map<string, string>(Object.entries(CONFIG_DEFAULTS));
      for (const [key, value] of stored) entries.set(key, value);
      const { key } = request.query;
      if (key !== undefined) {
        if (!entries.has(key)) throw unknownKey(key);
        return ok<ConfigEntry[]>([{ key, value: entries.get(key)! }]);
      }
      return ok<ConfigEntry[]>([...entries].sort(([a], [b]) => a.localeCompare(b)).map(([k, value]) => ({ key: k, value })));
    },
  );

  app.put<{ Body: { key: string; value: string } }>(
    '/config',
    {
      schema: {
        body: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }), value: Type.String({ maxLength: 2000 }) }),
      },
    },
    async (request) => {
      const { key, value } = request.body;
      await setConfig(ctx, keyActor(request), key, value);
      request.log.info({ key, value }, 'operator set a config value');
      return ok<ConfigEntry>({ key, value });
    },
  );
};

const unknownKey = (key: string) =>
  new AppError(400, 'config.unknownKey', `Unknown config key "${key}"; \`config get\` lists the keys`, { key });

const httpsOnlyError = (key: string) =>
  new AppError(400, 'config.httpsOnly', `${key} must be an https: address (https://…), or empty for none`, { key, field: 'value' });

/** Checks and writes one config value with its audit row; an unknown key is refused unless already stored. */
export async function setConfig(ctx: ServerContext, actor: Actor, key: string, value: string): Promise<void> {
  if (HTTPS_KEYS.has(key) && value !== '' && !httpsOnly(value)) throw httpsOnlyError(key);
  const refused = refusal(key, value);
  if (refused) throw refused;
  await ctx.db.transaction(async (tx) => {
    const [was] = await tx.select({ value: config.value }).from(config).where(eq(config.key, key)).for('update');
    if (!was && !KNOWN_KEYS.has(key)) throw unknownKey(key);
    await tx.insert(config).values({ key, value }).onConflictDoUpdate({ target: config.key, set: { value } });
    await audit(tx, ctx.clock.now(), actor, 'config.set', key, was ? { value: was.value } : null, { value });
  });
}
