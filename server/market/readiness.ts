/**
 * The market's answers to the readiness checks: ready with the simulator (it always has prices),
 * and with an exchange feed only while every symbol's newest stored price is within the stale
 * bound. A symbol halted by the price gate is named too, without making the process not ready.
 */
import type { ServerContext } from '../context.ts';
import { marketOf } from './context.ts';
import type { Refusal } from './plausible.ts';

export interface MarketReadiness {
  ok: boolean;
  /** Symbols whose prices are older than the bound (or never arrived), halted ones aside. */
  stale: string[];
  /** Symbols whose prices failed the price checks, with why. */
  halted: Array<{ symbol: string; reason: Refusal }>;
}

export function marketReadiness(ctx: ServerContext): MarketReadiness {
  const market = marketOf(ctx);
  const halted = market.halted ? market.symbols.flatMap((symbol) => {
    const reason = market.halted!(symbol);
    return reason ? [{ symbol, reason }] : [];
  }) : [];
  // A halted symbol's price ages too; the halt is what it is listed for.
  const stale = market.stale ? market.symbols.filter((s) => market.stale!(s) && !halted.some((h) => h.symbol === s)) : [];
  return { ok: stale.length === 0 && halted.length === 0, stale, halted };
}

/** What `/readyz` says of stale prices, null when none is: the process is not ready. */
export function marketNotReady(ctx: ServerContext): string | null {
  const { stale } = marketReadiness(ctx);
  return stale.length ? `prices stale: ${stale.join(', ')}` : null;
}

/**
 * What `/readyz` says of halted symbols, null when none is. Shown, but the process stays ready:
 * a halt stops orders on one symbol, not the server, and every process would say the same.
 */
export function marketHalts(ctx: ServerContext): string | null {
  const { halted } = marketReadiness(ctx);
  return halted.length ? `prices halted: ${halted.map((h) => `${h.symbol} (${h.reason})`).join(', ')}` : null;
}
