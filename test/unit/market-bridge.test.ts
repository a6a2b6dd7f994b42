import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { STORE_UNMOUNT_DELAY } from 'nanostores';
import type { Ticker } from '../../src/shared/contract.ts';
import { type CandleColumns, type FromWorker, type ToWorker, emptyColumns } from '../../src/shared/protocol.ts';
import { $marketStatus, prefetchCandles, renewWorker, watchCandles } from '../../src/stores/market.ts';
import { $session } from '../../src/stores/session.ts';
import { $tickers, $trade, applyTickers } from '../../src/stores/trade.ts';
import { FakeTime } from './fake-time.ts';

/** Stands in for the market worker: records what the app posts and delivers what the test emits. */
class FakeWorker {
  static all: FakeWorker[] = [];
  posted: ToWorker[] = [];
  onmessage: ((e: { data: FromWorker }) => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor(readonly url: string) {
    FakeWorker.all.push(this);
  }
  postMessage(msg: ToWorker) {
    this.posted.push(structuredClone(msg));
  }
  terminate() {
    this.terminated = true;
  }
  emit(msg: FromWorker) {
    this.onmessage!({ data: structuredClone(msg) });
  }
  /** Messages posted since the last call. */
  take(): ToWorker[] {
    return this.posted.splice(0);
  }
}

// The timers of nanostores (the store unmount delay) and of the market store (the retry countdown).
const time = new FakeTime(Date.now(), () => tick());

const page = new EventTarget() as EventTarget & { hidden: boolean };
page.hidden = false;
/** The window's own events (`online`). */
const win = new EventTarget();
let dataSaver = false;
const fakes: PropertyDescriptorMap = {
  Worker: { configurable: true, writable: true, value: FakeWorker },
  // The page's window, without a boot script's worker: renewWorker reads it.
  window: { configurable: true, writable: true, value: {} },
  __WORKER_URL__: { configurable: true, writable: true, value: '/assets/worker-TEST.js' },
  document: { configurable: true, writable: true, value: page },
  addEventListener: { configurable: true, writable: true, value: win.addEventListener.bind(win) },
  removeEventListener: { configurable: true, writable: true, value: win.removeEventListener.bind(win) },
  navigator: { configurable: true, value: { connection: { get saveData() { return dataSaver; } } } },
  setTimeout: { configurable: true, writable: true, value: time.setTimeout },
  clearTimeout: { configurable: true, writable: true, value: time.clearTimeout },
  setInterval: { configurable: true, writable: true, value: time.setInterval },
  clearInterval: { configurable: true, writable: true, value: time.clearInterval },
};
const realNow = Date.now;
const originals = Object.fromEntries(Object.keys(fakes).map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)]));
/** Installed when this file's tests start, not on import: uvu imports every test file before it runs any. */
const install = () => {
  Date.now = () => time.now;
  Object.defineProperties(globalThis, fakes);
};

/** Leaves the shared stores and globals as the next test file expects them. */
const restore = () => {
  $tickers.set({});
  $trade.set({ ...$trade.get(), tickerList: [], selectedTicker: '', defaultSelectedTicker: '' });
  $session.set({ token: '', userInfo: null });
  for (const [k, d] of Object.entries(originals)) {
    if (d) Object.defineProperty(globalThis, k, d);
    else delete (globalThis as Record<string, unknown>)[k];
  }
  Date.now = realNow;
};

const tick = () => new Promise<void>((r) => queueMicrotask(r));
const wait = (ms: number) => time.advance(ms);
const worker = () => FakeWorker.all[FakeWorker.all.length - 1]!;
const tk = (symbol: string, price: string): Ticker => ({ symbol, name: symbol.toUpperCase() + '/USDT', price, open: '1', change: '0.00', high: price, low: '1', volume: '5' });
const cols = (from: number, to: number): CandleColumns => {
  const c = emptyColumns();
  for (let i = from; i <= to; i++) {
    c.time.push(i * 60);
    for (const k of ['open', 'high', 'low', 'close', 'volume'] as const) c[k].push(i);
  }
  return c;
};

