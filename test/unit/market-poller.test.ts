import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { Poller, type PollerDeps } from '../../src/market/poller.ts';
import type { Candle, Ticker } from '../../src/shared/contract.ts';
import type { FromWorker, SketchAsk, ToWorker } from '../../src/shared/protocol.ts';
import { FakeTime } from './fake-time.ts';

const tick = () => new Promise<void>((r) => setTimeout(r, 0));


interface Call {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  at: number;
}

/** A fake market API: answers at once unless `hold` is set, fails while `down` is set. */
const setup = () => {
  const time = new FakeTime(0, tick);
  const calls: Call[] = [];
  const posted: FromWorker[] = [];
  /** `price`: the ticker list's price while set (an unchanged list); else it moves with the clock. */
  const net: { hold: boolean; down: boolean; price?: string } = { hold: false, down: false };
  const minute = () => Math.floor(time.now / 60_000);
  const candles = (from: number): Candle[] => {
    const out: Candle[] = [];
    for (let i = minute(); i >= from; i--) {
      out.push({ time: i * 60_000, open: '1', high: '2', low: '1', close: String(time.now / 1000), volume: '1' });
    }
    return out;
  };
  const answer = (url: string): unknown => {
    if (url.includes('getHomeTickerList')) {
      const price = net.price ?? (1 + time.now / 1e6).toFixed(6);
      return [{ symbol: 'btc', name: 'BTC/USDT', price, open: '1', change: '0.00', high: '9', low: '0', volume: '1' } satisfies Ticker];
    }
    const since = /since=(\d+)/.exec(url);
    const size = /size=(\d+)/.exec(url);
    return candles(since ? Number(since[1]) / 60_000 : minute() - (size ? Number(size[1]) : 500) + 1);
  };
  const deps: PollerDeps = {
    fetch: (url, init) =>
      new Promise((resolve, reject) => {
        calls.push({ url, headers: init.headers, signal: init.signal, at: time.now });
        init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        if (net.hold) return;
        if (net.down) return reject(new TypeError('Failed to fetch'));
        const body = { code: 200, msg: 'success', data: answer(url) };
        // As the server: the ticker list has a validator of its content, and a 304 when it matches.
        const etag = url.includes('getHomeTickerList') ? `"${JSON.stringify(body.data).length}-${(body.data as Ticker[])[0]!.price}"` : null;
        const headers = { get: (name: string) => (name.toLowerCase() === 'etag' ? etag : null) };
        if (etag && init.headers['If-None-Match'] === etag) return resolve({ ok: false, status: 304, headers, json: async () => Promise.reject(new SyntaxError('no body')) });
        resolve({ ok: true, status: 200, headers, json: async () => body });
      }),
    setTimeout: time.setTimeout,
    clearTimeout: time.clearTimeout,
    post: (m) => posted.push(m),
  };
  const poller = new Poller(deps);
  time.now = 1_000 * 60_000;
  return { time, calls, posted, net, poller, deps };
};

const start = { type: 'start', baseUrl: 'https://x.test', symbol: 'btc', period: '1min', saveData: false } as const;
const klines = (calls: Call[]) => calls.filter((c) => c.url.includes('getHistoryKline'));
const tickerCalls = (calls: Call[]) => calls.filter((c) => c.url.includes('getHomeTickerList'));

const schedule = suite('schedule');

