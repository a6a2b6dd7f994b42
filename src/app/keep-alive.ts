// First-load path: every byte here is downloaded before the app paints.
import type { RouteDef } from './routes.ts';

/**
 * Keep-alive rule (docs/rules.md#navigation): a route with `keepFrom` is kept mounted (hidden) once entered from one
 * of those routes, so its list and scroll survive a visit to a detail page, and is dropped when the
 * user lands back on one of them, so the next entry starts fresh.
 */
export const nextKeepAlive = (alive: string[], from: RouteDef | null, to: RouteDef, all: RouteDef[]): string[] => {
  const next = alive.filter((name) => !all.find((r) => r.name === name)?.keepFrom?.includes(to.name));
  if (to.keepFrom && from && to.keepFrom.includes(from.name) && !next.includes(to.name)) next.push(to.name);
  return next;
};
