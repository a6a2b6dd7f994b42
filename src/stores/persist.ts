// First-load path: every byte here is downloaded before the app paints.
import { local } from '../lib/storage.ts';

/**
 * docs/rules.md#kept-on-the-device: local storage key `app` holds `{ token, userInfo, readMessageIds, language }`. The inline
 * boot script reads `token` and `language` from it, so those names are fixed. Trade state and the
 * selected message go to session storage (`session` of lib/storage) under their own keys.
 */
export interface Saved {
  token?: string;
  userInfo?: unknown;
  /** Read message ids per userId. */
  readMessageIds?: Record<string, string[]>;
  language?: string;
}

const APP_KEY = 'app';

export const loadSaved = (): Saved => local.get<Saved>(APP_KEY, {}) || {};

/** Merges fields into the `app` record; an `undefined` field is removed. */
export const save = (patch: Saved): void => {
  const next: Record<string, unknown> = { ...loadSaved(), ...patch };
  for (const k in next) if (next[k] === undefined) delete next[k];
  local.set(APP_KEY, next);
};
