// First-load path: every byte here is downloaded before the app paints.

/**
 * URL of a language's locale file, or of its sign-in part (`first`: the words of the shell and the
 * sign-in screens, what a visitor's page starts with). The build injects `window.__LOCALES` (code →
 * content hash of the file, scripts/build/locales.mjs) so both can be cached forever; without it
 * (development) the plain path of the whole file serves both.
 */
export function localeUrl(code: string, first?: boolean): string {
  const hashed = (globalThis as { __LOCALES?: Record<string, string> }).__LOCALES;
  const hash = hashed && hashed[code];
  return '/locales/' + (hash ? (first ? 'first/' : '') + code + '-' + hash : code) + '.json';
}
