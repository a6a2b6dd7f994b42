// First-load path: every byte here is downloaded before the app paints.
import { atom } from 'nanostores';
import { pathKey } from '../app/path-key.ts';

/**
 * When the figures shown were current, if they are the service worker's kept copies (the app was
 * opened or used offline); 0 while answers are live.
 */
export const $lastKnown = atom(0);

/**
 * Per screen (its path as `pathKey` gives it), how often it was loaded afresh because the network
 * came back: App keys the screen by it, so each screen that showed kept figures or a failure for
 * want of a network asks again by itself (docs/rules.md#loading-on-a-slow-line), whatever its own loading code.
 */
export const $reloads = atom<Record<string, number>>({});

/** Screens that read without a network since it was last there. */
const missed = new Set<string>();
/** Next wait before asking again while the phone says it is online but reads still fail. */
let wait = 0;
/** When the browser last reported the network back. */
let back = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function reload(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!missed.size) return;
  const next = { ...$reloads.get() };
  for (const p of missed) next[p] = (next[p] || 0) + 1;
  missed.clear();
  $reloads.set(next);
}

/**
 * The screen in front read without a network: a kept copy, or a failure. The `online` event asks
 * again at once; a read that still fails in the minute after it (the phone reported the network
 * a moment before reads could pass) asks again after 1.5 s, 3 s… up to 30 s.
 */
export const missedNetwork = (): void => {
  missed.add(pathKey(location.pathname));
  if (navigator.onLine && Date.now() - back < 60_000 && !timer) timer = setTimeout(reload, (wait = Math.min(wait * 2 || 1500, 30_000)));
};

/** An answer arrived: a kept copy (`cachedAt`) keeps the oldest time shown; a live one ends the state. */
export const answered = (cachedAt?: number): void => {
  const at = $lastKnown.get();
  if (cachedAt) missedNetwork();
  else wait = 0;
  if (!cachedAt) at && $lastKnown.set(0);
  else if (!at || cachedAt < at) $lastKnown.set(cachedAt);
};

if (typeof addEventListener === 'function') addEventListener('online', () => ((back = Date.now()), (wait = 0), reload()));
