/**
 * Turns every failure under /prod-api into the envelope (docs/rules.md#answers-and-errors, DESIGN API contract), sent with
 * the HTTP status that matches its `code`, so proxies, monitors and retry libraries see a failure
 * too; the app reads the envelope whatever the status.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fail, fieldRequired } from './envelope.ts';
import { API_PREFIX } from './prefix.ts';
import { setAnswerHeaders } from './answer-headers.ts';
import { outageOf, type Outage } from '../db/outage.ts';
import { sendUnavailable } from './unavailable.ts';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: { 'x-error'?: string };
}

/** Maps the first schema violation to `field.required` / `field.invalid` naming the field. */
export function validationError(error: FastifyError): AppError {
  const first = (error.validation as unknown as AjvError[])[0]!;
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (first.keyword === 'required') {
    const field = [path, String(first.params.missingProperty)].filter(Boolean).join('.');
    return fieldRequired(field);
  }
  const field = path || (error.validationContext ?? 'request');
  const why = first.parentSchema?.['x-error'] ?? first.message ?? 'is invalid';
  return new AppError(400, 'field.invalid', `${field} ${why}`, { field });
}

const STATUS_KEYS: Record<number, string> = {
  400: 'http.badRequest',
  404: 'http.notFound',
  405: 'http.methodNotAllowed',
  413: 'http.tooLarge',
  415: 'http.unsupportedMediaType',
  429: 'http.tooManyRequests',
};

export const apiNotFound = (url: string) =>
  new AppError(404, 'http.notFound', 'Request Address Not Found', { path: url.split('?')[0]! });

/** The HTTP status of an outcome: its `code` when that is an HTTP error status, else 500. */
export const httpStatus = (code: number): number => (code >= 400 && code <= 599 ? code : 500);

/** Sends `error` as the envelope with its HTTP status; a 429 says when to retry. */
export function sendFailure(reply: FastifyReply, error: AppError): FastifyReply {
  const seconds = error.params?.seconds;
  if (error.code === 429 && typeof seconds === 'number') reply.header('retry-after', String(seconds));
  return reply.code(httpStatus(error.code)).send(fail(error));
}

/** Route patterns of the API and their methods, so a known path with another method answers 405. */
const routeMethods = new WeakMap<object, { test: RegExp; methods: Set<string> }[]>();

const patternOf = (url: string) =>
  new RegExp('^' + url.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+').replace(/\*/g, '.*') + '$');

/** The methods `path` answers to, or none when no route has that path. */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  const found = new Set<string>();
  for (const route of routeMethods.get(app.server) ?? []) if (route.test.test(path)) route.methods.forEach((m) => found.add(m));
  return [...found].sort();
}

/** A request to an unknown path answers 404; to a known path with another method, 405 with `Allow`. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0]!;
  const allow = allowedMethods(request.server, path);
  if (!allow.length) return sendFailure(reply, apiNotFound(request.url));
  reply.header('allow', allow.join(', '));
  return sendFailure(reply, new AppError(405, 'http.methodNotAllowed', `${request.method} is not allowed here`, { allow: allow.join(', ') }));
}

/** `report` notes a database outage (and logs it once); without it outages are only told apart. */
export function installApiErrorHandling(app: FastifyInstance, report: (err: unknown) => Outage | null = outageOf): void {
  const routes: { test: RegExp; methods: Set<string> }[] = [];
  routeMethods.set(app.server, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({ test: patternOf(route.url), methods: new Set(methods) });
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return sendFailure(reply, error);
    if (error.validation) return sendFailure(reply, validationError(error));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key = STATUS_KEYS[status] ?? 'http.badRequest';
      return sendFailure(reply, new AppError(STATUS_KEYS[status] ? status : 400, key, error.message));
    }
    // A database that is away or out of disk: HTTP 503 and "try again", not an internal error.
    const outage = report(error);
    if (outage) return sendUnavailable(reply, outage);
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return sendFailure(reply, new AppError(500, 'http.internal', 'Request Exception', { requestId: request.id }));
  });
  app.setNotFoundHandler(sendNotFound);
}

/**
 * The router's own refusals, before any route or hook runs: a path with broken percent-encoding
 * (`%E0%A4%A`) or a path parameter longer than the router takes. Fastify would answer those with
 * its own JSON (414 or 400, echoing the path) that the app cannot read as an envelope. No hook sees
 * these answers, so their headers are set here.
 */
export function frameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setAnswerHeaders(request, reply);
  if (request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`)) {
    sendFailure(reply, new AppError(400, 'http.badRequest', 'Invalid request address'));
    return;
  }
  reply.code(400).type('text/plain').send('Bad Request');
}
