/**
 * Checks every route gets without declaring anything, so a route added later is covered too:
 * - before validation, a NUL character anywhere in the query, the path parameters or a JSON body
 *   is refused (`field.nul`): PostgreSQL cannot store it in text, and no field needs it;
 * - before validation, a JSON body field the route does not declare is refused, and so is a value
 *   of the wrong JSON type (`{"all":1}` where a boolean is declared): AJV would drop the one and
 *   coerce the other, so a client's mistake would pass silently;
 * - before validation, a query field the route does not declare is refused too (`?pagesize=5`
 *   would otherwise answer the default page size as if it had been read);
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

type BodySchema = { type?: string; properties?: Record<string, BodySchema>; additionalProperties?: unknown; anyOf?: BodySchema[] };

/** The value has the JSON type the schema declares (any alternative of an anyOf; no type: anything). */
function hasType(value: unknown, schema: BodySchema): boolean {
  if (schema.anyOf) return schema.anyOf.some((s) => hasType(value, s));
  switch (schema.type) {
    case 'integer':
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return !!value && typeof value === 'object' && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

/** A JSON body's undeclared field or wrongly typed value, as an AppError; undefined when it is fine. */
export function strictBodyError(body: unknown, schema: BodySchema | undefined): AppError | undefined {
  if (!schema?.properties || !body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  for (const [field, value] of Object.entries(body)) {
    // Own properties only: `constructor` or `__proto__` must not find Object's.
    const declared = Object.hasOwn(schema.properties, field) ? schema.properties[field] : undefined;
    if (!declared) {
      if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) continue;
      return new AppError(400, 'field.invalid', `${field} is not a field of this request`, { field });
    }
    if (!hasType(value, declared)) {
      const want = declared.anyOf ? declared.anyOf.map((s) => s.type).join(' or ') : declared.type;
      return new AppError(400, 'field.invalid', `${field} must be a JSON ${want}`, { field });
    }
  }
  return undefined;
}

/** A query field the route does not declare, as an AppError; undefined when every field is declared. */
export function unknownQueryError(query: unknown, schema: BodySchema | undefined): AppError | undefined {
  if (!query || typeof query !== 'object') return undefined;
  if (schema && schema.additionalProperties !== undefined && schema.additionalProperties !== false) return undefined;
  const field = Object.keys(query).find((name) => !schema?.properties || !Object.hasOwn(schema.properties, name));
  return field === undefined ? undefined : new AppError(400, 'field.invalid', `${field} is not a field of this request`, { field });
}

const isJson = (request: FastifyRequest) => String(request.headers['content-type'] ?? '').startsWith('application/json');

export function installInputGuards(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    for (const [part, read] of PARTS) {
      const path = findValue(read(request), hasNul);
      if (path) {
        const field = fieldName(part, path);
        throw new AppError(400, 'field.nul', `${field} must not contain a NUL character`, { field });
      }
    }
    // An unknown path answers 404 whatever its query.
    if (!request.is404) {
      const error = unknownQueryError(request.query, (request.routeOptions.schema as { querystring?: BodySchema } | undefined)?.querystring);
      if (error) throw error;
    }
    if (isJson(request)) {
      const schema = (request.routeOptions.schema as { body?: BodySchema } | undefined)?.body;
      const error = strictBodyError(request.body, schema);
      if (error) throw error;
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
