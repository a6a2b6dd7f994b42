/**
 * Histories fetched ahead of the chart that will show them (home's selected ticker, a quote under
 * the finger, the page's own call as its rows went live): one held, one on its way. The poller
 * looks here before it asks for a chart's first history.
 */
import type { Candle, KlinePeriod } from '../shared/contract.ts';
import { type CandleColumns, applyCandles, emptyColumns } from '../shared/protocol.ts';
import { mergeCandles, toColumns } from './candle-merge.ts';

export interface History {
  symbol: string;
  period: KlinePeriod;
  columns: CandleColumns;
}

interface Job {
  symbol: string;
  period: KlinePeriod;
  controller: AbortController;
  list: Promise<Candle[]>;
}

const of = (h: { symbol: string; period: KlinePeriod } | null, symbol: string, period: KlinePeriod): boolean =>
  !!h && h.symbol === symbol && h.period === period;

export class Ahead {
  /** A history fetched ahead of the chart that will show it. */
  held: History | null = null;
  /** One on its way: a chart that selects its ticker and period waits for it instead of asking again. */
  coming: Job | null = null;
  /** Hands the page's answer to the history it said was coming (`landed`) to the job waiting for it. */
  land: ((body: unknown) => void) | null = null;

  has(symbol: string, period: KlinePeriod): boolean {
    return of(this.held, symbol, period) || of(this.coming, symbol, period);
  }

  /** The page's own call's answer, once it hands it on: its candles, or a failure. */
  fromPage(): Promise<Candle[]> {
    return new Promise<unknown>((land) => (this.land = land)).then((body) => {
      const env = body as { code?: number; data: Candle[]; cachedAt?: number } | null;
      if (!env || env.code !== 200 || env.cachedAt) throw new Error('no history');
      return env.data;
    });
  }

  /** Waits for `list` in place of any other on its way, and holds its history once it has come. */
  fetch(symbol: string, period: KlinePeriod, controller: AbortController, list: Promise<Candle[]>): void {
    this.stop();
    const job = (this.coming = { symbol, period, controller, list });
    list.then(
      (candles) => {
        // Replaced by another, or taken by the chart's first poll, which applies it itself.
        if (this.coming !== job) return;
        this.coming = null;
        const columns = emptyColumns();
        const diff = mergeCandles(columns, candles);
        if (diff) applyCandles(columns, diff);
        this.held = { symbol, period, columns };
      },
      // A prefetch that fails costs nothing: the chart fetches its history as it always did.
      () => {
        if (this.coming === job) this.coming = null;
      },
    );
  }

  /** The held history of that ticker and period, taken: its chart shows it at once. */
  take(symbol: string, period: KlinePeriod): CandleColumns | null {
    const h = this.held;
    if (!h || !of(h, symbol, period)) return null;
    this.held = null;
    return h.columns;
  }

  /** The one on its way for that ticker and period, taken: its chart's first poll waits for it. */
  takeComing(symbol: string, period: KlinePeriod): Promise<Candle[]> | null {
    const job = this.coming;
    if (!job || !of(job, symbol, period)) return null;
    this.coming = null;
    return job.list;
  }

  /** What a first picture of that chart can be drawn from, held or on its way, left in place. */
  peek(symbol: string, period: KlinePeriod): Promise<CandleColumns> | null {
    if (of(this.held, symbol, period)) return Promise.resolve(this.held!.columns);
    return of(this.coming, symbol, period) ? this.coming!.list.then(toColumns) : null;
  }

  stop(): void {
    this.coming?.controller.abort();
    this.coming = null;
  }
}
