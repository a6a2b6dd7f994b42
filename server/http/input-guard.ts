/**
 * Checks every route gets without declaring anything, so a route added later is covered too:
 * - before validation, a NUL character anywhere in the query, the path parameters or a JSON body
 *   is refused (`field.nul`): PostgreSQL cannot store it in text, and no field needs it;
 * - after validation, a number that is not finite is refused (`field.invalid`): AJV coerces the
 *   query string `1e309` or `Infinity` to Infinity and then skips `minimum`/`maximum`, which only
 *   compare finite numbers, so a bounded integer schema alone lets Infinity through.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './envelope.ts';

type Part = 'querystring' | 'params' | 'body';
const PARTS: ReadonlyArray<readonly [Part, (r: FastifyRequest) => unknown]> = [
  ['querystring', (r) => r.query],
  ['params', (r) => r.params],
  ['body', (r) => r.body],
];

/** Depth-first: the dotted path of the first value `bad` accepts (keys are checked too), or null. */
function findValue(value: unknown, bad: (v: unknown) => boolean, path: string[] = [], depth = 0): string[] | null {
  if (bad(value)) return path;
  // JSON bodies are bounded by the body limit; the depth cap keeps a deep one from costing stack.
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (bad(key)) return [...path, key];
    const found = findValue(child, bad, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\0');
const notFinite = (v: unknown) => typeof v === 'number' && !Number.isFinite(v);

/** The route schema's readable reason for the field at `path`, when it declares one. */
function reasonOf(request: FastifyRequest, part: Part, path: string[]): string | undefined {
  let schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part] as Record<string, unknown> | undefined;
  for (const key of path) {
    const properties = schema?.properties as Record<string, Record<string, unknown>> | undefined;
    schema = properties?.[key] ?? (schema?.items as Record<string, unknown> | undefined);
  }
  const reason = schema?.['x-error'];
  return typeof reason === 'string' ? reason : undefined;
}

const fieldName = (part: Part, path: string[]) => path.join('.') || part;

export function installInputGuards(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    for (const [part, read] of PARTS) {
      const path = findValue(read(request), hasNul);
      if (path) {
        const field = fieldName(part, path);
        throw new AppError(400, 'field.nul', `${field} must not contain a NUL character`, { field });
      }
    }
  });
  api.addHook('preHandler', async (request) => {
    for (const [part, read] of PARTS) {
      const path = findValue(read(request), notFinite);
      if (path) {
        const field = fieldName(part, path);
        throw new AppError(400, 'field.invalid', `${field} ${reasonOf(request, part, path) ?? 'must be a finite number'}`, { field });
      }
    }
  });
}
