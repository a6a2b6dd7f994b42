/**
 * The main-thread side of the market worker (src/market): it starts and stops the worker with the
 * screens that show live prices, and applies what the worker posts. Not on the first-load path.
 */
import { atom, listenKeys, onMount } from 'nanostores';
import type { KlinePeriod, Ticker } from '../shared/contract.ts';
import { type CandleColumns, type FromWorker, type SketchAsk, type ToWorker, applyCandles, emptyColumns } from '../shared/protocol.ts';
import { $saveData, saveData } from '../lib/save-data.ts';
import { $session } from './session.ts';
import { $tickers, $tickersAsOf, $trade, applyTickers } from './trade.ts';
import { answered } from './offline.ts';
import { reportFetches } from '../meter/inbox.ts';

export interface MarketStatus {
  /** `backoff`: the last poll failed; the worker tries again in `retryInMs`. */
  state: 'ok' | 'backoff';
  retryInMs: number;
}

const OK: MarketStatus = { state: 'ok', retryInMs: 0 };

/**
 * Worker health for a quiet "prices paused, retrying in N s" line (no error banners, docs/rules.md#loading-on-a-slow-line).
 * Subscribing to it is what keeps ticker polling alive: the worker starts with the first listener
 * and stops a second after the last one leaves.
 */
export const $marketStatus = atom<MarketStatus>(OK);

/** `from`: the first candle the message changed; 0 when all of them may have (a reset, or older candles dropped). */
export type CandleListener = (columns: CandleColumns, from: number) => void;

/** The chart the worker polls candles for; the columns mirror the worker's through each diff. */
interface Chart {
  symbol: string;
  period: KlinePeriod;
  columns: CandleColumns;
  /** The latest `watchCandles` call; a replaced one no longer hears diffs nor unsubscribes. */
  sub: { listener: CandleListener } | null;
}

let chart: Chart | null = null;
let worker: Worker | null = null;

const post = (msg: ToWorker): void => worker?.postMessage(msg);

const same = (a: Ticker, b: Ticker): boolean => (Object.keys(b) as (keyof Ticker)[]).every((k) => a[k] === b[k]);

const receive = (msg: FromWorker): void => {
  // A worker that answers has not crashed: the next crash waits the shortest time again.
  crashes = 0;
  if (msg.type === 'tickers') {
    // A (re)started worker posts every ticker once: rows already showing that data stay untouched.
    // A list with a new symbol goes whole, since applyTickers takes its order from it.
    const known = $tickers.get();
    const changed = msg.changed.some((tk) => !known[tk.symbol])
      ? msg.changed
      : msg.changed.filter((tk) => !same(known[tk.symbol]!, tk));
    if (changed.length) applyTickers(changed);
    // Only a live answer gets here: the worker refuses the service worker's kept ones.
    $tickersAsOf.set(0);
    answered();
  } else if (msg.type === 'bytes') {
    reportFetches(msg.entries);
  } else if (msg.type === 'status') {
    showStatus(msg.state, msg.retryInMs);
  } else if (msg.type === 'candles' && chart && msg.symbol === chart.symbol && msg.period === chart.period) {
    applyCandles(chart.columns, msg);
    chart.sub?.listener(chart.columns, msg.kind === 'reset' || msg.drop > 0 ? 0 : msg.at);
  }
};

/** Worker restarts after a crash wait 2 s, doubling up to a minute; a worker that posts resets it. */
const FIRST_RESTART_MS = 2_000;
const MAX_RESTART_MS = 60_000;
let crashes = 0;
/**
 * While a screen shows prices: from the store's mount to its unmount. Its listener count cannot
 * tell, as a render's first read mounts it before the listener comes (in an effect), and a worker
 * that is already running can crash in between.
 */
let mounted = false;
let countdown: ReturnType<typeof setInterval> | undefined;
let restart: ReturnType<typeof setTimeout> | undefined;

