/** Turns every failure under /prod-api into the envelope, HTTP 200 (SPEC §8, DESIGN API contract). */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fail } from './envelope.ts';
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
    return new AppError(400, 'field.required', `${field} cannot be empty`, { field });
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

/** `report` notes a database outage (and logs it once); without it outages are only told apart. */
export function installApiErrorHandling(app: FastifyInstance, report: (err: unknown) => Outage | null = outageOf): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return reply.code(200).send(fail(error));
    if (error.validation) return reply.code(200).send(fail(validationError(error)));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key = STATUS_KEYS[status] ?? 'http.badRequest';
      return reply.code(200).send(fail(new AppError(status, key, error.message)));
    }
    // A database that is away or out of disk: HTTP 503 and "try again", not an internal error.
    const outage = report(error);
    if (outage) return sendUnavailable(reply, outage);
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.code(200).send(fail(new AppError(500, 'http.internal', 'Request Exception', { requestId: request.id })));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(200).send(fail(apiNotFound(request.url)));
  });
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
    reply.code(200).send(fail(new AppError(400, 'http.badRequest', 'Invalid request address')));
    return;
  }
  reply.code(400).type('text/plain').send('Bad Request');
}
