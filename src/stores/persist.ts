// First-load path: every byte here is downloaded before the app paints.
/**
 * SPEC §9 persistence. Local storage key `app` holds `{ token, userInfo, readMessageIds, language }`
 * (the inline boot script reads `token` and `language` from it, so those names are fixed); session
 * storage holds trade state and the selected message. Storage may be missing or full (private
 * modes, some WebViews): the app then keeps state for the page's life only.
 */

export interface Saved {
  token?: string;
  userInfo?: unknown;
  /** Read message ids per userId. */
  readMessageIds?: Record<string, number[]>;
  language?: string;
}

const APP_KEY = 'app';

const read = (store: Storage | undefined, key: string): unknown => {
  try {
    return JSON.parse(store?.getItem(key) || 'null');
  } catch {
    return null;
  }
};

const write = (store: Storage | undefined, key: string, value: unknown): void => {
  try {
    if (value === undefined) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(value));
  } catch {
    /* quota or disabled storage: state stays in memory */
  }
};

const local = (): Storage | undefined => (typeof localStorage == 'object' ? localStorage : undefined);
const session = (): Storage | undefined => (typeof sessionStorage == 'object' ? sessionStorage : undefined);

export const loadSaved = (): Saved => (read(local(), APP_KEY) as Saved) || {};

/** Merges fields into the `app` record; an `undefined` field is removed. */
export const save = (patch: Saved): void => {
  const next: Record<string, unknown> = { ...loadSaved(), ...patch };
  for (const k in next) if (next[k] === undefined) delete next[k];
  write(local(), APP_KEY, next);
};

export const loadSession = <T>(key: string): T | null => read(session(), key) as T | null;
export const saveSession = (key: string, value: unknown): void => write(session(), key, value);

export const clearSession = (): void => {
  try {
    session()?.clear();
  } catch {
    /* nothing stored */
  }
};
