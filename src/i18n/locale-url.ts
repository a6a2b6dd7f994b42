// First-load path: every byte here is downloaded before the app paints.

/**
 * URL of a language's locale file. The build may inject `window.__LOCALES` (code → hashed URL)
 * so the file can be cached forever; without it the plain path is used.
 */
export function localeUrl(code: string): string {
  const hashed = (globalThis as { __LOCALES?: Record<string, string> }).__LOCALES;
  return (hashed && hashed[code]) || '/locales/' + code + '.json';
}
