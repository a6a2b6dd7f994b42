/**
 * Halted quotes in the console: which symbols the price gate halted, since when and why, and the
 * operator's decision to trust the market's price again (the fetching process ends the halt on
 * its next pass), on record under the operator's name.
 */
import { Type } from '@sinclair/typebox';
import { isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { marketFeed } from '../../db/schema/index.ts';
import { AppError, ok } from '../../http/envelope.ts';
import { releaseHalt } from '../../market/store.ts';
import { audit, type Actor } from '../../audit/log.ts';
import type { MarketHalt } from '../../../src/shared/contract/console.ts';

export function consoleMarketRoutes(app: FastifyInstance, ctx: ServerContext, actor: (request: FastifyRequest) => Actor): void {
  // From the database, not this process's memory: the admin listener may run beside no feed.
  app.get('/market/halts', async () => {
    const rows = await ctx.db
      .select({ symbol: marketFeed.symbol, since: marketFeed.haltedSince, reason: marketFeed.haltReason, releasedAt: marketFeed.releasedAt })
      .from(marketFeed)
      .where(isNotNull(marketFeed.haltedSince))
      .orderBy(marketFeed.symbol);
    return ok<MarketHalt[]>(
      rows.map((r) => ({ symbol: r.symbol, since: r.since! * 1000, reason: r.reason ?? 'jump', released: r.releasedAt !== null && r.releasedAt >= r.since! * 1000 })),
    );
  });

  app.post<{ Params: { symbol: string } }>(
    '/market/:symbol/release',
    { schema: { params: Type.Object({ symbol: Type.String({ pattern: '^[a-z0-9]{1,16}$' }) }) } },
    async (request) => {
      const { symbol } = request.params;
      const now = ctx.clock.now();
      const done = await ctx.db.transaction(async (tx) => {
        const halt = await releaseHalt(tx, symbol, now);
        if (halt) await audit(tx, now, actor(request), 'market.release', symbol, { haltedSince: halt.since * 1000, reason: halt.reason }, { releasedAt: now });
        return halt;
      });
      if (!done) throw new AppError(409, 'market.notHalted', 'This quote is not halted');
      return ok(null);
    },
  );
}
