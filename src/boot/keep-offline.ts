/**
 * What a first visit loaded before its service worker took over, kept for the next start offline.
 * The worker only sees requests made once it controls the page, and the start-up answers, the
 * locale file and the first screen's chunks all come earlier: without this, reopening the app
 * offline after one visit could not start. Loaded after the first render, never on its path.
 */
import type { Envelope } from '../shared/contract.ts';
import { API_CACHE, FILES_CACHE } from '../sw/cache-names.ts';
import type { BootCalls } from './types.ts';

/** The boot script's public calls (boot/inline.ts) that were made, by the path the service worker keys them under. */
const publicCalls = (boot: BootCalls): [Promise<Envelope<unknown>> | undefined, string][] => [
  [boot.config, '/common/config/list'],
  [boot.platform, '/common/getLogo'],
  [boot.market?.plays, '/h5/symbol/getPlays'],
  [boot.market?.tickers, '/h5/symbol/getHomeTickerList'],
  [boot.market?.contractMoney, '/h5/symbol/getContractMoney'],
];

/** Only on a visit that started without the service worker: a later one went through it already. */
export async function keepForOffline(boot: BootCalls): Promise<void> {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (typeof caches === 'undefined' || !nav || nav.workerStart > 0) return;
  const sw = navigator.serviceWorker;
  if (!sw.controller) await new Promise((taken) => sw.addEventListener('controllerchange', taken, { once: true }));
  (await import('../stores/market.ts')).renewWorker();
  const files = await caches.open(FILES_CACHE);
  const loaded = performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && /^\/(assets|locales)\//.test(u.pathname));
  // Hashed names: from the HTTP cache, so this costs no download on a normal visit.
  await Promise.all(loaded.map(async (u) => (await files.match(u.href)) || files.add(u.href).catch(() => {})));

  const api = await caches.open(API_CACHE);
  await Promise.all(
    publicCalls(boot).map(async ([call, path]) => {
      const key = location.origin + '/prod-api' + path;
      const env = call && (await call.catch(() => null));
      // A kept copy already there is as new or newer: the service worker wrote it.
      if (!env || env.cachedAt || (await api.match(key))) return;
      const headers = { 'content-type': 'application/json', date: new Date().toUTCString() };
      await api.put(key, new Response(JSON.stringify(env), { headers }));
    }),
  );
}