/** Sets the status; a backoff counts down each second, so "retrying in N s" is true when read. */
const showStatus = (state: MarketStatus['state'], retryInMs: number): void => {
  clearInterval(countdown);
  $marketStatus.set({ state, retryInMs });
  if (state !== 'backoff') return;
  const until = Date.now() + retryInMs;
  countdown = setInterval(() => {
    const left = Math.max(0, until - Date.now());
    $marketStatus.set({ state, retryInMs: left });
    if (!left) clearInterval(countdown);
  }, 1000);
};

/**
 * The worker the boot script started (once), else a new one; with what the boot script's worker
 * posted before it was taken, for the app to apply after its start.
 */
const takeWorker = (): [Worker, FromWorker[]] => {
  const boot = typeof window === 'object' ? window.__boot : undefined;
  const w = (boot && boot.worker) || new Worker(__WORKER_URL__);
  const early = (boot && boot.early) || [];
  if (boot) boot.worker = boot.early = null;
  return [w, early];
};

/**
 * Creates the worker if needed and starts its polling for the current session and chart;
 * `chartLater`: the chart's ticker is selected once the worker before this one has handed on its history.
 */
const begin = (chartLater = false): void => {
  let early: FromWorker[] = [];
  if (!worker) {
    const [w, before] = takeWorker();
    worker = w;
    early = before;
    w.onmessage = (e: MessageEvent<FromWorker>) => receive(e.data);
    // Crashed, or the script could not load (offline): prices would freeze quietly, so the status
    // line says so and counts down to a new worker while a screen still shows prices.
    w.onerror = () => {
      w.terminate();
      if (worker !== w) return;
      worker = null;
      if (!mounted) return;
      const wait = Math.min(MAX_RESTART_MS, FIRST_RESTART_MS * 2 ** crashes++);
      showStatus('backoff', wait);
      restart = setTimeout(() => {
        if (mounted && !worker) begin();
      }, wait);
    };
  }
  // The worker says `ok` only after a failure, so a restart begins from a clean status.
  showStatus('ok', 0);
  post({
    type: 'start',
    baseUrl: '',
    token: $session.get().token || undefined,
    symbol: chart && !chartLater ? chart.symbol : null,
    period: chart ? chart.period : $trade.get().kLinePeriod,
    saveData: saveData(),
  });
  // A worker the boot script started polls on (market/poller.ts): its answers so far are the
  // app's too, after the clean status above, so a backoff among them still shows.
  early.forEach(receive);
  if (document.hidden) visibility();
};

/**
 * A replaced worker is handing on its history: a chart opened meanwhile (the quote screen's code
 * often comes with the service worker's takeover) is selected on the new worker once that history
 * is there, not before, which would fetch it a second time.
 */
let handing = false;

/** How long a retired worker may take to hand on its prefetch (a stalled fetch) before it is ended anyway. */
const RETIRE_MS = 30_000;

/**
 * Ends a replaced worker once it has handed on the history it holds (home's selected ticker, a
 * quote under the finger, the chart on screen) to the one now running, then selects the chart
 * there: on a first visit the service worker takes the page about when that history is fetched,
 * often while a quick tap's chart waits for it, and the new worker would fetch it a second time.
 * Its fetches meanwhile still count on the data meter.
 */
const retire = (old: Worker): void => {
  handing = true;
  const handedOn = () => {
    handing = false;
    clearTimeout(end);
    old.terminate();
    if (chart && worker) post({ type: 'select', symbol: chart.symbol });
  };
  const end = setTimeout(handedOn, RETIRE_MS);
  old.onerror = handedOn;
  old.onmessage = (e: MessageEvent<FromWorker>) => {
    const msg = e.data;
    if (msg.type === 'bytes') return reportFetches(msg.entries);
    if (msg.type !== 'retired') return;
    if (msg.history) post({ type: 'prefetch', ...msg.history });
    handedOn();
  };
  old.postMessage({ type: 'retire' } satisfies ToWorker);
};

