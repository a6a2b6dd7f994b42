/** Market worker entry (classic script, bundled as IIFE): wires the poller to the worker globals. */
import type { FromWorker, ToWorker } from '../shared/protocol.ts';
import { Poller } from './poller.ts';
import { drawSketch } from './sketch.ts';

// The page's first number and date formats set up the engine's locale data for the whole page
// process, long tasks on a slow phone: here they are paid off the main thread, before the app
// formats a price or the chart its times.
new Intl.NumberFormat();
new Intl.DateTimeFormat();

const poller = new Poller({
  // No cookies: the polled GETs need none (the XSRF pair guards writes), and each costs bytes every 5 s.
  fetch: (url, init) => fetch(url, { ...init, credentials: 'omit' }),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  post: (msg: FromWorker) => postMessage(msg),
  sketch: (columns, period, ask) => {
    // Older WebViews have none: their frame keeps its empty box until the chart draws.
    if (typeof OffscreenCanvas != 'function') return;
    const picture = drawSketch(columns, period, ask);
    ask.port.postMessage(picture, [picture]);
  },
});

onmessage = (e: MessageEvent<ToWorker>) => poller.handle(e.data);

// The worker's fetches are in its own Resource Timing, not the page's: the data meter hears of them.
try {
  new PerformanceObserver((list) =>
    postMessage({
      type: 'bytes',
      entries: (list.getEntries() as PerformanceResourceTiming[]).map((e) => [e.name, e.transferSize || 0, e.encodedBodySize || 0]),
    } satisfies FromWorker),
  ).observe({ type: 'resource', buffered: true });
} catch {
  /* an engine without observers in workers: its polls go uncounted */
}
