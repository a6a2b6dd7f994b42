/**
 * The error answers of the published document: the envelope (`Error`), and per operation one
 * response per HTTP status listing the keys that operation can answer with that status, as an
 * enum a generated client can switch on.
 */
import { ERROR_STATUS, type ErrorKey } from './error-keys.ts';
import { NULL_ONLY, type Schema } from './schema-forms.ts';
import { IDEMPOTENCY_HEADER } from '../../src/shared/contract.ts';

export const ERROR_ENVELOPE: Schema = {
  type: 'object',
  description: 'A refusal: the same HTTP status is sent with it. Translate by `key`, fill its placeholders from `params`; `msg` is English.',
  required: ['code', 'msg', 'key', 'data'],
  properties: {
    code: { type: 'integer', description: 'equals the HTTP status', enum: [400, 401, 403, 404, 405, 409, 413, 415, 429, 500, 503] },
    msg: { type: 'string', description: 'English text of the reason' },
    key: { type: 'string', description: 'stable key of the reason, e.g. balance.insufficient', example: 'field.invalid' },
    params: {
      type: 'object',
      description: 'values for the placeholders of the key\'s text, e.g. {"field":"amount"}',
      additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    },
    data: NULL_ONLY,
  },
};

const RETRY_AFTER = { 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer', minimum: 1 } } };

const MEANING: Record<number, { description: string; headers?: Schema }> = {
  400: { description: 'The request is refused: bad input or a rule of the operation' },
  401: { description: 'No session, or it expired: log in again' },
  403: { description: 'Not allowed: the XSRF check failed (a browser with the XSRF cookie must echo it), or a lock' },
  404: { description: 'A row that does not exist or is not the caller\'s' },
  409: { description: `A conflict with the current state, or an ${IDEMPOTENCY_HEADER} used for a different request` },
  413: { description: 'The body is too large' },
  415: { description: 'The body is not of a type this operation takes' },
  429: { description: 'Too many attempts', headers: RETRY_AFTER },
  500: { description: 'An unexpected failure; `params.requestId` names it in the server log' },
  503: { description: 'The database is away, out of disk, or the server is shutting down: try again (same Idempotency-Key)', headers: RETRY_AFTER },
};

/** The error responses of an operation that can answer `keys`, by HTTP status. */
export function refusalResponses(keys: Iterable<ErrorKey>): Record<string, { description: string; headers?: Schema; content: Record<string, { schema: Schema }> }> {
  const byStatus = new Map<number, Set<ErrorKey>>();
  for (const key of keys) {
    const status = ERROR_STATUS[key];
    if (!byStatus.has(status)) byStatus.set(status, new Set());
    byStatus.get(status)!.add(key);
  }
  return Object.fromEntries(
    [...byStatus].sort(([a], [b]) => a - b).map(([status, set]) => {
      const list = [...set].sort();
      const { description, headers } = MEANING[status]!;
      const schema = { allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { key: { type: 'string', enum: list } } }] };
      return [String(status), { description: `${description}. Keys: ${list.map((k) => `\`${k}\``).join(', ')}`, ...(headers ? { headers } : {}), content: { 'application/json': { schema } } }];
    }),
  );
}
