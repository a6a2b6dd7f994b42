/**
 * The service worker (classic script at /sw.js, built by scripts/build/service-worker.mjs).
 *
 * - The shell of this build (index.html, entry, shared chunk, stylesheet, market worker) is
 *   precached per version, so a repeat visit starts without the network.
 * - Hashed files (route chunks, locale files) are kept once fetched: the screens and the language
 *   a user has opened work offline. Their names change with their content, so old and new never mix.
 * - Public API reads go to the network first; offline, the last answer comes back with `cachedAt`
 *   (when the server gave it), so the app can say the prices are the last known ones. The user's
 *   own reads are kept the same way, for one user at a time (keyed by a hash of the session).
 * - A new version installs beside the old one and takes over at once; the page already open keeps
 *   the files it has, the next visit gets the new index.html with its own files. While a new
 *   version waits to take over, pages come from the network (see the fetch handler).
 */
import type { Envelope } from '../shared/contract.ts';
import { API_CACHE, FILES_CACHE, PRIVATE_CACHE } from './cache-names.ts';
import type { ToServiceWorker } from './messages.ts';
import { offlinePage } from './offline-page.ts';
import { routeName } from '../shared/route-name.ts';
import { SIGNED_IN_COOKIE } from '../shared/signed-in.ts';
import { withPreloads } from '../shared/page-preloads.ts';

declare const self: ServiceWorkerGlobalScope;
declare const __VERSION__: string;
/** URLs of this build's shell, index.html first. */
declare const __SHELL__: string[];
/** The content hashes in the names of this build's files under /assets and /locales, space-separated. */
declare const __KEEP__: string;
/**
 * routes.json (scripts/build/route-files.mjs): route name (lowercase) → the files its screen needs
 * beyond the first load; `@visitor` → the routes a visitor may open with the default config.
 */
declare const __ROUTES__: Record<string, string[]>;
/** The route `/` leads to with the default config. */
declare const __ROOT_ROUTE__: string;

const SHELL = 'shell-' + __VERSION__;
const FILES = FILES_CACHE;
const API = API_CACHE;
const INDEX = __SHELL__[0]!;
const KEEP = new Set(__KEEP__.split(' '));
const ROUTES = __ROUTES__;
/** routes.json's key for the routes a visitor may open with the default config. */
const VISITOR_ROUTES = ROUTES['@visitor'] || [];
/** Public reads kept at most: each poll replaces its own answer, so only other queries add more. */
const API_MAX = 100;

/**
 * Reads whose answers are the same for every user: config, market data, public content. Not the
 * calls that send a code (GETs too): offline, an old "sent" would say a code is on its way.
 */
const PUBLIC_API = /^\/prod-api\/(common\/(?!(sms|email)$)|h5\/symbol\/)/;
/**
 * The signed-in user's reads: every screen shown once shows its last answer offline
 * (docs/rules.md#loading-on-a-slow-line). A picture puzzle is good once only, and a code sent is
 * not sent again by an old answer.
 */
const PRIVATE_API = /^\/prod-api\/(?!captchaImage$|common\/(sms|email)$)/;

/**
 * This worker's own fetches (its Resource Timing: URL, transfer and body sizes) until a page counts
 * them for the data meter: a page sees 0 for every answer this worker gives it, so this is the only
 * place where the network bytes behind those answers are known. Kept in memory only.
 */
let fetched: [string, number, number][] = [];
/** At most this many wait; the oldest go first. */
const FETCHED_MAX = 2000;
/** An answer not said to be counted by then goes back into the next one: its page may be gone. */
const COUNTED_MS = 5000;
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceResourceTiming[]) if (e.transferSize > 0) fetched.push([e.name, e.transferSize, e.encodedBodySize]);
    fetched.splice(0, fetched.length - FETCHED_MAX);
  }).observe({ type: 'resource', buffered: true });
} catch {
  /* no observers here: the meter counts what pages fetched themselves */
}

