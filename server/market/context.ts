/** The market source on the server context: one per process, shared by routes and settlement. */
import type { ServerContext } from '../context.ts';
import { feedConfigFromEnv, type FeedConfig } from './config.ts';
import { SimulatedMarket } from './simulator.ts';
import type { MarketSource } from './source.ts';
import { StoredMarket } from './stored.ts';

declare module '../context.ts' {
  interface ServerContext {
    /** Prices for tickers, candles and order settlement; chosen by `MARKET_FEED` unless set. */
    market?: MarketSource;
    /** The feed's settings; from the environment unless set. */
    feedConfig?: FeedConfig;
  }
}

export const feedConfigOf = (ctx: ServerContext): FeedConfig => (ctx.feedConfig ??= feedConfigFromEnv());

/**
 * The context's market, created on first use: with `MARKET_FEED=simulator` (the default) the
 * simulator seeded by `MARKET_SEED`, so processes with the same seed show the same prices; with
 * an exchange feed, what the fetching process stored. Either reads the context clock, so a test
 * clock moves it too.
 */
export const marketOf = (ctx: ServerContext): MarketSource => {
  if (ctx.market) return ctx.market;
  const config = feedConfigOf(ctx);
  const now = () => ctx.clock.now();
  ctx.market =
    config.feed === 'simulator'
      ? new SimulatedMarket({ seed: process.env.MARKET_SEED ?? 'trade-lite', now })
      : new StoredMarket({ db: ctx.db, symbols: config.symbols, now, staleMs: config.staleMs });
  return ctx.market;
};
