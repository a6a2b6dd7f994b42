/**
 * The polling schedule of the market worker, free of worker globals so tests drive it with a fake
 * clock and a fake fetch. Each poll aborts the one before it; hidden pages are not polled.
 */
import type { Candle, KlinePeriod, Ticker } from '../shared/contract.ts';
import { type CandleColumns, type FromWorker, type SketchAsk, type ToWorker, applyCandles, emptyColumns } from '../shared/protocol.ts';
import { MAX_CANDLES, mergeCandles } from './candle-merge.ts';
import { Ahead } from './ahead.ts';
import { diffTickers } from './ticker-diff.ts';
import { firstHistoryPath } from '../shared/first-history.ts';
import { newAbort } from '../shared/abort.ts';
import { type MarketFetch, type ValidatedGet, validatedGet } from './validated-get.ts';

export interface PollerDeps {
  fetch: MarketFetch;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  post: (msg: FromWorker) => void;
  /** Draws a chart's first picture and posts it on the ask's port (market/sketch.ts). */
  sketch?: (columns: CandleColumns, period: KlinePeriod, ask: SketchAsk) => void;
}

/** Polling (docs/rules.md#market-data); Save-Data users pay for every byte, so they get a third of the requests. */
export const INTERVAL_MS = 5_000;
export const SAVE_DATA_INTERVAL_MS = 15_000;
export const MAX_BACKOFF_MS = 60_000;
const FIRST_BACKOFF_MS = 2_000;

export class Poller {
  private baseUrl = '';
  private token: string | null = null;
  private symbol: string | null = null;
  private period: KlinePeriod = '1min';
  private saveData = false;
  private running = false;
  private hidden = false;
  private failures = 0;
  private timer: unknown = null;
  private controller: AbortController | null = null;
  private readonly tickers = new Map<string, Ticker>();
  private candles: CandleColumns = emptyColumns();
  private readonly ahead = new Ahead();
  /** The poll on its way, if any. */
  private polling: Promise<void> | null = null;
  /** The whole history asked for after a scroll back (`older`), while it loads. */
  private loadingOlder: AbortController | null = null;
  private readonly fetchJson: ValidatedGet;

  constructor(private readonly deps: PollerDeps) {
    this.fetchJson = validatedGet(deps.fetch);
  }

  handle(msg: ToWorker): void {
    switch (msg.type) {
      case 'start':
        if (this.running && msg.baseUrl === this.baseUrl && (msg.token ?? null) === this.token) return this.carryOn(msg);
        this.baseUrl = msg.baseUrl;
        this.token = msg.token ?? null;
        this.symbol = msg.symbol;
        this.period = msg.period;
        this.saveData = msg.saveData;
        this.running = true;
        this.failures = 0;
        this.tickers.clear();
        this.resetCandles();
        if (msg.listed && !msg.symbol) return this.hold(msg.listed);
        return this.pollNow();
      case 'select':
        if (msg.symbol === this.symbol) return;
        this.symbol = msg.symbol;
        this.resetCandles();
        return this.pollNow();
      case 'prefetch':
        if (msg.columns) this.takeOver(msg.symbol, msg.period, msg.columns);
        else this.prefetch(msg.symbol, msg.period, msg.coming);
        if (msg.sketch) this.sketch(msg.symbol, msg.period, msg.sketch);
        return;
      case 'landed':
        return this.ahead.land?.(msg.body);
      case 'period':
        if (msg.period === this.period) return;
        this.period = msg.period;
        this.resetCandles();
        return this.pollNow();
      case 'token':
        this.token = msg.token;
        return;
      case 'saveData':
        this.saveData = msg.on;
        return;
      case 'older':
        return this.older();
      case 'visibility':
        this.hidden = msg.hidden;
        if (msg.hidden) return this.halt();
        return this.pollNow();
      case 'online':
        // After a minute offline the next retry may be a minute away; the network says it is back now.
        if (this.failures) this.pollNow();
        return;
      case 'stop':
        this.running = false;
        this.ahead.stop();
        return this.halt();
      case 'retire':
        return this.retire();
    }
  }

