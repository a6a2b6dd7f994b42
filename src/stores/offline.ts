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
 * want of a network asks again by itself (docs/rules.md#loading-on-a-slow-line), whatever its own
 * loading code. `back-online.ts`, loaded after the first paint, decides when.
 */
export const $reloads = atom<Record<string, number>>({});

/**
 * Moves when the network came back for a screen holding what the user typed: mounted afresh, it
 * would lose that, so it is not, and a form that reads adds this to its reads' triggers instead.
 */
export const $backOnline = atom(0);

/** Paths of the screens that read without a network since it was last there; moves with each. */
export const $missed = atom<string[]>([]);

/** The screen in front read without a network: a kept copy, or a failure. */
export const missedNetwork = (): void => {
  const missed = $missed.get();
  const path = pathKey(location.pathname);
  if (!missed.includes(path)) $missed.set([...missed, path]);
};

/**
 * Kept copies that arrived so far. A live answer to a read asked before the last of them came (on a
 * slow line, the screen left just before the network went) says nothing of the figures shown since.
 */
let kept = 0;
/** To note as a read is asked, and hand to `answered` with its answer. */
export const keptSoFar = (): number => kept;

/**
 * An answer arrived: a kept copy (`cachedAt`) keeps the oldest time shown; a live one asked after
 * the last kept copy came ends the state (`asked`: `keptSoFar()` when it was asked; unknown, now).
 */
export const answered = (cachedAt?: number, asked = kept): void => {
  const at = $lastKnown.get();
  if (!cachedAt) return void (at && asked === kept && $lastKnown.set(0));
  kept++;
  missedNetwork();
  if (!at || cachedAt < at) $lastKnown.set(cachedAt);
};
