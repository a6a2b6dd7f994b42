/**
 * One place says which routes need a token: `config: { auth: true }`. The token is checked in
 * `onRequest`, before the body is parsed or validated, so a visitor learns nothing about a route's
 * input; the same flag writes the route's OpenAPI `security`.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { requireUser } from '../auth/session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a logged-in user (`request.userId`). */
    auth?: boolean;
  }
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Registers the hook on `api`; routes of plugins registered after it inherit it. */
export function installRouteAuth(api: FastifyInstance): void {
  api.addHook('onRoute', (route) => {
    if (!route.config?.auth) return;
    route.onRequest = [...asArray(route.onRequest), requireUser as onRequestHookHandler];
    route.schema = { ...route.schema, security: [{ token: [] }] };
  });
}
