// First-load path: every byte here is downloaded before the app paints.

/**
 * URL of a language's locale file, or of its sign-in part (`first`: the words of the shell and the
 * sign-in screens, what a visitor's page starts with). The build names every file with one hash
 * and writes it into the page as `window.__LOCALE_HASH` (scripts/build/locales.mjs), so the files
 * can be cached forever; without it (development) the plain path of the whole file serves both.
 */
export function localeUrl(code: string, first?: boolean): string {
  const hash = (globalThis as { __LOCALE_HASH?: string }).__LOCALE_HASH;
  return '/locales/' + (hash ? (first ? 'first/' : '') + code + '-' + hash : code) + '.json';
}
