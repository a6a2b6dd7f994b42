/**
 * The operator's regions and currencies of banks and deposit channels (docs/rules.md#bank-regions):
 * set from the command line's API here and from the console's Settings page, both through these
 * functions, so both check the same and leave the same audit row.
 */
import { Type } from '@sinclair/typebox';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { banks, payChannels } from '../../db/schema/index.ts';
import { AppError, ok } from '../../http/envelope.ts';
import { audit, keyActor, type Actor } from '../../audit/log.ts';
import { checkCurrency, checkRegion } from '../../money/bank-regions.ts';
import type { RegionRow } from '../../../src/shared/contract/console.ts';

/** Short enough to refuse junk before the checks; the checks say what is allowed. */
const Code = Type.String({ minLength: 1, maxLength: 8 });
export const BankRegionBody = Type.Object({ region: Type.Optional(Code), currency: Type.Optional(Type.Union([Code, Type.Null()])) });
export const ChannelRegionBody = Type.Object({ region: Code });

/** Banks, then deposit channels, with what the operator set. */
export async function listRegions(ctx: ServerContext): Promise<RegionRow[]> {
  const [bankRows, channelRows] = await Promise.all([
    ctx.db.select().from(banks).orderBy(asc(banks.sort), asc(banks.code)),
    ctx.db.select().from(payChannels).orderBy(asc(payChannels.sort), asc(payChannels.id)),
  ]);
  return [
    ...bankRows.map((b) => ({ kind: 'bank' as const, id: b.code, name: b.name, region: b.country, currency: b.currency })),
    ...channelRows.map((c) => ({ kind: 'channel' as const, id: String(c.id), name: c.name, region: c.region, currency: c.currency })),
  ];
}

/** A bank's region and currency; a field not given keeps its value. */
export async function setBankRegion(ctx: ServerContext, actor: Actor, code: string, given: { region?: string; currency?: string | null }): Promise<RegionRow> {
  const region = given.region === undefined ? undefined : checkRegion(given.region);
  const currency = given.currency === undefined ? undefined : checkCurrency(given.currency);
  return ctx.db.transaction(async (tx) => {
    const [was] = await tx.select().from(banks).where(eq(banks.code, code)).for('update');
    if (!was) throw new AppError(404, 'content.notFound', `No bank with code ${code}; regions lists them`);
    const next = { country: region ?? was.country, currency: currency === undefined ? was.currency : currency };
    await tx.update(banks).set(next).where(eq(banks.code, code));
    await audit(tx, ctx.clock.now(), actor, 'bank.region', `bank:${code}`, { region: was.country, currency: was.currency }, { region: next.country, currency: next.currency });
    return { kind: 'bank', id: code, name: was.name, region: next.country, currency: next.currency };
  });
}

/** A deposit channel's region (its currency is what users pay in, set with the channel). */
export async function setChannelRegion(ctx: ServerContext, actor: Actor, id: number, given: string): Promise<RegionRow> {
  const region = checkRegion(given);
  return ctx.db.transaction(async (tx) => {
    const [was] = await tx.select().from(payChannels).where(eq(payChannels.id, id)).for('update');
    if (!was) throw new AppError(404, 'content.notFound', `No deposit channel with id ${id}; regions lists them`);
    await tx.update(payChannels).set({ region }).where(eq(payChannels.id, id));
    await audit(tx, ctx.clock.now(), actor, 'channel.region', `channel:${id}`, { region: was.region }, { region });
    return { kind: 'channel', id: String(id), name: was.name, region, currency: was.currency };
  });
}

export const adminBankRegionRoutes: FastifyPluginAsync<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get('/regions', async () => ok(await listRegions(ctx)));

  app.put<{ Body: { bank: string; region?: string; currency?: string | null } }>(
    '/bank-region',
    { schema: { body: Type.Composite([Type.Object({ bank: Type.String({ minLength: 1, maxLength: 16 }) }), BankRegionBody]) } },
    async (request) => {
      const { bank, region, currency } = request.body;
      if (region === undefined && currency === undefined) throw new AppError(400, 'field.required', 'Give a region, a currency or both', { field: 'region' });
      return ok(await setBankRegion(ctx, keyActor(request), bank, { region, currency }));
    },
  );

  app.put<{ Body: { channel: number; region: string } }>(
    '/channel-region',
    { schema: { body: Type.Composite([Type.Object({ channel: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), ChannelRegionBody]) } },
    async (request) => ok(await setChannelRegion(ctx, keyActor(request), request.body.channel, request.body.region)),
  );
};