/**
 * Replaces the running worker (or the boot script's, not yet taken) with a new one. A worker
 * started before the service worker took the page is never under it, so its answers, the prices
 * and candles the app last showed, would not be kept for an offline start.
 */
export const renewWorker = (): void => {
  const boot = window.__boot;
  if (boot && boot.worker) boot.worker.terminate();
  if (boot) boot.worker = null;
  if (!worker) return;
  const old = worker;
  worker = null;
  if (!mounted) return old.terminate();
  begin(true);
  retire(old);
};

const visibility = () => post({ type: 'visibility', hidden: document.hidden });
const online = () => post({ type: 'online' });

onMount($marketStatus, () => {
  mounted = true;
  begin();
  document.addEventListener('visibilitychange', visibility);
  addEventListener('online', online);
  const offToken = listenKeys($session, ['token'], ({ token }) => post({ type: 'token', token: token || null }));
  const offSaver = $saveData.listen((on) => post({ type: 'saveData', on }));
  return () => {
    offSaver();
    mounted = false;
    post({ type: 'stop' });
    clearInterval(countdown);
    clearTimeout(restart);
    document.removeEventListener('visibilitychange', visibility);
    removeEventListener('online', online);
    offToken();
  };
});

const keepAlive = () => {};

/**
 * Candle polling for one ticker and period until the returned function is called: the worker
 * polls them, the held columns follow each diff, and `listener(columns, reset)` runs after each
 * one (reset: the columns were replaced, e.g. by the first 500 candles). Only one chart at a time:
 * a second call replaces the first, keeping the columns when it asks for the same ticker and period.
 */
export function watchCandles(symbol: string, period: KlinePeriod, listener: CandleListener): () => void {
  const sub = { listener };
  if (chart && chart.symbol === symbol && chart.period === period) {
    chart.sub = sub;
    if (chart.columns.time.length) listener(chart.columns, 0);
  } else {
    chart = { symbol, period, columns: emptyColumns(), sub };
    post({ type: 'period', period });
    if (!handing) post({ type: 'select', symbol });
  }
  const mine = chart;
  const off = $marketStatus.listen(keepAlive);
  release();
  return () => {
    off();
    if (mine.sub !== sub) return;
    mine.sub = null;
    // A screen that re-subscribes in the same render (cleanup, then effect) keeps the history.
    queueMicrotask(() => {
      if (chart !== mine || mine.sub) return;
      chart = null;
      post({ type: 'select', symbol: null });
    });
  };
}

/** The chart was scrolled back to its oldest candle: the worker loads the whole history. */
export const olderCandles = (): void => post({ type: 'older' });

/** How long a tapped quote's history keeps the worker alive for the screen on its way. */
const TAPPED_MS = 30_000;
let tapped: { off: () => void; timer: ReturnType<typeof setTimeout> } | null = null;

const release = (): void => {
  if (!tapped) return;
  clearTimeout(tapped.timer);
  tapped.off();
  tapped = null;
};

/**
 * Has the worker fetch a chart's history at low priority before the tap that opens it; the chart
 * that then asks for the same ticker and period is drawn from it. Nothing while the worker is off.
 * `sketch`: the worker draws the chart's first picture from that history for the screen's frame.
 * `tap`: a quote was tapped and its screen is on its way, which on a slow line takes longer than
 * the store outlives its last listener: the worker, and the history it holds, are kept until the
 * chart watches it (a worker ended meanwhile took the history with it, and the chart fetched it again).
 */
export const prefetchCandles = (symbol: string, period: KlinePeriod, tap = false, sketch?: SketchAsk): void => {
  worker?.postMessage({ type: 'prefetch', symbol, period, sketch } satisfies ToWorker, sketch ? [sketch.port] : []);
  if (!tap || !worker) return;
  const off = tapped ? tapped.off : $marketStatus.listen(keepAlive);
  if (tapped) clearTimeout(tapped.timer);
  tapped = { off, timer: setTimeout(release, TAPPED_MS) };
};