schedule('start asks at once for tickers and the newest 120 candles (55 KB for 500 on a slow line), then every 5 s only for what is new', async () => {
  const { time, calls, posted, poller } = setup();
  poller.handle(start);
  await time.advance(0);
  assert.is(tickerCalls(calls).length, 1);
  assert.match(klines(calls)[0].url, 'https://x.test/prod-api/h5/symbol/getHistoryKline?symbol=btc&period=1min&size=120');
  const reset = posted.find((m) => m.type === 'candles' && m.kind === 'reset' && m.columns.time.length === 120);
  assert.ok(reset, 'the 120 candles arrive as one reset');
  assert.ok(posted.some((m) => m.type === 'tickers' && m.changed.length === 1));
  await time.advance(4_999);
  assert.is(calls.length, 2, 'nothing before 5 s');
  await time.advance(1);
  assert.is(calls.length, 4);
  assert.match(klines(calls)[1].url, `since=${999 * 60_000 + 60_000}`, 'the next ask starts at the newest held candle');
  const patch = posted.filter((m) => m.type === 'candles').pop();
  assert.ok(patch?.type === 'candles' && patch.kind === 'patch' && patch.columns.time.length === 1, 'only the forming candle is posted');
  poller.handle({ type: 'stop' });
});

schedule('an unchanged ticker list comes as a 304: the poll names the last validator, the screen gets nothing new, polling goes on', async () => {
  const { time, calls, posted, net, poller } = setup();
  net.price = '1.5';
  poller.handle(start);
  await time.advance(0);
  assert.is(tickerCalls(calls)[0]!.headers['If-None-Match'], undefined, 'nothing to name on the first poll');
  const lists = () => posted.filter((m) => m.type === 'tickers').length;
  assert.is(lists(), 1);
  await time.advance(5_000);
  assert.is(tickerCalls(calls)[1]!.headers['If-None-Match'], '"111-1.5"', 'the second poll names the list it holds');
  assert.is(lists(), 1, 'an unchanged list posts nothing');
  assert.not.ok(posted.some((m) => m.type === 'status'), 'a 304 is no failure');
  assert.ok(klines(calls).every((c) => !('If-None-Match' in c.headers)), 'candles come without a validator, so none is sent');
  net.price = '1.6';
  await time.advance(5_000);
  assert.is(tickerCalls(calls).length, 3, 'polled on time, not backed off');
  assert.is(lists(), 2, 'a changed list comes whole and reaches the screen');
  const last = posted.filter((m) => m.type === 'tickers').pop();
  assert.ok(last?.type === 'tickers' && last.changed[0]!.price === '1.6');
  poller.handle({ type: 'stop' });
});

schedule("a second start of the same session (the app taking the boot script's worker) polls no more and keeps the list", async () => {
  const { time, calls, posted, net, poller } = setup();
  net.price = '1.5';
  const boot = { ...start, symbol: null, token: 't' } as const;
  poller.handle(boot);
  await time.advance(0);
  assert.is(tickerCalls(calls).length, 1, 'the boot script started the poll');
  poller.handle({ ...boot, period: '5min' });
  await time.advance(0);
  assert.is(calls.length, 1, 'no second poll: the first answer is already on the page');
  assert.is(posted.filter((m) => m.type === 'tickers').length, 1, 'the held list is not posted again as new');
  await time.advance(5_000);
  assert.is(tickerCalls(calls).length, 2, 'the schedule goes on from the first poll');
  assert.is(tickerCalls(calls)[1]!.headers['If-None-Match'], '"111-1.5"', 'with the validator of the list it holds');
  poller.handle({ ...boot, symbol: 'btc' });
  await time.advance(0);
  assert.is(klines(calls).length, 1, 'a chart the app opens with it is polled at once');
  poller.handle({ ...boot, token: 'other' });
  await time.advance(0);
  assert.is(tickerCalls(calls).length, 4, 'another session starts anew');
  poller.handle({ type: 'stop' });
});

