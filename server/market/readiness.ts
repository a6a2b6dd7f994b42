/**
 * The market's answer to a readiness check: ready with the simulator (it always has prices), and
 * with an exchange feed only while every symbol's newest stored price is within the stale bound
 * and no symbol is halted by the price gate.
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

/** The reason `/readyz` shows, null when ready. */
export function marketNotReady(ctx: ServerContext): string | null {
  const { ok, stale, halted } = marketReadiness(ctx);
  if (ok) return null;
  const parts = [];
  if (halted.length) parts.push(`prices halted: ${halted.map((h) => `${h.symbol} (${h.reason})`).join(', ')}`);
  if (stale.length) parts.push(`prices stale: ${stale.join(', ')}`);
  return parts.join('; ');
}
