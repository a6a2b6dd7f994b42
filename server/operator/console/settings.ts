/**
 * The console's Settings: every config value the app and the money rules read, with its shipped
 * default and the rule (and bounds) its value must follow, checked again by the server when saved (the command
 * line's `config set` checks the same) and on record under the operator's name.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONFIG_DEFAULTS } from '../../../src/shared/config-keys.ts';
import type { ServerContext } from '../../context.ts';
import { config } from '../../db/schema/index.ts';
import { CONFIG_DECIMALS, CONFIG_RANGES, CONFIG_RULES, setConfig } from '../api/content.ts';
import { PLATFORM_KEYS } from '../../content/config.ts';
import { ok } from '../../http/envelope.ts';
import { MONEY_CONFIG, moneyConfigKey, type MoneyConfigKey } from '../../money/common.ts';
import { SAVINGS_DEFAULTS } from '../../savings/config.ts';
import type { Actor } from '../../audit/log.ts';
import { FOUR_EYES_DEFAULT, FOUR_EYES_KEY } from './four-eyes-config.ts';
import { HOLD_DEFAULT, HOLD_KEY } from '../../money/hold-config.ts';
import { APP_URL_KEY } from '../../delivery/app-link.ts';
import type { Setting } from '../../../src/shared/contract/console.ts';
import { BankRegionBody, ChannelRegionBody, listRegions, setBankRegion, setChannelRegion } from '../api/bank-regions.ts';

const DEFAULTS: Record<string, string> = {
  ...CONFIG_DEFAULTS,
  ...Object.fromEntries((Object.keys(MONEY_CONFIG) as MoneyConfigKey[]).map((k) => [moneyConfigKey(k), MONEY_CONFIG[k]])),
  ...Object.fromEntries(Object.values(PLATFORM_KEYS).map((k) => [k, ''])),
  ...SAVINGS_DEFAULTS,
  [FOUR_EYES_KEY]: FOUR_EYES_DEFAULT,
  [HOLD_KEY]: HOLD_DEFAULT,
  [APP_URL_KEY]: '',
};

export function consoleSettingRoutes(app: FastifyInstance, ctx: ServerContext, actor: (request: FastifyRequest) => Actor): void {
  app.get('/settings', async () => {
    const stored = new Map((await ctx.db.select().from(config)).map((r) => [r.key, r.value]));
    const keys = [...new Set([...Object.keys(DEFAULTS), ...stored.keys()])].sort();
    return ok<Setting[]>(keys.map((key) => ({ key, value: stored.get(key) ?? DEFAULTS[key] ?? '', default: DEFAULTS[key] ?? null, rule: CONFIG_RULES[key] ?? 'text', range: CONFIG_RANGES[key] ?? null, decimals: CONFIG_DECIMALS[key] ?? null })));
  });

  app.post<{ Body: { key: string; value: string } }>(
    '/settings',
    { schema: { body: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }), value: Type.String({ maxLength: 2000, pattern: '^[^\\u0000]*$' }) }) } },
    async (request) => {
      const { key, value } = request.body;
      await setConfig(ctx, actor(request), key, value);
      return ok({ key, value });
    },
  );

  // Banks' and deposit channels' regions: which users see them first.
  app.get('/regions', async () => ok(await listRegions(ctx)));
  app.post<{ Params: { code: string }; Body: { region?: string; currency?: string | null } }>(
    '/regions/bank/:code',
    { schema: { params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 16 }) }), body: BankRegionBody } },
    async (request) => ok(await setBankRegion(ctx, actor(request), request.params.code, request.body)),
  );
  app.post<{ Params: { id: number }; Body: { region: string } }>(
    '/regions/channel/:id',
    { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), body: ChannelRegionBody } },
    async (request) => ok(await setChannelRegion(ctx, actor(request), request.params.id, request.body.region)),
  );
}
