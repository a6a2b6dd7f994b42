/**
 * One place says which routes need a token: `config: { auth: true }`. The token is checked in
 * `onRequest`, before the body is parsed or validated, so a visitor learns nothing about a route's
 * input; the same flag writes the route's OpenAPI `security`.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { requireUser } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a logged-in user (`request.userId`). */
    auth?: boolean;
  }
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export interface TokenRoute {
  method: string;
  url: string;
}

/** Per HTTP server (one per app), the routes that ask for a token, as registered. */
const tokenRoutes = new WeakMap<object, TokenRoute[]>();

/** Every route of `app` that needs a token, method by method (HEAD included). */
export const routesNeedingToken = (app: FastifyInstance): readonly TokenRoute[] => tokenRoutes.get(app.server) ?? [];

/** Registers the hook on `api`; routes of plugins registered after it inherit it. */
export function installRouteAuth(api: FastifyInstance): void {
  const list: TokenRoute[] = [];
  tokenRoutes.set(api.server, list);
  api.addHook('onRoute', (route) => {
    if (!route.config?.auth) return;
    for (const method of asArray(route.method)) list.push({ method, url: route.url });
    route.onRequest = [...asArray(route.onRequest), requireUser as onRequestHookHandler];
    route.schema = { ...route.schema, security: [{ token: [] }] };
  });
}
