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

/** A 1-based page number and a page size up to `maxPageSize`, both optional (1 and 10), as query strings. */
export const pagingUpTo = (maxPageSize: number) => ({
  pageNum: Type.Optional(Int(1, MAX_PAGE, { default: 1 })),
  pageSize: Type.Optional(Int(1, Math.min(maxPageSize, MAX_PAGE_SIZE), { default: 10 })),
});

/** Page number (≤ 100000) and page size (≤ 100), both optional: `Type.Object({ ...Paging, … })`. */
export const Paging = pagingUpTo(MAX_PAGE_SIZE);

/**
 * Fastify's AJV options: `verbose` hands the failing schema to the error handler, which uses a
 * schema's `x-error` (an OpenAPI extension, so the published document stays valid) as the
 * readable reason (server/http/errors.ts). `example` is OpenAPI 3.0's annotation, not JSON
 * Schema's, so AJV is told it is a known keyword.
 */
export const AJV_OPTIONS = { customOptions: { verbose: true, keywords: ['x-error', 'example'] } };

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
