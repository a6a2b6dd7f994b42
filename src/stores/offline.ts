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

/**
 * Moves when the network came back for a screen holding what the user typed: mounted afresh, it
 * would lose that, so it is not, and a form that reads adds this to its reads' triggers instead.
 */
export const $backOnline = atom(0);

/** Screens that read without a network since it was last there. */
const missed = new Set<string>();
/** Per screen path, the `main` the user typed in; once App drops that `main`, nothing typed is left to keep. */
const typed = new Map<string, Element | null>();
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
  let kept = 0;
  for (const p of missed) typed.get(p)?.isConnected ? kept++ : (next[p] = (next[p] || 0) + 1);
  missed.clear();
  $reloads.set(next);
  kept && $backOnline.set(kept + $backOnline.get());
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

if (typeof addEventListener === 'function') {
  addEventListener('online', () => ((back = Date.now()), (wait = 0), reload()));
  // Inputs sit in the screen in front only, so the address names the screen typed in.
  addEventListener('input', (e) => typed.set(pathKey(location.pathname), (e.target as Element).closest('main')), true);
}
