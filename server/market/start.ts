/** Starts the market feed of a process: the fetcher while it leads, and hearing what the leader wrote. */
import type { ServerContext } from '../context.ts';
import { pgTimeoutsFromEnv } from '../db/pg-pool.ts';
import { feedConfigOf, marketOf } from './context.ts';
import { precisionOf } from './config.ts';
import { binance } from './feeds/binance.ts';
import { binanceSocket, type BinanceSocket } from './feeds/binance-socket.ts';
import { okx } from './feeds/okx.ts';
import { simulatedExchange } from './feeds/simulated.ts';
import type { Exchange } from './feeds/types.ts';
import { runFeed } from './feed-loop.ts';
import type { FeedLog } from './fetcher-options.ts';
import { Fetcher } from './fetcher.ts';
import { keepSecondsFor } from './fetcher-options.ts';
import { pgLeadership, soleLeader } from './leader.ts';
import { followWrites, notifyWritten, type WriteFollower } from './notify.ts';
import { SimulatedMarket } from './simulator.ts';
import { StoredMarket } from './stored.ts';

export interface MarketFeed {
  stop(): Promise<void>;
}

/**
 * Whatever the feed, a running server serves from what is stored: an exchange's prices, or the
 * simulator's written by the same fetcher, so the two paths cannot drift apart. (A context that
 * never starts a feed, as the in-process route tests, reads the simulator directly.)
 */
export async function startMarketFeed(ctx: ServerContext, log: FeedLog, options: { tickMs?: number } = {}): Promise<MarketFeed | undefined> {
  const config = feedConfigOf(ctx);
  const now = () => ctx.clock.now();
  const source = marketOf(ctx);
  let exchange: Exchange;
  let confirm: Exchange | undefined;
  let socket: BinanceSocket | undefined;
  let market: StoredMarket;
  if (source instanceof SimulatedMarket) {
    exchange = simulatedExchange(source);
    market = new StoredMarket({ db: ctx.db, symbols: config.symbols, now, staleMs: config.staleMs });
  } else if (source instanceof StoredMarket) {
    exchange = (config.feed === 'okx' ? okx : binance)({ symbols: config.symbols, baseUrl: config.url, symbolSpec: config.symbolSpec, now });
    // `MARKET_SYMBOLS` names one exchange's symbols: the second feed keeps its own defaults.
    if (config.second) confirm = (config.second.feed === 'okx' ? okx : binance)({ symbols: config.symbols, baseUrl: config.second.url, now });
    if (config.feed === 'binance' && config.wsUrl) {
      socket = binanceSocket({ url: config.wsUrl, symbols: config.symbols, symbolSpec: config.symbolSpec, now, log });
      exchange = socket.over(exchange);
    }
    market = source;
  } else return undefined;
  const fetcher = new Fetcher({
    db: ctx.db,
    exchange,
    symbols: config.symbols,
    precision: precisionOf,
    now,
    spike: config.spike,
    confirm,
    agree: config.agree,
    resumeMs: config.resumeMs,
    log,
    keepSeconds: keepSecondsFor(config.waitMaxMs),
  });
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
    name: confirm ? `${exchange.name}+${confirm.name}` : exchange.name,
    tickMs: options.tickMs,
    onPass: async () => {
      await market.refresh();
      if (url) await notifyWritten(ctx.db);
    },
  });
  // A restart fills its gap from the exchange's history before it serves.
  await loop.ready;
  // Routes, order placing and settlement ask the context for its market on each use.
  ctx.market = market;
  return {
    async stop() {
      await loop.stop();
      socket?.close();
      await follower?.stop();
    },
  };
}
