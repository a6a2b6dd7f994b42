/**
 * The market's answer to a readiness check: ready with the simulator (it always has prices), and
 * with an exchange feed only while every symbol's newest stored price is within the stale bound.
 */
import type { ServerContext } from '../context.ts';
import { marketOf } from './context.ts';

export interface MarketReadiness {
  ok: boolean;
  /** Symbols whose prices are older than the bound (or never arrived). */
  stale: string[];
}

export function marketReadiness(ctx: ServerContext): MarketReadiness {
  const market = marketOf(ctx);
  const stale = market.stale ? market.symbols.filter((s) => market.stale!(s)) : [];
  return { ok: stale.length === 0, stale };
}
