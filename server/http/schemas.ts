/** TypeBox schemas shared by routes; validation errors name the field (see server/http/errors.ts). */
import { Type } from '@sinclair/typebox';

/**
 * A positive money amount as a decimal string: digits, at most one point, at most 8 decimals, no
 * sign, exponent, NaN or Infinity. At most 12 whole digits, matching NUMERIC(20,8).
 */
export const Amount = Type.String({
  pattern: '^(?=.*[1-9])(0|[1-9]\\d{0,11})(\\.\\d{1,8})?$',
  maxLength: 21,
  'x-error': 'must be a positive amount with at most 8 decimals',
  examples: ['100', '12.5'],
});

/**
 * Fastify's AJV options: `verbose` hands the failing schema to the error handler, which uses a
 * schema's `x-error` (an OpenAPI extension, so the published document stays valid) as the readable reason (server/http/errors.ts).
 */
export const AJV_OPTIONS = { customOptions: { verbose: true, keywords: ['x-error'] } };

/** A 1-based page number and page size as query strings. */
export const Paging = {
  pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
};

export const NonEmpty = (maxLength = 100) => Type.String({ minLength: 1, maxLength });
