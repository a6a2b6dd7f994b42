/** The market source on the server context: one per process, shared by routes and settlement. */
import type { ServerContext } from '../context.ts';
import { SimulatedMarket } from './simulator.ts';
import type { MarketSource } from './source.ts';

declare module '../context.ts' {
  interface ServerContext {
    /** Prices for tickers, candles and order settlement; a seeded simulator unless set. */
    market?: MarketSource;
  }
}

/**
 * The context's market, created on first use as the simulator seeded by `MARKET_SEED`: processes
 * with the same seed show the same prices. It reads the context clock, so a test clock moves it too.
 */
export const marketOf = (ctx: ServerContext): MarketSource =>
  (ctx.market ??= new SimulatedMarket({ seed: process.env.MARKET_SEED ?? 'trade-lite', now: () => ctx.clock.now() }));
