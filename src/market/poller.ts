/**
 * The polling schedule of the market worker, free of worker globals so tests drive it with a fake
 * clock and a fake fetch. Each poll aborts the one before it; hidden pages are not polled.
 */
import type { Candle, Envelope, KlinePeriod, Ticker } from '../shared/contract.ts';
import { type CandleColumns, type FromWorker, type ToWorker, applyCandles, emptyColumns } from '../shared/protocol.ts';
import { MAX_CANDLES, mergeCandles } from './candle-merge.ts';
import { diffTickers } from './ticker-diff.ts';

export interface PollerDeps {
  fetch: (url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => Promise<{
    ok: boolean;
    status: number;
    json(): Promise<unknown>;
  }>;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  post: (msg: FromWorker) => void;
}

/** SPEC §9 polling; Save-Data users pay for every byte, so they get a third of the requests. */
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

  constructor(private readonly deps: PollerDeps) {}

  handle(msg: ToWorker): void {
    switch (msg.type) {
      case 'start':
        this.baseUrl = msg.baseUrl;
        this.token = msg.token ?? null;
        this.symbol = msg.symbol;
        this.period = msg.period;
        this.saveData = msg.saveData;
        this.running = true;
        this.failures = 0;
        this.tickers.clear();
        this.resetCandles();
        return this.pollNow();
      case 'select':
        if (msg.symbol === this.symbol) return;
        this.symbol = msg.symbol;
        this.resetCandles();
        return this.pollNow();
      case 'period':
        if (msg.period === this.period) return;
        this.period = msg.period;
        this.resetCandles();
        return this.pollNow();
      case 'token':
        this.token = msg.token;
        return;
      case 'visibility':
        this.hidden = msg.hidden;
        if (msg.hidden) return this.halt();
        return this.pollNow();
      case 'stop':
        this.running = false;
        return this.halt();
    }
  }

  private halt(): void {
    this.deps.clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
  }

  /** SPEC §4: the list empties at once, then the new history loads. */
  private resetCandles(): void {
    this.candles = emptyColumns();
    if (this.symbol) this.deps.post({ type: 'candles', kind: 'reset', symbol: this.symbol, period: this.period, columns: emptyColumns() });
  }

  private pollNow(): void {
    if (!this.running || this.hidden) return;
    this.halt();
    const controller = new AbortController();
    this.controller = controller;
    this.schedule(this.saveData ? SAVE_DATA_INTERVAL_MS : INTERVAL_MS);
    void this.poll(controller);
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
      const query = `symbol=${encodeURIComponent(symbol)}&period=${period}&` + (last === undefined ? `size=${MAX_CANDLES}` : `since=${last * 1000}`);
      jobs.push(
        this.get<Candle[]>(`/h5/symbol/getHistoryKline?${query}`, controller.signal, true).then((list) => {
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
  private async get<T>(path: string, signal: AbortSignal, auth: boolean): Promise<T> {
    const headers: Record<string, string> = { clientId: 'app' };
    if (auth && this.token) headers.Authorization = this.token;
    const res = await this.deps.fetch(`${this.baseUrl}/prod-api${path}`, { headers, signal });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as Envelope<T>;
    if (body.code !== 200) throw new Error(body.msg);
    return body.data;
  }
}