  /**
   * Polls no more; a prefetch and a poll still on their way are let come, as the worker taking this
   * one's place would otherwise ask for their history again (their own handlers, registered first,
   * hold it by then). Hands on the history prefetched, else the chart's.
   */
  private retire(): void {
    this.running = false;
    this.deps.clearTimeout(this.timer);
    this.timer = null;
    const hand = () => {
      this.halt();
      const { symbol, period, candles } = this;
      const shown = symbol && candles.time.length ? { symbol, period, columns: candles } : null;
      this.deps.post({ type: 'retired', history: this.ahead.held ?? shown });
    };
    const { coming } = this.ahead;
    if (coming || this.polling) Promise.all([coming?.list, this.polling]).then(hand, hand);
    else hand();
  }

  /** The retired worker's prefetch, unless this one was already asked for a history of its own since. */
  private takeOver(symbol: string, period: KlinePeriod, columns: CandleColumns): void {
    if (!this.running || this.symbol === symbol || this.ahead.held || this.ahead.coming) return;
    this.ahead.held = { symbol, period, columns };
  }

  /**
   * A second start of the same session: the app taking the worker the boot script started, whose
   * list the page already has (boot/live-rows.ts hands on what it fetched and what the worker
   * posted). Polling goes on where it is; only a chart the app opens with it costs a poll now.
   */
  private carryOn(msg: Extract<ToWorker, { type: 'start' }>): void {
    if (msg.saveData !== this.saveData && this.timer) this.schedule(msg.saveData ? SAVE_DATA_INTERVAL_MS : INTERVAL_MS);
    this.saveData = msg.saveData;
    if (msg.symbol === this.symbol && msg.period === this.period) return;
    this.symbol = msg.symbol;
    this.period = msg.period;
    this.resetCandles();
    if (this.symbol) this.pollNow();
  }

  /** A list the page polled itself a moment ago: the next poll an interval on. */
  private hold(list: Ticker[]): void {
    diffTickers(this.tickers, list);
    if (!this.hidden) this.schedule(this.saveData ? SAVE_DATA_INTERVAL_MS : INTERVAL_MS);
  }

  private halt(): void {
    this.deps.clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
  }

  /**
   * docs/rules.md#the-chart: the list empties at once, then the new history loads; a prefetched history of the same
   * ticker and period is shown at once instead, and the next poll asks only for what is newer.
   */
  private resetCandles(): void {
    this.candles = (this.symbol && this.ahead.take(this.symbol, this.period)) || emptyColumns();
    if (this.symbol) {
      const columns = emptyColumns();
      applyCandles(columns, { kind: 'reset', columns: this.candles });
      this.deps.post({ type: 'candles', kind: 'reset', symbol: this.symbol, period: this.period, columns });
    }
  }

  /**
   * Fetches a history for a chart not shown yet, at low priority, outside the poll schedule;
   * `coming`: the page fetched it and posts the answer (`landed`).
   */
  private prefetch(symbol: string, period: KlinePeriod, coming?: true): void {
    if (!this.running || this.hidden || this.symbol === symbol || this.ahead.has(symbol, period)) return;
    const controller = newAbort();
    const list = coming ? this.ahead.fromPage() : this.get<Candle[]>(firstHistoryPath(symbol, period), controller.signal, true, 'low');
    this.ahead.fetch(symbol, period, controller, list);
  }

  /** The first picture of a chart from the history held or on its way for it; none without one. */
  private sketch(symbol: string, period: KlinePeriod, ask: SketchAsk): void {
    const shown = this.symbol === symbol && this.period === period && this.candles.time.length;
    const held = shown ? Promise.resolve(this.candles) : this.ahead.peek(symbol, period);
    if (held) held.then((columns) => columns.time.length && this.deps.sketch?.(columns, period, ask), () => {});
  }

