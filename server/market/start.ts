/** Starts the exchange feed of a process: the fetcher while it leads, and hearing what the leader wrote. */
import type { ServerContext } from '../context.ts';
import { pgTimeoutsFromEnv } from '../db/pg-pool.ts';
import { feedConfigOf, marketOf } from './context.ts';
import { precisionOf } from './config.ts';
import { binance } from './feeds/binance.ts';
import { okx } from './feeds/okx.ts';
import { runFeed, type FeedLog } from './feed-loop.ts';
import { Fetcher } from './fetcher.ts';
import { pgLeadership, soleLeader } from './leader.ts';
import { followWrites, notifyWritten, type WriteFollower } from './notify.ts';
import { StoredMarket } from './stored.ts';

export interface MarketFeed {
  stop(): Promise<void>;
}

export async function startMarketFeed(ctx: ServerContext, log: FeedLog, options: { tickMs?: number } = {}): Promise<MarketFeed | undefined> {
  const market = marketOf(ctx);
  if (!(market instanceof StoredMarket)) return undefined;
  const config = feedConfigOf(ctx);
  const now = () => ctx.clock.now();
  const make = config.feed === 'okx' ? okx : binance;
  const exchange = make({ symbols: config.symbols, baseUrl: config.url, symbolSpec: config.symbolSpec, now });
  const fetcher = new Fetcher({ db: ctx.db, exchange, symbols: config.symbols, precision: precisionOf, now, spike: config.spike });
  const url = ctx.config.databaseUrl;
  await market.refresh();
  // With PGlite this is the only process: it re-reads after its own passes and nobody else writes.
  let follower: WriteFollower | undefined;
  if (url) {
    follower = await followWrites({
      connectionString: url,
      timeouts: ctx.database?.timeouts ?? pgTimeoutsFromEnv(),
      refresh: () => market.refresh(),
      log: (m) => log.warn(m),
      pollMs: options.tickMs,
    });
  }
  const loop = runFeed({
    fetcher,
    leadership: url ? pgLeadership(url) : soleLeader,
    log,
    name: exchange.name,
    tickMs: options.tickMs,
    onPass: async () => {
      await market.refresh();
      if (url) await notifyWritten(ctx.db);
    },
  });
  // A restart fills its gap from the exchange's history before it serves.
  await loop.ready;
  return {
    async stop() {
      await loop.stop();
      await follower?.stop();
    },
  };
}
