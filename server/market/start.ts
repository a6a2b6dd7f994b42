/** Starts the exchange feed of a process: the fetcher while it leads, and the once-a-second re-read. */
import type { ServerContext } from '../context.ts';
import { feedConfigOf, marketOf } from './context.ts';
import { precisionOf } from './config.ts';
import { binance } from './feeds/binance.ts';
import { okx } from './feeds/okx.ts';
import { runFeed, type FeedLog } from './feed-loop.ts';
import { Fetcher } from './fetcher.ts';
import { pgLeadership, soleLeader } from './leader.ts';
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
  await market.refresh();
  const loop = runFeed({
    fetcher,
    leadership: ctx.config.databaseUrl ? pgLeadership(ctx.config.databaseUrl) : soleLeader,
    log,
    name: exchange.name,
    tickMs: options.tickMs,
    onPass: () => market.refresh(),
  });
  // A restart fills its gap from the exchange's history before it serves.
  await loop.ready;
  // Processes that do not lead see the leader's writes by re-reading them once a second.
  const timer = setInterval(() => void market.refresh().catch((e) => log.warn(`market refresh failed: ${(e as Error).message}`)), options.tickMs ?? 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await loop.stop();
    },
  };
}