self.addEventListener('message', (e) => {
  const message = e.data as ToServiceWorker;
  if (message === 'skip-waiting') return e.waitUntil(self.skipWaiting());
  const port = e.ports[0];
  if (message !== 'meter' || !port) return;
  const batch = fetched;
  fetched = [];
  // A page asks as it is hidden, also when it is being left: the answer then finds no one.
  const back = setTimeout(() => (fetched = batch.concat(fetched)), COUNTED_MS);
  port.onmessage = () => clearTimeout(back);
  port.postMessage(batch);
});

self.addEventListener('install', (e) => {
  e.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(__SHELL__))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('shell-') && n !== SHELL).map((n) => caches.delete(n))))
      .then(dropOldFiles)
      .then(() => self.clients.claim()),
  );
});

/**
 * Files of earlier builds that this one does not name: no page of this version asks for them (one
 * of the old version still open fetches what it lacks from the network). Without this, each update
 * would leave its screens and locale files behind for good.
 */
async function dropOldFiles(): Promise<void> {
  const cache = await caches.open(FILES);
  const old = (await cache.keys()).filter((req) => !KEEP.has(/-(\w+)\.\w+$/.exec(new URL(req.url).pathname)?.[1] || ''));
  await Promise.all(old.map((req) => cache.delete(req)));
}

self.addEventListener('fetch', (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== location.origin) return;
  const path = url.pathname;
  // Paths of the app only: the API and uploaded files are the server's own answers.
  if (req.mode === 'navigate' && !/^\/(prod-api|uploads)(\/|$)/.test(path) && !/\.\w+$/.test(path)) {
    // A newer worker is installed and about to replace this one: the network answers the page,
    // because a page this worker starts to answer may never be finished once it is replaced (a
    // reload hung so on Chromium 150, docs/testing.md#service-worker-updates). Offline, it answers.
    if (self.registration.waiting && navigator.onLine) return;
    e.respondWith(page(req));
  } else if (/^\/(assets|locales)\//.test(path)) e.respondWith(file(req));
  else if (PUBLIC_API.test(path)) {
    // A chart's newest candles (`since`) are not kept: the chart is not shown offline.
    if (!url.searchParams.has('since')) e.respondWith(api(req, url.href, API, prune));
  } else if (PRIVATE_API.test(path) && req.headers.has('authorization')) e.respondWith(own(req, url));
});

/** The app's page from this version's shell; the network only when the shell is not there. */
async function page(req: Request): Promise<Response> {
  const cached = await caches.match(INDEX, { cacheName: SHELL });
  if (cached) return withScreenPreloads(cached, new URL(req.url).pathname).catch(() => cached.clone());
  try {
    return await fetch(req);
  } catch {
    return offlinePage();
  }
}

/** Chromium's cookie store, which a worker can read (the hint is not HttpOnly); absent elsewhere. */
declare const cookieStore: { get(name: string): Promise<{ value: string } | null> } | undefined;

/**
 * The shell page with `<link rel="modulepreload">` for the code of the screen it opens, as the
 * server writes them into each route's page (server/pages/static.ts): without them a repeat visit
 * asked for the screen's code only once the entry had run, and for that code's own imports a level
 * later, each after a parse at a phone's speed. A browser without the signed-in hint is shown the
 * login form on the routes a visitor may not open, so it gets that form's code. Only files this
 * worker holds are named: a preload never costs the network a byte the visit would not have.
 */
async function withScreenPreloads(shell: Response, pathname: string): Promise<Response> {
  const asked = routeName(pathname, __ROOT_ROUTE__);
  const signedIn = typeof cookieStore === 'object' ? !!(await cookieStore.get(SIGNED_IN_COOKIE)) : true;
  const route = signedIn || VISITOR_ROUTES.includes(asked) ? asked : 'login';
  // A path that names no route (`@` keys list routes, not files) opens the not-found screen.
  const files = (Object.prototype.hasOwnProperty.call(ROUTES, route) && !route.startsWith('@') ? ROUTES[route] : ROUTES.notfound) || [];
  const held = await Promise.all(files.map((f) => caches.match(f)));
  const preloads = files.filter((_, i) => held[i]);
  if (!preloads.length) return shell.clone();
  const html = withPreloads(await shell.clone().text(), preloads);
  const headers = new Headers(shell.headers);
  // The body is a new one, already decoded.
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(html, { status: shell.status, statusText: shell.statusText, headers });
}