schedule("a start with the list the page polled itself holds it as its first poll: the next one comes an interval on, at the app's pace once it takes over", async () => {
  const { time, calls, posted, net, poller } = setup();
  net.price = '1.5';
  const btc: Ticker = { symbol: 'btc', name: 'BTC/USDT', price: '1.5', open: '1', change: '0.00', high: '9', low: '0', volume: '1' };
  const page: ToWorker = { ...start, symbol: null, token: 't', saveData: true, listed: [btc] };
  poller.handle(page);
  await time.advance(14_999);
  assert.is(calls.length, 0, 'no second poll of what the page has just fetched');
  assert.is(posted.filter((m) => m.type === 'tickers').length, 0, 'nor is it posted back as new');
  await time.advance(1);
  assert.is(tickerCalls(calls).length, 1, "at the data saver's pace while the page holds the worker");
  assert.is(posted.filter((m) => m.type === 'tickers').length, 0, "the page's list unchanged: nothing new for the rows");
  await time.advance(1_000);
  poller.handle({ ...page, saveData: false, listed: undefined });
  await time.advance(4_999);
  assert.is(tickerCalls(calls).length, 1, "the app's pace counts from when it took over");
  net.price = '1.6';
  await time.advance(1);
  assert.is(tickerCalls(calls).length, 2, 'every 5 s, not 15');
  const moved = posted.filter((m) => m.type === 'tickers').pop();
  assert.ok(moved?.type === 'tickers' && moved.changed[0]!.price === '1.6', 'a change reaches the screen');
  poller.handle({ type: 'stop' });
});

schedule('Save-Data polls every 15 s', async () => {
  const { time, calls, poller } = setup();
  poller.handle({ ...start, saveData: true });
  await time.advance(14_999);
  assert.is(calls.length, 2);
  await time.advance(1);
  assert.is(calls.length, 4);
  poller.handle({ type: 'stop' });
});

schedule('with the data saver too the chart loads 120 candles; a drag back to the oldest loads the whole 500 once, then polls go on with what is new', async () => {
  const { time, calls, posted, poller } = setup();
  poller.handle({ ...start, saveData: true });
  await time.advance(0);
  assert.match(klines(calls)[0].url, 'size=120');
  const first = posted.filter((m) => m.type === 'candles').pop();
  assert.ok(first?.type === 'candles' && first.kind === 'reset' && first.columns.time.length === 120, 'the chart gets 120 candles');
  poller.handle({ type: 'older' });
  poller.handle({ type: 'older' });
  await time.advance(0);
  assert.is(klines(calls).length, 2, 'one more history call for two drags');
  assert.match(klines(calls)[1].url, 'size=500');
  const whole = posted.filter((m) => m.type === 'candles').pop();
  assert.ok(whole?.type === 'candles' && whole.kind === 'reset' && whole.columns.time.length === 500, 'the chart gets the whole history');
  poller.handle({ type: 'older' });
  await time.advance(0);
  assert.is(klines(calls).length, 2, 'nothing more once 500 are held');
  await time.advance(15_000);
  assert.match(klines(calls)[2].url, 'since=', 'polls still ask only for what is new');
  poller.handle({ type: 'stop' });
});

schedule('turning the data saver on or off moves the next poll to 15 s or 5 s', async () => {
  const { time, calls, poller } = setup();
  poller.handle(start);
  await time.advance(0);
  poller.handle({ type: 'saveData', on: true });
  await time.advance(5_000);
  assert.is(tickerCalls(calls).length, 2, 'the poll already scheduled keeps its time');
  await time.advance(14_999);
  assert.is(tickerCalls(calls).length, 2, 'then 15 s');
  await time.advance(1);
  assert.is(tickerCalls(calls).length, 3);
  poller.handle({ type: 'saveData', on: false });
  await time.advance(15_000);
  await time.advance(5_000);
  assert.is(tickerCalls(calls).length, 5, 'back to 5 s after the next poll');
  poller.handle({ type: 'stop' });
});

schedule('with no chart open only the tickers are polled', async () => {
  const { time, calls, poller } = setup();
  poller.handle({ ...start, symbol: null });
  await time.advance(10_000);
  assert.is(klines(calls).length, 0);
  assert.is(tickerCalls(calls).length, 3);
  poller.handle({ type: 'stop' });
});

