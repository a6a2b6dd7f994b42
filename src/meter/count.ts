/**
 * The data meter's counting on the page, started right after the first paint (with the push
 * socket): what crossed the network as the browser reports it (Resource Timing `transferSize`,
 * which is 0 for an answer from a cache or from the service worker), the market worker's and the
 * service worker's own fetches as they report them, and the push socket's frames.
 */
import { frameBytes, kindOf, wireBytes, type Kind } from './kinds.ts';
import { record } from './usage.ts';
import { takeFetches } from './inbox.ts';
import type { ToServiceWorker } from '../sw/messages.ts';

/** How often the service worker is asked for what it fetched: it keeps that only in memory. */
const TAKE_MS = 10_000;

type Add = Partial<Record<Kind, number>>;

const add = (into: Add, url: string, bytes: number) => {
  if (bytes > 0) {
    const k = kindOf(url);
    into[k] = (into[k] || 0) + bytes;
  }
};

/** A warning on its way or on screen: the counts that come meanwhile start no second one. */
let warning = false;

function keep(bytes: Add): void {
  if (!record(bytes) || warning) return;
  warning = true;
  // Its code not arriving (offline) leaves the warning unshown and unmarked: the next count tries again.
  import('./warn.ts')
    .then((m) => m.warnBudget())
    .catch(() => {})
    .then(() => (warning = false));
}

/** Fetches as [url, transferSize, encodedBodySize] (Resource Timing), the page's or the market worker's. */
export function countFetches(entries: [string, number, number][]): void {
  const bytes: Add = {};
  for (const [url, n, body] of entries) add(bytes, url, wireBytes(url, n, body));
  keep(bytes);
}

/** A frame the push socket received. */
export const countFrame = (data: unknown): void => keep({ socket: frameBytes(data) });

const countEntries = (list: PerformanceEntryList) =>
  countFetches(list.map((e) => [e.name, (e as PerformanceResourceTiming).transferSize || 0, (e as PerformanceResourceTiming).encodedBodySize || 0]));

/** Asks the service worker for the bytes it fetched since the last ask. */
function takeFromServiceWorker(): void {
  const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!sw || typeof MessageChannel !== 'function') return;
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => e.data && typeof e.data === 'object' && keep(e.data as Add);
  sw.postMessage('meter' satisfies ToServiceWorker, [channel.port2]);
}

let started = false;

export function startMeter(): void {
  if (started || typeof PerformanceObserver !== 'function') return;
  started = true;
  // Entries from before this module came are in the buffer; from here the observer gets each one
  // whatever the buffer holds, and a longer buffer keeps keep-offline's read of it whole.
  try {
    performance.setResourceTimingBufferSize(2000);
  } catch {}
  for (const type of ['navigation', 'resource']) {
    try {
      new PerformanceObserver((list) => countEntries(list.getEntries())).observe({ type, buffered: true });
    } catch {
      // Engines without `type` observers (before Chrome 65): what this page loaded so far.
      if (type === 'resource') countEntries(performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')));
    }
  }
  takeFetches(countFetches);
  setInterval(takeFromServiceWorker, TAKE_MS);
  document.addEventListener('visibilitychange', () => document.hidden && takeFromServiceWorker());
  takeFromServiceWorker();
}
