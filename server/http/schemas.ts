/** TypeBox schemas shared by routes; validation errors name the field (see server/http/errors.ts). */
import { type IntegerOptions, type StringOptions, type TSchema, Type } from '@sinclair/typebox';

/** Bounds every route uses (ids fit PostgreSQL `integer`, pages and page sizes are capped). */
export const MAX_ID = 2147483647;
export const MAX_PAGE = 100000;
export const MAX_PAGE_SIZE = 100;

/**
 * A whole number within explicit bounds. Both bounds are required: AJV coerces the query string
 * `1e309` to Infinity and then skips `maximum` (it compares finite numbers only), so the input
 * guard (server/http/input-guard.ts) refuses non-finite numbers and the bounds refuse the rest.
 */
export const Int = (minimum: number, maximum: number, options: IntegerOptions = {}) =>
  Type.Integer({ minimum, maximum, 'x-error': `must be a whole number from ${minimum} to ${maximum}`, ...options });

/** A row id (PostgreSQL `integer`). */
export const Id = (options: IntegerOptions = {}) => Int(1, MAX_ID, { 'x-error': 'must be an id from 1 to 2147483647', ...options });

/** A string that always has a `maxLength`. */
export const Text = (maxLength: number, options: StringOptions = {}) => Type.String({ maxLength, ...options });

export const NonEmpty = (maxLength = 100) => Text(maxLength, { minLength: 1 });

/** Text an operator or a user writes: no NUL or other control characters but tab and newlines. */
export const PlainText = (maxLength: number, minLength = 1) =>
  Type.String({ minLength, maxLength, pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$', 'x-error': 'must be plain text' });

/** An optional `?lang=` over `Accept-Language`. */
export const LangQuery = Type.Optional(Type.String({ maxLength: 35, pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$', 'x-error': 'must be a language code such as en or pt-BR' }));

/**
 * A positive money amount as a decimal string: digits, at most one point, at most 8 decimals, no
 * sign, exponent, NaN or Infinity. At most 12 whole digits, matching NUMERIC(20,8).
 */
export const Amount = Type.String({
  pattern: '^(?=.*[1-9])(0|[1-9]\\d{0,11})(\\.\\d{1,8})?$',
  maxLength: 21,
  'x-error': 'must be a positive amount with at most 8 decimals',
  example: '100',
});

/**
 * The one paging of every list: a 1-based page number (≤ 100000) and a page size (≤ 100), both
 * optional query strings that AJV fills with 1 and 10: `Type.Object({ ...Paging, … })`.
 */
export const Paging = {
  pageNum: Type.Optional(Int(1, MAX_PAGE, { default: 1 })),
  pageSize: Type.Optional(Int(1, MAX_PAGE_SIZE, { default: 10 })),
};

/** A `Paging` query with both numbers (AJV has filled them in; the types do not know it). */
export const pageOf = <Q extends { pageNum?: number; pageSize?: number }>(q: Q): Q & { pageNum: number; pageSize: number } => ({
  ...q,
  pageNum: q.pageNum ?? 1,
  pageSize: q.pageSize ?? 10,
});

/**
 * Fastify's AJV options: `verbose` hands the failing schema to the error handler, which uses a
 * schema's `x-error` (an OpenAPI extension, so the published document stays valid) as the
 * readable reason (server/http/errors.ts). `example` is OpenAPI 3.0's annotation, not JSON
 * Schema's, so AJV is told it is a known keyword.
 */
export const AJV_OPTIONS = { customOptions: { verbose: true, keywords: ['x-error', 'example'] } };

/** An exact decimal in an answer: NUMERIC written as text, never a float. */
export const Dec = (description?: string) => Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$', ...(description ? { description } : {}) });

/** A moment in an answer: milliseconds since the epoch. */
export const Time = (description = 'epoch ms') => Type.Integer({ description });

export const Nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);

/** One page of rows with the count of all of them (and any totals beside). */
export const page = (row: TSchema, extra: Record<string, TSchema> = {}) => Type.Object({ rows: Type.Array(row), total: Type.Integer(), ...extra });

/**
 * The response schema of a route answering `data`. Refusals go out with their own HTTP status and
 * no schema; the published document describes them (server/openapi/document.ts).
 */
export const answer = (data: TSchema) => ({
  200: Type.Object({
    code: Type.Integer(),
    msg: Type.String(),
    key: Type.Optional(Type.String()),
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    data: Type.Union([data, Type.Null()]),
  }),
});