  /**
   * The chart was scrolled back to its oldest candle: the whole history (500) replaces the short
   * first one. Once, for the chart shown; the polls go on asking only for what is newer.
   */
  private older(): void {
    const { symbol, period } = this;
    const held = this.candles.time.length;
    if (!this.running || !symbol || !held || held >= MAX_CANDLES || this.loadingOlder) return;
    const controller = newAbort();
    this.loadingOlder = controller;
    const query = `symbol=${encodeURIComponent(symbol)}&period=${period}&size=${MAX_CANDLES}`;
    const done = () => {
      if (this.loadingOlder === controller) this.loadingOlder = null;
    };
    this.get<Candle[]>(`/h5/symbol/getHistoryKline?${query}`, controller.signal, true).then((list) => {
      done();
      if (this.symbol !== symbol || this.period !== period || list.length <= this.candles.time.length) return;
      const columns = emptyColumns();
      const diff = mergeCandles(columns, list);
      if (!diff) return;
      applyCandles(columns, diff);
      this.candles = columns;
      const copy = emptyColumns();
      applyCandles(copy, diff);
      this.deps.post({ type: 'candles', kind: 'reset', symbol, period, columns: copy });
    }, done);
  }

  private pollNow(): void {
    if (!this.running || this.hidden) return;
    this.halt();
    const controller = newAbort();
    this.controller = controller;
    this.schedule(this.saveData ? SAVE_DATA_INTERVAL_MS : INTERVAL_MS);
    const polling = (this.polling = this.poll(controller).finally(() => {
      if (this.polling === polling) this.polling = null;
    }));
  }

  private schedule(ms: number): void {
    this.deps.clearTimeout(this.timer);
    this.timer = this.deps.setTimeout(() => this.pollNow(), ms);
  }

  private async poll(controller: AbortController): Promise<void> {
    const current = () => this.controller === controller;
    const { symbol, period } = this;
    const jobs = [
      this.get<Ticker[]>('/h5/symbol/getHomeTickerList', controller.signal, false).then((list) => {
        const changed = current() ? diffTickers(this.tickers, list) : [];
        if (changed.length) this.deps.post({ type: 'tickers', changed });
      }),
    ];
    if (symbol) {
      const last = this.candles.time[this.candles.time.length - 1];
      const path =
        last === undefined ? firstHistoryPath(symbol, period) : `/h5/symbol/getHistoryKline?symbol=${encodeURIComponent(symbol)}&period=${period}&since=${last * 1000}`;
      // A tap prefetches the tapped ticker beside the quote screen's code: the chart that mounts
      // meanwhile waits for that answer instead of asking for the same 500 candles again.
      const coming = last === undefined ? this.ahead.takeComing(symbol, period) : null;
      jobs.push(
        (coming ?? this.get<Candle[]>(path, controller.signal, true)).then((list) => {
          if (!current()) return;
          const diff = mergeCandles(this.candles, list);
          if (!diff) return;
          applyCandles(this.candles, diff);
          this.deps.post({ type: 'candles', symbol, period, ...diff });
        }),
      );
    }
    try {
      await Promise.all(jobs);
      if (current() && this.failures > 0) {
        this.failures = 0;
        this.deps.post({ type: 'status', state: 'ok', retryInMs: 0 });
      }
    } catch {
      // An aborted poll was replaced on purpose; only a real failure backs off.
      if (!current() || controller.signal.aborted) return;
      controller.abort();
      this.failures++;
      const retryInMs = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (this.failures - 1));
      this.schedule(retryInMs);
      this.deps.post({ type: 'status', state: 'backoff', retryInMs });
    }
  }

  /** `auth`: the call needs the session. Every header is paid for on every poll, so only then. */
  private get<T>(path: string, signal: AbortSignal, auth: boolean, priority?: 'low'): Promise<T> {
    const headers: Record<string, string> = { clientId: 'app' };
    if (auth && this.token) headers.Authorization = this.token;
    return this.fetchJson<T>(`${this.baseUrl}/prod-api${path}`, headers, signal, priority);
  }
}