const life = suite('$marketStatus: the worker lives with its listeners');
life.before(install);

life('the first listener creates the classic worker and starts it with the session and trade state', () => {
  $session.setKey('token', 'tok1');
  dataSaver = true;
  const off = $marketStatus.listen(() => {});
  assert.is(FakeWorker.all.length, 1);
  assert.is(worker().url, '/assets/worker-TEST.js', 'the hashed URL the build injects');
  assert.equal(worker().take(), [
    { type: 'start', baseUrl: '', token: 'tok1', symbol: null, period: $trade.get().kLinePeriod, saveData: true },
  ]);
  off();
  dataSaver = false;
});

life('a status message reaches the store; leaving for a moment keeps the worker polling', async () => {
  const seen: string[] = [];
  const off = $marketStatus.subscribe((s) => seen.push(s.state + ':' + s.retryInMs));
  worker().emit({ type: 'status', state: 'backoff', retryInMs: 4000 });
  assert.equal($marketStatus.get(), { state: 'backoff', retryInMs: 4000 });
  off();
  const again = $marketStatus.listen(() => {});
  await wait(STORE_UNMOUNT_DELAY + 50);
  assert.equal(worker().take(), [], 'no stop, no second start while a screen still listens');
  again();
  assert.equal(seen, ['ok:0', 'backoff:4000']);
});

life('the worker stops a second after the last listener; a new listener restarts it with a clean status', async () => {
  await wait(STORE_UNMOUNT_DELAY + 50);
  assert.equal(worker().take(), [{ type: 'stop' }]);
  const off = $marketStatus.listen(() => {});
  assert.is(FakeWorker.all.length, 1, 'the same worker is reused');
  assert.is(worker().take()[0]!.type, 'start');
  assert.equal($marketStatus.get(), { state: 'ok', retryInMs: 0 }, 'the old backoff is not shown again');
  off();
  await wait(STORE_UNMOUNT_DELAY + 50);
  worker().take();
});

life('hiding and showing the page, the network coming back, and a new token, are forwarded; nothing once stopped', async () => {
  const off = $marketStatus.listen(() => {});
  worker().take();
  page.hidden = true;
  page.dispatchEvent(new Event('visibilitychange'));
  page.hidden = false;
  page.dispatchEvent(new Event('visibilitychange'));
  win.dispatchEvent(new Event('online'));
  $session.setKey('token', 'tok2');
  $session.setKey('token', '');
  assert.equal(worker().take(), [
    { type: 'visibility', hidden: true },
    { type: 'visibility', hidden: false },
    { type: 'online' },
    { type: 'token', token: 'tok2' },
    { type: 'token', token: null },
  ]);
  off();
  await wait(STORE_UNMOUNT_DELAY + 50);
  page.dispatchEvent(new Event('visibilitychange'));
  win.dispatchEvent(new Event('online'));
  $session.setKey('token', 'tok3');
  assert.equal(worker().take(), [{ type: 'stop' }]);
});

life('a page hidden when polling starts tells the worker at once', async () => {
  page.hidden = true;
  const off = $marketStatus.listen(() => {});
  assert.equal(worker().take().map((m) => m.type + ('hidden' in m ? ':' + m.hidden : '')), ['start', 'visibility:true']);
  page.hidden = false;
  off();
  await wait(STORE_UNMOUNT_DELAY + 50);
  worker().take();
});

life('a worker that fails to load is dropped, and the next listener creates a new one', async () => {
  const off = $marketStatus.listen(() => {});
  const broken = worker();
  broken.onerror!();
  assert.ok(broken.terminated);
  off();
  await wait(STORE_UNMOUNT_DELAY + 50);
  const again = $marketStatus.listen(() => {});
  assert.is.not(worker(), broken);
  assert.is(worker().take()[0]!.type, 'start');
  again();
  await wait(STORE_UNMOUNT_DELAY + 50);
  worker().take();
});