/** Hashed files never change: any copy held will do, else the network's, kept for next time. */
async function file(req: Request): Promise<Response> {
  const cached = await caches.match(req);
  if (cached) return cached;
  const res = await fetch(req);
  if (res.ok) {
    const copy = res.clone();
    void caches.open(FILES).then((cache) => cache.put(req, copy));
  }
  return res;
}

/** The public reads kept at most; a put moves its key last, so the first keys are the least recently refreshed. */
async function prune(cache: Cache): Promise<Cache> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - API_MAX)).map((k) => cache.delete(k)));
  return cache;
}

/**
 * Kept by URL alone: the market worker's polls and the page's own calls then share one latest answer
 * (a worker's request does not show the language header the browser adds). Content lists in an
 * earlier language are possible offline right after a language change, and marked as kept anyway.
 * The answer is kept before the page gets it: the figures a reload shows offline are then the last
 * ones the screen showed, never an older answer while the newer one was still being written. A copy
 * that cannot be kept (storage full) costs the page nothing.
 */
async function api(req: Request, key: string, name: string, keep: (c: Cache) => Promise<unknown>): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(req);
  } catch (error) {
    const cached = await caches.match(key, { cacheName: name });
    if (!cached) throw error;
    const env = (await cached.json()) as Envelope<unknown>;
    const cachedAt = Date.parse(cached.headers.get('date') || '') || 0;
    return new Response(JSON.stringify({ ...env, cachedAt }), { headers: { 'content-type': 'application/json' } });
  }
  if (res.ok) {
    try {
      const cache = await caches.open(name);
      await cache.put(key, res.clone());
      void keep(cache).catch(() => {});
    } catch {
      // Kept next time.
    }
  } else if (res.status === 304) void renewKept(key, name, res).catch(() => {});
  return res;
}

/**
 * A 304 (the market worker names the list it holds) says the kept answer with that validator is
 * still the current one: it is re-dated, so offline it says when it was last known current.
 */
async function renewKept(key: string, name: string, res: Response): Promise<void> {
  const cache = await caches.open(name);
  const kept = await cache.match(key);
  const date = res.headers.get('date');
  if (!kept || !date || kept.headers.get('etag') !== res.headers.get('etag')) return;
  const headers = new Headers(kept.headers);
  headers.set('date', date);
  // Read whole first, so the put does not stream from an entry of the cache it writes to.
  const body = await kept.blob();
  await cache.put(key, new Response(body, { status: kept.status, statusText: kept.statusText, headers }));
}

/**
 * The sessions whose reads were answered 401 while this worker ran: a read of theirs still on its
 * way (an answer that needs no session) would otherwise be kept after the cache was emptied.
 */
const ended = new Set<string>();

/**
 * A user's own read, kept under the URL and a hash of the session that asked (never the token
 * itself). A new session's first answer clears the others' copies, so another user signing in on
 * the same phone never gets them. The app sends the token with or without `Bearer ` (the market
 * worker's polls save the bytes), so the hash is of the token alone: one session, one key, and a
 * poll of the chart never clears the answers its own user's screens keep.
 */
async function own(req: Request, url: URL): Promise<Response> {
  const token = req.headers.get('authorization')!.replace(/^Bearer /, '');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const user = [...new Uint8Array(digest)].slice(0, 8).map((b) => b.toString(16).padStart(2, '0')).join('');
  // A query parameter, not a fragment: the cache matches URLs without their fragment.
  url.searchParams.set('kept-for', user);
  const keep = async (cache: Cache) => {
    // Signed out while this read was on its way: sign-out has emptied the cache, and it stays so.
    if (ended.has(user) || (typeof cookieStore === 'object' && !(await cookieStore.get(SIGNED_IN_COOKIE)))) return caches.delete(PRIVATE_CACHE);
    for (const r of await cache.keys()) if (new URL(r.url).searchParams.get('kept-for') !== user) await cache.delete(r);
    return prune(cache);
  };
  const res = await api(req, url.href, PRIVATE_CACHE, keep);
  // The session ended (the app is sent to sign in again): nothing of its user stays on the phone.
  if (res.status === 401) {
    ended.add(user);
    await caches.delete(PRIVATE_CACHE);
  }
  return res;
}
