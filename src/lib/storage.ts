// First-load path: every byte here is downloaded before the app paints.
/**
 * JSON in local and session storage that never throws: private modes throw on write, and some
 * WebViews have no DOM storage at all. What cannot be stored is kept in memory for this page, so
 * the app still works until it is reloaded.
 */

type Kind = 'localStorage' | 'sessionStorage';

export interface JsonStore {
  get<T>(key: string, fallback: T): T;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  /** Empties the store (logout clears session storage, docs/rules.md#sessions). */
  clear(): void;
}

function real(kind: Kind): Storage | null {
  try {
    return (globalThis as unknown as Record<Kind, Storage | undefined>)[kind] || null;
  } catch {
    return null;
  }
}

function store(kind: Kind): JsonStore {
  const mem = new Map<string, string>();
  const read = (key: string): string | null => {
    try {
      const v = real(kind)?.getItem(key);
      if (v != null) return v;
    } catch {}
    return mem.has(key) ? (mem.get(key) as string) : null;
  };
  return {
    get<T>(key: string, fallback: T): T {
      const raw = read(key);
      if (raw == null) return fallback;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return fallback;
      }
    },
    set(key, value) {
      const raw = JSON.stringify(value);
      mem.delete(key);
      try {
        const s = real(kind);
        if (s) return s.setItem(key, raw);
      } catch {}
      mem.set(key, raw);
    },
    remove(key) {
      mem.delete(key);
      try {
        real(kind)?.removeItem(key);
      } catch {}
    },
    clear() {
      mem.clear();
      try {
        real(kind)?.clear();
      } catch {}
    },
  };
}

/**
 * Whether local storage keeps what is written: false where it is missing or throws (storage or
 * cookies turned off, some private modes and WebViews without DOM storage), and the app then
 * forgets the session and the language when the page closes.
 */
export function localPersists(): boolean {
  try {
    const s = real('localStorage');
    if (!s) return false;
    s.setItem('_', '1');
    s.removeItem('_');
    return true;
  } catch {
    return false;
  }
}

export const local: JsonStore = /* @__PURE__ */ store('localStorage');
export const session: JsonStore = /* @__PURE__ */ store('sessionStorage');

/** Stands in the cookie for a value moved to local storage. */
export const COOKIE_MARKER = '@local';
const COOKIE_LIMIT = 500;
const movedKey = (name: string) => 'cookie.' + name;

function rawCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return null;
}

/**
 * Sets a cookie for the whole site; `days` makes it outlive the browser session. A value longer
 * than 500 characters once encoded goes to local storage and the cookie holds the marker (docs/rules.md#kept-on-the-device).
 */
export function setCookie(name: string, value: string, days?: number): void {
  if (typeof document === 'undefined') return;
  let enc = encodeURIComponent(value);
  if (enc.length > COOKIE_LIMIT) {
    local.set(movedKey(name), value);
    enc = COOKIE_MARKER;
  } else {
    local.remove(movedKey(name));
  }
  const expires = days == null ? '' : '; expires=' + new Date(Date.now() + days * 864e5).toUTCString();
  document.cookie = name + '=' + enc + expires + '; path=/; SameSite=Lax';
}

export function getCookie(name: string): string | null {
  const v = rawCookie(name);
  // Compared before decoding: a real value equal to the marker is stored encoded (%40local).
  if (v === COOKIE_MARKER) return local.get<string | null>(movedKey(name), null);
  try {
    return v == null ? null : decodeURIComponent(v);
  } catch {
    return v;
  }
}

export function removeCookie(name: string): void {
  local.remove(movedKey(name));
  if (typeof document !== 'undefined') document.cookie = name + '=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}