life('"retrying in N s" counts down between polls', async () => {
  const off = $marketStatus.listen(() => {});
  worker().take();
  worker().emit({ type: 'status', state: 'backoff', retryInMs: 4000 });
  await wait(1100);
  const left = $marketStatus.get();
  assert.is(left.state, 'backoff');
  assert.ok(left.retryInMs > 2000 && left.retryInMs <= 3000, `about 3 s left, got ${left.retryInMs}`);
  worker().emit({ type: 'status', state: 'ok', retryInMs: 0 });
  await wait(1100);
  assert.equal($marketStatus.get(), { state: 'ok', retryInMs: 0 }, 'an ok stops the count');
  off();
  await wait(STORE_UNMOUNT_DELAY + 50);
  worker().take();
});

life('a worker that crashes while prices are shown is replaced after a pause the status counts down', async () => {
  const off = $marketStatus.listen(() => {});
  const crashed = worker();
  crashed.take();
  crashed.onerror!();
  assert.ok(crashed.terminated);
  assert.equal($marketStatus.get(), { state: 'backoff', retryInMs: 2000 }, 'the line says prices are paused');
  await wait(1100);
  assert.ok($marketStatus.get().retryInMs <= 1000, 'and counts down');
  await wait(1000);
  assert.is.not(worker(), crashed, 'a new worker');
  assert.is(worker().take()[0]!.type, 'start');
  assert.equal($marketStatus.get(), { state: 'ok', retryInMs: 0 });
  off();
  await wait(STORE_UNMOUNT_DELAY + 50);
  worker().take();
});

life('a worker renewed under the service worker hands the history it prefetched to the new one, then ends', async () => {
  const off = $marketStatus.listen(() => {});
  const old = worker();
  prefetchCandles('eth', '1min');
  old.take();
  renewWorker();
  const next = worker();
  assert.is.not(next, old, 'a new worker');
  assert.equal(old.take(), [{ type: 'retire' }], 'the old one is asked to hand on, not ended at once');
  assert.not.ok(old.terminated);
  assert.is(next.take()[0]!.type, 'start');
  old.emit({ type: 'retired', history: { symbol: 'eth', period: '1min', columns: cols(1, 3) } });
  assert.ok(old.terminated, 'ended once it has answered');
  assert.equal(next.take(), [{ type: 'prefetch', symbol: 'eth', period: '1min', columns: cols(1, 3) }], 'its history goes to the new worker');
  off();
  await wait(STORE_UNMOUNT_DELAY + 50);
  worker().take();
});

life("with a chart open, the new worker gets the chart's history from the old one before it selects the chart: no second fetch", async () => {
  const old = worker();
  const heard: number[] = [];
  const stop = watchCandles('btc', '1min', (c) => heard.push(c.time.length));
  old.take();
  renewWorker();
  const next = worker();
  const start = next.take();
  assert.equal(start.map((m) => m.type), ['start']);
  assert.ok(start[0]!.type === 'start' && start[0]!.symbol === null && start[0]!.period === '1min', 'started without the chart, which would fetch its history');
  old.emit({ type: 'retired', history: { symbol: 'btc', period: '1min', columns: cols(1, 120) } });
  assert.equal(next.take(), [{ type: 'prefetch', symbol: 'btc', period: '1min', columns: cols(1, 120) }, { type: 'select', symbol: 'btc' }], 'the history, then the chart');
  next.emit({ type: 'candles', symbol: 'btc', period: '1min', kind: 'reset', columns: cols(1, 120) });
  assert.is(heard.pop(), 120, 'the chart keeps its candles');
  stop();
  await wait(STORE_UNMOUNT_DELAY + 50);
  worker().take();
});

