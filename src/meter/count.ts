/**
 * The data meter's counting on the page, started right after the first paint (with the push
 * socket), both ways. Received: what crossed the network as the browser reports it (Resource
 * Timing `transferSize`, which is 0 for an answer from a cache or from the service worker), the
 * market worker's and the service worker's own fetches as they report them, and the push socket's
 * handshake and frames. Sent, which no browser reports: each of those requests' head estimated
 * from what is known (kinds.ts), the bodies of the page's calls and uploads, and the socket's frames.
 */
import { dataBytes, frameBytes, headerBytes, kindOf, requestBytes, wireBytes, type Kind, type Sender } from './kinds.ts';
import { record } from './usage.ts';
import { takeFetches } from './inbox.ts';
import { $session } from '../stores/session.ts';
import type { ToServiceWorker } from '../sw/messages.ts';

/** How often the service worker is asked for what it fetched: it keeps that only in memory. */
const TAKE_MS = 10_000;
/**
 * Headers a request with a body adds (Content-Length, Content-Type, Origin), measured: a JSON call
 * about 90 B; an upload's multipart type names its boundary too.
 */
const BODY_HEADERS = 90;
/** The server's answer to a push socket's handshake (101 Switching Protocols), measured. */
const SOCKET_ANSWER = 160;
/**
 * A page loaded under the service worker makes Chromium ask for /sw.js again, a request no
 * Resource Timing shows; unchanged, the answer is a 304 with this server's page headers (measured).
 */
const SW_CHECK_ANSWER = 1140;

type Add = Partial<Record<Kind, number>>;
type Entry = [url: string, transferSize: number, encodedBodySize: number];

const add = (into: Add, url: string, bytes: number) => {
  if (bytes > 0) {
    const k = kindOf(url);
    into[k] = (into[k] || 0) + bytes;
  }
};

/** A warning on its way or on screen: the counts that come meanwhile start no second one. */
let warning = false;

function keep(received: Add, sent: Add = {}): void {
  if (!record(received, sent) || warning) return;
  warning = true;
  // Its code not arriving (offline) leaves the warning unshown and unmarked: the next count tries again.
  import('./warn.ts')
    .then((m) => m.warnBudget())
    .catch(() => {})
    .then(() => (warning = false));
}

const xsrf = () => decodeURIComponent(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] || '');

/**
 * The header lines a request is known to carry besides Chromium's own: Host and User-Agent; from a
 * page, its cookies, and on an API call the app's headers (src/api/client.ts; its Accept-Language
 * takes the place of the browser's own); from the market
 * worker, its own few (src/market/poller.ts).
 */
function knownHeaders(url: string, sender: Sender): number {
  const token = $session.get().token;
  const n = headerBytes('Host', location.host) + headerBytes('User-Agent', navigator.userAgent);
  if (sender === 'worker') return n + headerBytes('clientId', 'app') + (kindOf(url) === 'charts' ? headerBytes('Authorization', token) : 0);
  const api = /^([a-z]+:\/\/[^/]+)?\/prod-api\//i.test(url) && sender === 'page';
  return (
    n +
    headerBytes('Cookie', document.cookie) +
    (api ? headerBytes('Authorization', token && 'Bearer ' + token) + headerBytes('clientId', 'app') + headerBytes('X-XSRF-TOKEN', xsrf()) : 0)
  );
}

/** Fetches as Resource Timing reports them: what came back, and the head of each request that went out for it. */
export function countFetches(entries: Entry[], sender: Sender = 'page'): void {
  const received: Add = {};
  const sent: Add = {};
  for (const [url, n, body] of entries) {
    const got = wireBytes(url, n, body);
    add(received, url, got);
    // An answer from a cache sent nothing.
    if (got > 0) add(sent, url, requestBytes(url, knownHeaders(url, sender), sender));
  }
  keep(received, sent);
}

/** A frame the push socket received. */
export const countFrame = (data: unknown): void => keep({ socket: frameBytes(data) });

/** The push socket's handshake both ways once it opens, and each frame it sends. */
export function meterSocket(ws: WebSocket, url: string): WebSocket {
  ws.addEventListener('open', () => keep({ socket: SOCKET_ANSWER }, { socket: requestBytes(url, knownHeaders(url, 'socket'), 'socket') }));
  const send = ws.send;
  ws.send = (data) => {
    keep({}, { socket: frameBytes(data, true) });
    send.call(ws, data);
  };
  return ws;
}

const countBody = (url: string, bytes: number) => {
  const sent: Add = {};
  add(sent, url, bytes + BODY_HEADERS);
  keep({}, sent);
};

/**
 * Request bodies: every fetch and XMLHttpRequest the page starts from here on (before this the page
 * sends none; its start-up calls are reads). An upload counts what the browser says it sent.
 */
function countBodies(): void {
  const fetch0 = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const body = init && init.body;
    if (body != null) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      countBody(url, dataBytes(body instanceof URLSearchParams ? String(body) : body));
    }
    return fetch0.call(this, input, init);
  };
  const XHR = XMLHttpRequest.prototype;
  const open = XHR.open;
  const send = XHR.send;
  const urls = new WeakMap<XMLHttpRequest, string>();
  XHR.open = function (this: XMLHttpRequest, ...args: [string, string | URL]) {
    urls.set(this, String(args[1]));
    return (open as (...a: unknown[]) => void).apply(this, args);
  } as typeof XHR.open;
  XHR.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    if (body != null) this.upload.addEventListener('loadend', (e) => countBody(urls.get(this) || '', e.loaded));
    return send.call(this, body);
  };
}

const countEntries = (list: PerformanceEntryList) => {
  const page: Entry[] = [];
  for (const e of list as PerformanceResourceTiming[]) {
    const entry: Entry = [e.name, e.transferSize || 0, e.encodedBodySize || 0];
    if (e.entryType === 'navigation') countFetches([entry], 'navigation');
    else page.push(entry);
  }
  countFetches(page);
};

/**
 * Asks the service worker for the fetches it made since the last ask. It keeps them until told they
 * are counted, so an answer that comes to a page already gone is given again to the next.
 */
function takeFromServiceWorker(): void {
  const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!sw || typeof MessageChannel !== 'function') return;
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => {
    if (Array.isArray(e.data)) countFetches(e.data as Entry[]);
    channel.port1.postMessage('counted');
  };
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
  if (navigator.serviceWorker && navigator.serviceWorker.controller) {
    keep({ code: SW_CHECK_ANSWER }, { code: requestBytes('/sw.js', knownHeaders('/sw.js', 'page'), 'page') });
  }
  countBodies();
  takeFetches((entries) => countFetches(entries, 'worker'));
  setInterval(takeFromServiceWorker, TAKE_MS);
  document.addEventListener('visibilitychange', () => document.hidden && takeFromServiceWorker());
  takeFromServiceWorker();
}
