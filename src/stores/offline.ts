// First-load path: every byte here is downloaded before the app paints.
import { atom } from 'nanostores';

/**
 * When the figures shown were current, if they are the service worker's kept copies (the app was
 * opened or used offline); 0 while answers are live.
 */
export const $lastKnown = atom(0);

/** An answer arrived: a kept copy (`cachedAt`) keeps the oldest time shown; a live one ends the state. */
export const answered = (cachedAt?: number): void => {
  const at = $lastKnown.get();
  if (!cachedAt) at && $lastKnown.set(0);
  else if (!at || cachedAt < at) $lastKnown.set(cachedAt);
};