life('a chart opened while the replaced worker hands on its history is selected once it is there: no second fetch', async () => {
  const off = $marketStatus.listen(() => {});
  const old = worker();
  prefetchCandles('btc', '1min');
  old.take();
  renewWorker();
  const next = worker();
  next.take();
  // The quote screen's code came with the service worker's takeover: its chart mounts now.
  const stop = watchCandles('btc', '1min', () => {});
  assert.not.ok(next.take().some((m) => m.type === 'select'), 'the new worker would fetch the history the old one is handing on');
  old.emit({ type: 'retired', history: { symbol: 'btc', period: '1min', columns: cols(1, 120) } });
  assert.equal(next.take(), [{ type: 'prefetch', symbol: 'btc', period: '1min', columns: cols(1, 120) }, { type: 'select', symbol: 'btc' }], 'the history, then the chart');
  stop();
  off();
  await wait(STORE_UNMOUNT_DELAY + 50);
  worker().take();
});

life("a tapped quote keeps the worker and the history it holds until the quote screen's chart comes", async () => {
  const off = $marketStatus.listen(() => {});
  const old = worker();
  prefetchCandles('btc', '1min', true);
  // Home leaves with the tap; the quote screen's code is still on a slow line.
  off();
  await wait(STORE_UNMOUNT_DELAY + 50);
  assert.not.ok(old.posted.some((m) => m.type === 'stop'), 'the worker is not stopped');
  // The service worker takes the page meanwhile.
  renewWorker();
  assert.equal(old.take().pop(), { type: 'retire' }, 'the worker hands on its history instead of being ended with it');
  const next = worker();
  old.emit({ type: 'retired', history: { symbol: 'btc', period: '1min', columns: cols(1, 120) } });
  const stop = watchCandles('btc', '1min', () => {});
  const sent = next.take().filter((m) => m.type !== 'start' && m.type !== 'period');
  assert.equal(sent, [{ type: 'prefetch', symbol: 'btc', period: '1min', columns: cols(1, 120) }, { type: 'select', symbol: 'btc' }], 'the chart is drawn from it');
  stop();
  await wait(STORE_UNMOUNT_DELAY + 50);
  worker().take();
});

life('a renewed worker that never answers is ended after a while, and the chart is selected on the new one', async () => {
  const off = $marketStatus.listen(() => {});
  const stop = watchCandles('eth', '1min', () => {});
  const old = worker();
  renewWorker();
  const next = worker();
  await wait(29_000);
  assert.not.ok(old.terminated);
  next.take();
  await wait(1_000);
  assert.ok(old.terminated);
  assert.equal(next.take(), [{ type: 'select', symbol: 'eth' }]);
  stop();
  off();
  await wait(STORE_UNMOUNT_DELAY + 50);
  worker().take();
});

life.run();

const tickers = suite('tickers from the worker');

tickers('each message is applied in one batch, and rows whose ticker did not change are not notified', () => {
  applyTickers([tk('btc', '100'), tk('eth', '10'), tk('sol', '1')]);
  const off = $marketStatus.listen(() => {});
  const calls: Record<string, number> = { btc: 0, eth: 0, sol: 0, list: 0 };
  const offs = ['btc', 'eth', 'sol'].map((s) => $tickers.listen((v, old) => {
    if (v[s] !== old?.[s]) calls[s]!++;
  }));
  let notified = 0;
  offs.push($tickers.listen(() => notified++));
  offs.push($trade.listen(() => calls.list!++));
  // A restarted worker posts every ticker once; only btc moved meanwhile.
  worker().emit({ type: 'tickers', changed: [tk('btc', '101'), tk('eth', '10'), tk('sol', '1')] });
  assert.equal(calls, { btc: 1, eth: 0, sol: 0, list: 0 }, 'only btc changed, the order stays');
  assert.is(notified, 1, 'one notification for the message');
  assert.is($tickers.get().btc!.price, '101');

  worker().emit({ type: 'tickers', changed: [tk('eth', '11'), tk('sol', '2')] });
  assert.is(notified, 2, 'two tickers, still one batch');
  assert.equal(calls, { btc: 1, eth: 1, sol: 1, list: 0 });
  worker().emit({ type: 'tickers', changed: [tk('eth', '11')] });
  assert.is(notified, 2, 'an unchanged ticker changes nothing');
  for (const o of offs) o();
  off();
});