schedule('clientId always; Authorization once a token is given, and only on the candles', async () => {
  const { time, calls, poller } = setup();
  poller.handle(start);
  await time.advance(0);
  assert.equal(calls[0].headers, { clientId: 'app' });
  poller.handle({ type: 'token', token: 'tok' });
  await time.advance(5_000);
  assert.equal(klines(calls).pop()!.headers, { clientId: 'app', Authorization: 'tok' });
  const { Authorization, ...rest } = tickerCalls(calls).pop()!.headers;
  assert.is(Authorization, undefined, 'the public ticker list goes without the token');
  assert.equal(Object.keys(rest), ['clientId', 'If-None-Match'], 'and with the validator of the list it holds');
  poller.handle({ type: 'stop' });
});

const abort = suite('abort and reset');

abort('a poll still running when the next one starts is aborted and posts nothing', async () => {
  const { time, calls, posted, net, poller } = setup();
  net.hold = true;
  poller.handle(start);
  await time.advance(5_000);
  assert.ok(calls[0].signal.aborted && calls[1].signal.aborted, 'the first poll was aborted');
  assert.not.ok(calls[2].signal.aborted);
  assert.ok(posted.every((m) => m.type === 'candles' && m.columns.time.length === 0), 'only the empty start reset, no status');
  poller.handle({ type: 'stop' });
});

abort('a period change empties the chart, aborts the pending ask and reloads at once', async () => {
  const { time, calls, posted, net, poller } = setup();
  poller.handle(start);
  await time.advance(0);
  net.hold = true;
  await time.advance(5_000);
  const pending = klines(calls)[1];
  net.hold = false;
  posted.length = 0;
  poller.handle({ type: 'period', period: '5min' });
  assert.ok(pending.signal.aborted);
  assert.equal(posted[0], { type: 'candles', kind: 'reset', symbol: 'btc', period: '5min', columns: { time: [], open: [], high: [], low: [], close: [], volume: [] } });
  await time.advance(0);
  assert.match(klines(calls)[2].url, 'period=5min&size=120', 'the new period loads its first history');
  assert.is(klines(calls)[2].at, time.now, 'without waiting for the next tick');
  poller.handle({ type: 'select', symbol: 'eth' });
  await time.advance(0);
  assert.match(klines(calls)[3].url, 'symbol=eth&period=5min&size=120');
  poller.handle({ type: 'stop' });
});

const visibility = suite('visibility');

visibility('hidden: the running poll is aborted and nothing is asked; visible: one refresh at once', async () => {
  const { time, calls, net, poller } = setup();
  poller.handle(start);
  await time.advance(0);
  net.hold = true;
  await time.advance(5_000);
  const inFlight = calls.length;
  poller.handle({ type: 'visibility', hidden: true });
  assert.ok(calls.slice(-2).every((c) => c.signal.aborted));
  await time.advance(120_000);
  assert.is(calls.length, inFlight, 'no request while hidden');
  net.hold = false;
  poller.handle({ type: 'visibility', hidden: false });
  await time.advance(0);
  assert.is(calls.length, inFlight + 2, 'one refresh on return');
  await time.advance(5_000);
  assert.is(calls.length, inFlight + 4, 'and the 5 s cadence resumes');
  poller.handle({ type: 'stop' });
});

const backoff = suite('backoff');

