/**
 * Which role each console route needs: one table, checked before any route runs, so a request is
 * refused (403 `console.role`) whatever the client sends. A route missing from the table stops
 * the server from starting, so no new route goes unguarded.
 */
import type { FastifyInstance } from 'fastify';
import { mayDo, type OperatorRole } from '../../../src/shared/operator-roles.ts';
import { AppError } from '../../http/envelope.ts';

type Need = OperatorRole | readonly OperatorRole[] | 'public';

/** `METHOD /path` under `/console/api`; HEAD is GET's. */
export const ROUTE_ROLES: Record<string, Need> = {
  'POST /sign-in': 'public',
  'POST /sign-out': 'viewer',
  'GET /me': 'viewer',
  'GET /queues': 'viewer',
  'GET /events': 'viewer',
  'GET /deposits': 'viewer',
  'GET /deposits/:orderNo': 'viewer',
  'GET /withdrawals': 'viewer',
  'GET /users': 'viewer',
  'GET /users/:id': 'viewer',
  'GET /uploads/:name': 'viewer',
  'GET /audit': 'viewer',
  'GET /market/halts': 'viewer',
  'GET /proposals': 'viewer',
  'POST /deposits/:orderNo/:decision': 'reviewer',
  'POST /withdrawals/:orderNo': 'reviewer',
  'POST /claims/:queue/:orderNo': 'reviewer',
  'POST /claims/:queue/:orderNo/release': 'reviewer',
  'POST /users/:id/message': 'reviewer',
  'POST /users/:id/ask-code': 'reviewer',
  'POST /users/:id/sessions/end': 'reviewer',
  'POST /users/:id/balance': 'finance',
  'POST /users/:id/mask': 'finance',
  'POST /users/:id/methods/:methodId/lift-hold': 'finance',
  'POST /market/:symbol/release': 'finance',
  // A proposal's kind says which of the two it needs (four-eyes.ts checks again).
  'POST /proposals/:id/:decision': ['reviewer', 'finance'],
  'GET /content': 'admin',
  'POST /content': 'admin',
  'GET /settings': 'admin',
  'POST /settings': 'admin',
  'GET /regions': 'admin',
  'POST /regions/bank/:code': 'admin',
  'POST /regions/channel/:id': 'admin',
  'GET /operators': 'admin',
  'POST /operators/:name/roles': 'admin',
};

const keyOf = (method: string, url: string, prefix: string) => `${method === 'HEAD' ? 'GET' : method} ${url.slice(prefix.length) || '/'}`;

/** What a route needs; throws for a route the table does not list. */
export function needOf(method: string, url: string, prefix: string): Need {
  const need = ROUTE_ROLES[keyOf(method, url, prefix)];
  if (!need) throw new Error(`console route ${keyOf(method, url, prefix)} has no role in server/operator/console/roles.ts`);
  return need;
}

/** Refuses, at start-up, a console route that the table does not list. */
export function requireRoleForEveryRoute(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) needOf(method, route.url, route.prefix);
  });
}

export const roleRefused = (need: OperatorRole | readonly OperatorRole[]) =>
  new AppError(403, 'console.role', 'Your role does not allow this', { role: [need].flat().join('|') });

export function checkRole(held: readonly string[], need: Need): void {
  if (need !== 'public' && !mayDo(held, need)) throw roleRefused(need);
}
