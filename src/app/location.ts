// First-load path: the location hooks every screen reads the address with.
/**
 * wouter's `useLocation` and `useSearch` without its router: the app has no `<Router>`, base path
 * or route patterns, so the router context, the pattern parser and the matcher (1.5 KB of the first
 * load) did nothing. Same answers as wouter's default router: the pathname and the query without
 * its `?`, both URI-decoded when they can be.
 */
import { navigate, usePathname, useSearch as useRawSearch } from 'wouter/use-browser-location';

const unescape = (s: string): string => {
  try {
    return s.includes('%') ? decodeURI(s) : s;
  } catch {
    return s;
  }
};

export const useLocation = (): [string, typeof navigate] => [unescape(usePathname()), navigate];

export const useSearch = (): string => unescape(useRawSearch().replace(/^\?/, ''));

/** One parameter of the address's query (a record number, a channel id), '' when absent. */
export const useParam = (name: string): string => new URLSearchParams(useSearch()).get(name) || '';
