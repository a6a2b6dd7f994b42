/**
 * Finishes the OpenAPI document @fastify/swagger builds from the routes, so a code generator gets a
 * usable client: a stable operationId, summary and tag on every operation; the success answer of
 * every operation; the error envelope and the refusals each operation can answer; the
 * Idempotency-Key header on money operations; bearer security, and `security: []` on public ones;
 * named models in components.schemas. Only the document changes; no route behaves differently.
 */
import { DOC_ANSWERS, DOC_BINARY, DOC_SUMMARIES } from './answers.ts';
import { commonKeys, type ErrorKey } from './error-keys.ts';
import { TAGS, operationIds, tagOf } from './operation-ids.ts';
import { ERROR_ENVELOPE, refusalResponses } from './refusals.ts';
import { envelopeOf, hoist, normalizeNulls, successData, toOpenApi30, type Schema } from './schema-forms.ts';
import { API_PREFIX } from '../http/prefix.ts';
import { IDEMPOTENCY_HEADER } from '../../src/shared/contract.ts';

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema: Schema;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  'x-errors'?: ErrorKey[];
  responses: Record<string, { description: string; headers?: Schema; content?: Record<string, { schema: Schema }> }>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, Schema>; responses?: Record<string, unknown> };
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}

/** Routes whose handler runs under `idempotent()` (server/http/idempotency.ts). */
export const IDEMPOTENT_OPERATIONS = new Set([
  'POST /prod-api/h5/order/saveContactOrder',
  'POST /prod-api/h5/licai',
  'POST /prod-api/h5/user/openProfit',
  'POST /prod-api/h5/recharge/submitRecharge',
  'POST /prod-api/h5/expenses/submitExpenses',
  'POST /prod-api/h5/expenses/saveWithdrawalOrder',
  'POST /prod-api/h5/expenses/bindCard',
  'POST /prod-api/h5/expenses/bindCoinAddress',
  'POST /prod-api/h5/expenses/bindCardQr',
]);

/** Routes that count attempts against a rate limit (server/http/rate-limit.ts). */
const RATE_LIMITED = new Set([
  'POST /prod-api/login',
  'POST /prod-api/h5/user/register',
  'GET /prod-api/common/sms',
  'GET /prod-api/common/email',
  'POST /prod-api/h5/user/forget',
  'POST /prod-api/h5/expenses/sendCode',
  'POST /prod-api/h5/fish/askCode',
]);


/** What @fastify/swagger's `transformObject` gets and answers, for OpenAPI. */
export function finishDocument(input: { openapiObject: Partial<Doc> }): Doc {
  const doc = input.openapiObject as Doc;
  const components = (doc.components ??= {});
  const schemas = (components.schemas ??= {});
  schemas.Error = ERROR_ENVELOPE;
  components.securitySchemes = {
    token: {
      type: 'http',
      scheme: 'bearer',
      description: 'The token from POST /prod-api/login or register; the server also takes it without the `Bearer ` prefix',
    },
  };
  const api = Object.entries(doc.paths ?? {}).filter(([path]) => path.startsWith(`${API_PREFIX}/`));
  const ids = operationIds(api.flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`)));
  const paths: Doc['paths'] = {};
  // The app's page (`GET /`, `HEAD /`) and other non-API paths are not operations of the API.
  for (const [path, methods] of api) {
    paths[path] = {};
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      op.operationId ??= ids.get(key);
      op.summary ??= DOC_SUMMARIES[key] ?? op.operationId;
      op.tags ??= [tagOf(path)];
      const auth = !!op.security?.length;
      if (!auth) op.security = [];

      for (const p of op.parameters ?? []) {
        if (p.required && p.schema.default !== undefined) p.required = false;
      }
      const idempotent = IDEMPOTENT_OPERATIONS.has(key);
      if (idempotent) {
        (op.parameters ??= []).push({
          in: 'header',
          name: IDEMPOTENCY_HEADER,
          required: false,
          description: 'A retry with the same key answers the first answer and does nothing twice; the same key with another request answers 409 idempotency.mismatch',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', maxLength: 64, example: 'c7e1a2f0-order-1' },
        });
      }

      const responses: Operation['responses'] = {};
      const binary = DOC_BINARY[key];
      const declared = op.responses?.['200']?.content?.['application/json']?.schema;
      if (binary) {
        responses['200'] = { description: 'The image', content: Object.fromEntries(binary.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) };
      } else {
        const data = declared ? successData(declared) : DOC_ANSWERS[key] ? toOpenApi30(DOC_ANSWERS[key] as Schema) : undefined;
        if (!data) throw new Error(`OpenAPI: ${key} documents no answer; add it to server/openapi/answers.ts`);
        responses['200'] = { description: 'Done', content: { 'application/json': { schema: hoist(envelopeOf(hoist(data, schemas)), schemas) } } };
      }
      const own = op['x-errors'] ?? [];
      delete op['x-errors'];
      const traits = {
        method,
        input: !!op.parameters?.length || !!op.requestBody,
        auth,
        idempotent,
        rateLimited: RATE_LIMITED.has(key),
        pathParam: !!op.parameters?.some((p) => p.in === 'path'),
      };
      Object.assign(responses, refusalResponses([...commonKeys(traits), ...own]));
      op.responses = responses;
      op.parameters = op.parameters?.map((p) => ({ ...p, schema: hoist(p.schema, schemas) }));
      paths[path]![method] = op;
    }
  }
  doc.paths = normalizeNulls(paths) as Doc['paths'];
  components.schemas = normalizeNulls(schemas) as Record<string, Schema>;
  const used = new Set(Object.values(paths).flatMap((m) => Object.values(m).flatMap((o) => o.tags ?? [])));
  doc.tags = [...used].sort().map((name) => ({ name, ...(TAGS[name] ? { description: TAGS[name] } : {}) }));
  return doc;
}
