// First-load path: every byte here is downloaded before the app paints.
import { match } from './routes.ts';

export type Decision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Drop whatever session is left, then ask for a login that returns to the page asked for. */
  | { kind: 'logoutAndRedirect'; to: string };

export interface GuardInput {
  /** Full path as asked for: pathname plus query string. */
  path: string;
  hasToken: boolean;
  isNeedLogin: boolean;
}

/** The route guard of docs/rules.md#route-guard as a pure function. */
export const decide = ({ path, hasToken, isNeedLogin }: GuardInput): Decision => {
  const pathname = path.split(/[?#]/)[0] || '/';
  const route = pathname === '/' ? null : match(pathname);
  if (hasToken) {
    return route && (route.name === 'login' || route.name === 'register')
      ? { kind: 'redirect', to: '/' }
      : { kind: 'allow' };
  }
  const access = route ? route.access : 'open';
  if (access === 'auth' || (access === 'open' && !isNeedLogin)) return { kind: 'allow' };
  return { kind: 'logoutAndRedirect', to: '/login?redirect=' + encodeURIComponent(path) };
};

/** The redirect target of a login page's query, only when it stays inside the app. */
export const redirectTarget = (search: string): string => {
  const to = new URLSearchParams(search).get('redirect') || '';
  return /^\/(?![/\\])/.test(to) && !/^\/(login|register)\b/i.test(to) ? to : '/';
};