backoff('network errors back off 2, 4, 8 … up to 60 s, say so, and recover', async () => {
  const { time, calls, posted, net, poller } = setup();
  net.down = true;
  poller.handle(start);
  const delays: number[] = [];
  for (let i = 0; i < 8; i++) {
    await time.advance(0);
    const status = posted.filter((m) => m.type === 'status').pop();
    assert.ok(status && status.type === 'status' && status.state === 'backoff');
    delays.push(status.retryInMs);
    const before = calls.length;
    await time.advance(status.retryInMs - 1);
    assert.is(calls.length, before, 'no retry before the announced time');
    await time.advance(1);
    assert.ok(calls.length > before);
  }
  assert.equal(delays, [2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  net.down = false;
  await time.advance(60_000);
  assert.equal(posted[posted.length - 1], { type: 'status', state: 'ok', retryInMs: 0 });
  const before = calls.length;
  await time.advance(5_000);
  assert.is(calls.length, before + 2, 'back to every 5 s');
  poller.handle({ type: 'stop' });
});

backoff('back online, a backing-off poller polls at once instead of at its next retry; a healthy one waits its turn', async () => {
  const { time, calls, posted, net, poller } = setup();
  net.down = true;
  poller.handle(start);
  await time.advance(2_000 + 4_000 + 8_000 + 16_000);
  assert.equal(posted.filter((m) => m.type === 'status').pop(), { type: 'status', state: 'backoff', retryInMs: 32_000 });
  net.down = false;
  const before = calls.length;
  poller.handle({ type: 'online' });
  await time.advance(0);
  assert.is(calls.length, before + 2, 'tickers and candles asked for now');
  assert.equal(posted[posted.length - 1], { type: 'status', state: 'ok', retryInMs: 0 });
  await time.advance(4_999);
  assert.is(calls.length, before + 2, 'then every 5 s again');
  poller.handle({ type: 'online' });
  await time.advance(0);
  assert.is(calls.length, before + 2, 'an online event while polling fine adds no poll');
  await time.advance(1);
  assert.is(calls.length, before + 4);
  poller.handle({ type: 'stop' });
});

backoff('an error envelope counts as a failure, not as data', async () => {
  const { time, posted, poller } = setup();
  const failing = new Poller({
    fetch: async () => ({ ok: true, status: 200, headers: { get: () => null }, json: async () => ({ code: 401, msg: 'expired', data: null }) }),
    setTimeout: time.setTimeout,
    clearTimeout: time.clearTimeout,
    post: (m) => posted.push(m),
  });
  failing.handle(start);
  await time.advance(0);
  assert.ok(posted.some((m) => m.type === 'status' && m.state === 'backoff'));
  assert.not.ok(posted.some((m) => m.type === 'tickers'));
  failing.handle({ type: 'stop' });
  poller.handle({ type: 'stop' });
});

const prefetch = suite('prefetch');

prefetch('a prefetched history is fetched once at low priority and handed to the chart that selects it', async () => {
  const { time, calls, posted, deps } = setup();
  const prios: (string | undefined)[] = [];
  const lowFetch = new Poller({
    ...deps,
    fetch: (url, init) => {
      prios.push(init.priority);
      return deps.fetch(url, init);
    },
  });
  lowFetch.handle({ ...start, symbol: null });
  await time.advance(0);
  lowFetch.handle({ type: 'prefetch', symbol: 'btc', period: '1min' });
  await time.advance(0);
  assert.is(klines(calls).length, 1);
  assert.match(klines(calls)[0]!.url, 'symbol=btc&period=1min&size=120');
  assert.equal(prios, [undefined, 'low'], 'the ticker poll as usual, the history at low priority');
  assert.not.ok(posted.some((m) => m.type === 'candles'), 'nothing is drawn before a chart asks');

  lowFetch.handle({ type: 'select', symbol: 'btc' });
  const reset = posted.find((m) => m.type === 'candles' && m.kind === 'reset');
  assert.ok(reset?.type === 'candles' && reset.columns.time.length === 120, 'the chart gets the 120 candles at once');
  await time.advance(0);
  assert.is(klines(calls).length, 2);
  assert.match(klines(calls)[1]!.url, 'since=', 'then only what is newer, no second history');
  lowFetch.handle({ type: 'stop' });
});

/** `deps`' fetch with every history answer held until `release()`: a history still on a slow line. */
const slowHistory = (deps: PollerDeps): { fetch: PollerDeps['fetch']; release: () => void } => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return { fetch: (url, init) => (url.includes('size=') ? held.then(() => deps.fetch(url, init)) : deps.fetch(url, init)), release };
};

prefetch('a chart that selects a ticker whose prefetch is on its way waits for that answer instead of asking again', async () => {
  const { time, calls, posted, deps } = setup();
  // The history on a slow line: still coming when the tapped quote's chart mounts.
  const { fetch, release } = slowHistory(deps);
  const poller = new Poller({ ...deps, fetch });
  poller.handle({ ...start, symbol: null });
  poller.handle({ type: 'prefetch', symbol: 'btc', period: '1min' });
  poller.handle({ type: 'prefetch', symbol: 'btc', period: '1min' });
  await time.advance(0);
  poller.handle({ type: 'select', symbol: 'btc' });
  await time.advance(0);
  release();
  await time.advance(0);
  assert.equal(klines(calls).map((c) => c.url.replace(/.*\?/, '')), ['symbol=btc&period=1min&size=120'], 'one history call, for the prefetch');
  const drawn = posted.filter((m) => m.type === 'candles' && m.symbol === 'btc').pop();
  assert.ok(drawn?.type === 'candles' && drawn.columns.time.length === 120, 'the chart gets the 120 candles');
  await time.advance(5_000);
  assert.match(klines(calls).pop()!.url, 'since=', 'then only what is newer');
  poller.handle({ type: 'stop' });
});

prefetch("a history the page asked for itself is waited for, not fetched: the chart that selects it, and its first picture, are drawn from the page's answer", async () => {
  const { time, calls, posted, poller, deps } = setup();
  const pictures: number[] = [];
  const drawing = new Poller({ ...deps, sketch: (columns) => pictures.push(columns.time.length) });
  drawing.handle({ ...start, symbol: null });
  drawing.handle({ type: 'prefetch', symbol: 'btc', period: '1min', coming: true });
  drawing.handle({ type: 'prefetch', symbol: 'btc', period: '1min', sketch: {} as SketchAsk });
  await time.advance(0);
  drawing.handle({ type: 'select', symbol: 'btc' });
  await time.advance(0);
  assert.equal(klines(calls), [], "nothing asked while the page's answer is coming");
  const data: Candle[] = [];
  for (let i = 0; i < 120; i++) data.push({ time: (1_000 - i) * 60_000, open: '1', high: '2', low: '1', close: '1', volume: '1' });
  drawing.handle({ type: 'landed', body: { code: 200, msg: 'success', data } });
  await time.advance(0);
  assert.equal(pictures, [120], 'the picture from those 120 candles');
  const drawn = posted.filter((m) => m.type === 'candles' && m.symbol === 'btc').pop();
  assert.ok(drawn?.type === 'candles' && drawn.columns.time.length === 120, 'the chart gets them');
  assert.equal(klines(calls), [], 'and no history call of its own');
  await time.advance(5_000);
  assert.match(klines(calls).pop()!.url, 'since=', 'its next poll asks only for what is newer');
  drawing.handle({ type: 'stop' });
  poller.handle({ type: 'stop' });
});

prefetch("a page's history call that failed leaves the chart its own", async () => {
  const { time, calls, deps } = setup();
  const poller = new Poller(deps);
  poller.handle({ ...start, symbol: null });
  poller.handle({ type: 'prefetch', symbol: 'btc', period: '1min', coming: true });
  poller.handle({ type: 'landed', body: null });
  await time.advance(0);
  poller.handle({ type: 'select', symbol: 'btc' });
  await time.advance(0);
  assert.equal(klines(calls).map((c) => c.url.replace(/.*\?/, '')), ['symbol=btc&period=1min&size=120']);
  poller.handle({ type: 'stop' });
});

prefetch('a prefetch for another ticker or period is not used, and the chart fetches its own', async () => {
  const { time, calls, posted, poller } = setup();
  poller.handle({ ...start, symbol: null });
  poller.handle({ type: 'prefetch', symbol: 'eth', period: '1min' });
  await time.advance(0);
  poller.handle({ type: 'select', symbol: 'btc' });
  const reset = posted.filter((m) => m.type === 'candles' && m.kind === 'reset').pop();
  assert.ok(reset?.type === 'candles' && reset.columns.time.length === 0, 'an empty chart while btc loads');
  await time.advance(0);
  assert.match(klines(calls).pop()!.url, 'symbol=btc&period=1min&size=120');
  poller.handle({ type: 'stop' });
});

prefetch('a retired worker lets its prefetch on the way finish and hands it on; the worker taking over holds it as its own', async () => {
  const { time, calls, posted, deps } = setup();
  const { fetch, release } = slowHistory(deps);
  const old = new Poller({ ...deps, fetch });
  old.handle({ ...start, symbol: null });
  old.handle({ type: 'prefetch', symbol: 'btc', period: '1min' });
  await time.advance(0);
  old.handle({ type: 'retire' });
  assert.not.ok(posted.some((m) => m.type === 'retired'), 'not before the history has come');
  release();
  await time.advance(0);
  const retired = posted.find((m) => m.type === 'retired');
  assert.ok(retired?.type === 'retired' && retired.history?.symbol === 'btc' && retired.history.columns.time.length === 120);
  const before = calls.length;
  await time.advance(60_000);
  assert.is(calls.length, before, 'and polls no more');

  const next = new Poller(deps);
  next.handle({ ...start, symbol: null });
  next.handle({ type: 'prefetch', ...retired.history });
  next.handle({ type: 'select', symbol: 'btc' });
  const reset = posted.filter((m) => m.type === 'candles' && m.kind === 'reset').pop();
  assert.ok(reset?.type === 'candles' && reset.columns.time.length === 120, 'the chart gets the 120 candles at once');
  await time.advance(0);
  assert.equal(klines(calls).slice(1).map((c) => c.url.replace(/.*&/, '')), ['since=' + reset.columns.time[119]! * 1000], 'then only what is newer');
  next.handle({ type: 'stop' });
});

prefetch("a retired worker with nothing on its way answers at once with its chart's history; a handed-on history does not replace a prefetch of the new worker", async () => {
  const { time, calls, posted, poller } = setup();
  poller.handle({ ...start, symbol: null });
  poller.handle({ type: 'prefetch', symbol: 'eth', period: '1min' });
  await time.advance(0);
  poller.handle({ type: 'prefetch', symbol: 'btc', period: '1min', columns: { time: [60], open: [1], high: [1], low: [1], close: [1], volume: [1] } });
  poller.handle({ type: 'select', symbol: 'eth' });
  await time.advance(0);
  poller.handle({ type: 'select', symbol: 'btc' });
  await time.advance(0);
  assert.match(klines(calls).pop()!.url, 'symbol=btc&period=1min&size=120', 'btc fetched: the newer wish, eth, was kept');
  const shown = posted.filter((m) => m.type === 'candles' && m.symbol === 'btc').pop();
  poller.handle({ type: 'retire' });
  const retired = posted.pop();
  assert.ok(retired?.type === 'retired' && retired.history?.symbol === 'btc', "the chart's ticker");
  assert.ok(shown?.type === 'candles' && retired.history.columns.time.length === shown.columns.time.length && shown.columns.time.length === 120, 'its 120 candles');
  poller.handle({ type: 'stop' });
});

prefetch("a retired worker lets its chart's first history on its way come, and hands it on", async () => {
  const { time, calls, posted, deps } = setup();
  const { fetch, release } = slowHistory(deps);
  const old = new Poller({ ...deps, fetch });
  // A quick tap: the chart's history is on a slow line when the service worker takes the page.
  old.handle({ ...start, symbol: 'eth' });
  await time.advance(0);
  old.handle({ type: 'retire' });
  await time.advance(0);
  assert.not.ok(posted.some((m) => m.type === 'retired'), 'not before the history has come');
  release();
  await time.advance(0);
  const retired = posted.find((m) => m.type === 'retired');
  assert.ok(retired?.type === 'retired' && retired.history?.symbol === 'eth' && retired.history.columns.time.length === 120, 'the 120 candles');
  const before = calls.length;
  await time.advance(60_000);
  assert.is(calls.length, before, 'and polls no more');
});

schedule.run();
prefetch.run();
abort.run();
visibility.run();
backoff.run();