tickers('a list that brings a new symbol is applied whole, so the order keeps every coin', () => {
  const off = $marketStatus.listen(() => {});
  const all = ['btc', 'eth', 'sol'].map((s) => $tickers.get()[s]!);
  worker().emit({ type: 'tickers', changed: [...all, tk('doge', '0.1')] });
  assert.equal($trade.get().tickerList, ['btc', 'eth', 'sol', 'doge']);
  off();
});

tickers.run();

const candles = suite('watchCandles');

candles('asks the worker for the pair, keeps the columns and reports from which candle each message changed them', async () => {
  const w = worker();
  w.take();
  const heard: [number, number][] = [];
  const stop = watchCandles('btc', '5min', (c, from) => heard.push([c.time.length, from]));
  assert.equal(w.take(), [{ type: 'period', period: '5min' }, { type: 'select', symbol: 'btc' }]);
  w.emit({ type: 'candles', symbol: 'btc', period: '5min', kind: 'reset', columns: emptyColumns() });
  w.emit({ type: 'candles', symbol: 'btc', period: '5min', kind: 'reset', columns: cols(0, 499) });
  w.emit({ type: 'candles', symbol: 'eth', period: '5min', kind: 'reset', columns: cols(0, 9) });
  w.emit({ type: 'candles', symbol: 'btc', period: '1min', kind: 'patch', at: 500, drop: 0, columns: cols(500, 500) });
  let last: CandleColumns | null = null;
  const stop2 = watchCandles('btc', '5min', (c, from) => {
    last = c;
    heard.push([c.time.length, from]);
  });
  stop();
  assert.equal(w.take(), [], 'the same pair again: nothing to ask, the history is kept');
  w.emit({ type: 'candles', symbol: 'btc', period: '5min', kind: 'patch', at: 499, drop: 1, columns: cols(499, 500) });
  w.emit({ type: 'candles', symbol: 'btc', period: '5min', kind: 'patch', at: 499, drop: 0, columns: cols(500, 500) });
  assert.equal(
    heard,
    [[0, 0], [500, 0], [500, 0], [500, 0], [500, 499]],
    'other pairs are ignored; the new listener starts with the held columns; a dropped candle moves them all, a forming one only itself',
  );
  assert.is(last!.time[0], 60, 'the oldest candle dropped');
  assert.is(last!.time[499], 500 * 60);

  stop2();
  const stop3 = watchCandles('eth', '5min', () => {});
  await tick();
  assert.equal(w.take().filter((m) => m.type === 'select'), [{ type: 'select', symbol: 'eth' }], 'a chart that follows at once: no select(null) in between');
  stop3();
  await tick();
  assert.equal(w.take(), [{ type: 'select', symbol: null }], 'after the last chart, only tickers are polled');
});

candles('keeps the worker polling on its own, and a restart carries the chart in its start message', async () => {
  await wait(STORE_UNMOUNT_DELAY + 50);
  worker().take();
  const stop = watchCandles('sol', '1day', () => {});
  const start = worker().take().find((m) => m.type === 'start');
  assert.ok(start && start.type === 'start' && start.symbol === 'sol' && start.period === '1day');
  stop();
  await tick();
  await wait(STORE_UNMOUNT_DELAY + 50);
  assert.equal(worker().take(), [{ type: 'select', symbol: null }, { type: 'stop' }]);
});

candles.after(restore);

candles.run();
