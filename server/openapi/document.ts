/**
 * Finishes the OpenAPI document @fastify/swagger builds from the routes, so a code generator gets a
 * usable client: a stable operationId, summary and tag on every operation; the success answer of
 * every operation; the error envelope and the refusals each operation can answer; the
 * Idempotency-Key header on money operations; bearer security, and `security: []` on public ones;
 * named models in components.schemas. Only the document changes; no route behaves differently.
 */
import { DOC_ANSWERS, DOC_BINARY, DOC_SUMMARIES } from './answers.ts';
import { API_PREFIX } from '../http/prefix.ts';
import { IDEMPOTENCY_HEADER } from '../../src/shared/contract.ts';

type Schema = Record<string, unknown>;
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

const TAGS: Record<string, string> = {
  auth: 'Registration, login, verification codes, passwords',
  user: 'The caller\'s profile, VIP level, wallet bills',
  content: 'Platform settings and content: configuration, notices, banners, pages, rates',
  market: 'Tickers and candles',
  orders: 'Contract orders',
  finance: 'Finance products',
  savings: 'The savings balance',
  messages: 'Messages and notices',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  'payment methods': 'Bank cards, PIX keys, QR codes, wallet addresses',
  uploads: 'Images',
};

/** The tag of an operation that names none, by where its path lives. */
function tagOf(path: string): string {
  if (/\/(login|captchaImage|register|forget|common\/(sms|email))\b/.test(path)) return 'auth';
  if (/\/common\/(avatar|oss)\b/.test(path)) return 'uploads';
  if (/\/h5\/(user|fish)\//.test(path) || /\/background\/bill\//.test(path)) return 'user';
  return 'content';
}

/**
 * Stable operationIds from the paths: the last word (`getUserInfo`), or as many words from the end
 * as make it unique (`expensesSendCode`, `fishSendCode`), so adding a route renames only its twins.
 */
export function operationIds(keys: string[]): Map<string, string> {
  const words = new Map(keys.map((k) => [k, k.split(' ')[1]!.slice(API_PREFIX.length).split('/').filter((w) => w && !w.startsWith('{'))]));
  const camel = (list: string[]) => list.map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join('');
  const length = new Map(keys.map((k) => [k, 1]));
  const idOf = (k: string) => {
    const list = words.get(k)!;
    const id = camel(list.slice(-Math.min(length.get(k)!, list.length)));
    return length.get(k)! > list.length ? k.split(' ')[0]!.toLowerCase() + id[0]!.toUpperCase() + id.slice(1) : id;
  };
  for (let round = 0; round < 8; round++) {
    const count = new Map<string, number>();
    for (const k of keys) count.set(idOf(k), (count.get(idOf(k)) ?? 0) + 1);
    const twins = keys.filter((k) => count.get(idOf(k))! > 1);
    if (!twins.length) break;
    for (const k of twins) length.set(k, length.get(k)! + 1);
  }
  return new Map(keys.map((k) => [k, idOf(k)]));
}

/** JSON Schema as TypeBox writes it → OpenAPI 3.0 (no `type: null`, no `const`). */
export function toOpenApi30(schema: Schema): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as Record<string, Schema>).map(([k, v]) => [k, toOpenApi30(v)]));
    else if (key === 'items' && value && typeof value === 'object') out[key] = toOpenApi30(value as Schema);
    else if (key === 'const') out.enum = [value];
    else if (key === 'anyOf') {
      const list = value as Schema[];
      const kept = list.filter((s) => s.type !== 'null').map(toOpenApi30);
      if (kept.length < list.length) out.nullable = true;
      if (kept.length === 1) Object.assign(out, kept[0]);
      else out.anyOf = kept;
    } else out[key] = value;
  }
  return out;
}

/**
 * `null` as OpenAPI 3.0 can say it and generators read it: `enum: [null]` (what @fastify/swagger
 * writes for TypeBox's Null) breaks openapi-typescript, so a lone null is an empty nullable object
 * and a null alternative of an anyOf becomes `nullable` on the rest.
 */
const NULL_ONLY: Schema = { type: 'object', nullable: true, maxProperties: 0, description: 'always null' };
const isNullSchema = (s: Schema) => s.type === 'null' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null);

function normalizeNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeNulls);
  if (!value || typeof value !== 'object') return value;
  let out: Schema = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'enum' || k === 'example' || k === 'default' ? v : normalizeNulls(v)]));
  if (Array.isArray(out.anyOf)) {
    const list = out.anyOf as Schema[];
    const kept = list.filter((a) => !isNullSchema(a));
    if (kept.length < list.length) {
      const { anyOf: _drop, ...rest } = out;
      out = kept.length === 0 ? { ...rest, ...NULL_ONLY } : kept.length === 1 && !kept[0]!.$ref ? { ...rest, ...kept[0], nullable: true } : { ...rest, anyOf: kept, nullable: true };
    }
  }
  // A nullable enum lists null too (OpenAPI 3.0.3), or a validator refuses the null it allows.
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (isNullSchema(out) && (out.type === 'null' || out.type === 'object')) {
    const { enum: _e, type: _t, ...rest } = out;
    out = { ...rest, ...NULL_ONLY };
  }
  return out;
}

/** A success envelope around `data`. */
const envelopeOf = (data: Schema): Schema => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', enum: [200] },
    msg: { type: 'string', description: 'English text of the outcome' },
    data,
  },
});

/** `data` of a route's 200 schema: the error half of `answer()` is gone now that errors have their own statuses. */
function successData(schema: Schema): Schema {
  const data = (schema.properties as Record<string, Schema> | undefined)?.data;
  if (!data) return schema;
  const alternatives = (data.anyOf as Schema[] | undefined) ?? [data];
  const real = alternatives.filter((s) => !(s.nullable && Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null));
  if (!real.length) return NULL_ONLY;
  if (real.length > 1) return { anyOf: real };
  // @fastify/swagger folds the envelope's null into `nullable`: the success `data` is never null.
  const { nullable: _folded, ...success } = real[0]!;
  return success;
}

const ERROR_ENVELOPE: Schema = {
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

const refusal = (description: string, keys: string[], headers?: Schema) => ({
  description: `${description}. Keys: ${keys.map((k) => `\`${k}\``).join(', ')}`,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** Object schemas with a `title` become named components; every use becomes a `$ref`. */
function hoist(schema: Schema, components: Record<string, Schema>): Schema {
  const walk = (s: Schema): Schema => {
    if (!s || typeof s !== 'object' || Array.isArray(s)) return s;
    const out: Schema = {};
    for (const [key, value] of Object.entries(s)) {
      if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as Record<string, Schema>).map(([k, v]) => [k, walk(v)]));
      else if ((key === 'items' || key === 'additionalProperties') && value && typeof value === 'object') out[key] = walk(value as Schema);
      else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') out[key] = (value as Schema[]).map(walk);
      else out[key] = value;
    }
    const props = out.properties as Record<string, Schema> | undefined;
    const row = (props?.rows?.items as Schema | undefined)?.$ref;
    // A plain page of a named model is named after it: `ContractOrderPage`.
    if (!out.title && typeof row === 'string' && Object.keys(props!).sort().join() === 'rows,total') out.title = `${row.split('/').at(-1)}Page`;
    if (typeof out.title === 'string' && out.type === 'object') {
      const { title, ...rest } = out;
      components[title] = rest;
      return { $ref: `#/components/schemas/${title}` };
    }
    return out;
  };
  return walk(schema);
}

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
      const hasInput = !!op.parameters?.length || !!op.requestBody;
      responses['400'] = refusal('The request is refused', [
        ...(hasInput ? ['field.required', 'field.invalid', 'field.nul'] : []),
        ...(idempotent ? ['idempotency.key'] : []),
        ...(method === 'post' ? ['auth.badCookie', 'http.badRequest'] : ['http.badRequest']),
        'a rule of the operation, e.g. balance.insufficient',
      ]);
      if (auth) responses['401'] = refusal('No session, or it expired: log in again', ['auth.expired']);
      if (method === 'post') responses['403'] = refusal('The XSRF check failed (a browser with the XSRF cookie must echo it)', ['auth.xsrf']);
      responses['404'] = refusal('A row or path that does not exist (or is not the caller\'s)', ['http.notFound', 'a rule of the operation, e.g. order.notFound']);
      if (idempotent) responses['409'] = refusal(`The ${IDEMPOTENCY_HEADER} was used for a different request`, ['idempotency.mismatch']);
      if (path.includes('/oss/upload')) responses['413'] = refusal('The body is too large', ['upload.tooLarge', 'http.tooLarge']);
      if (RATE_LIMITED.has(key)) {
        responses['429'] = refusal('Too many attempts', ['rate.limited'], {
          'Retry-After': { description: 'seconds to wait', schema: { type: 'integer', minimum: 1 } },
        });
      }
      responses['500'] = refusal('An unexpected failure; `params.requestId` names it in the server log', ['http.internal']);
      responses['503'] = refusal('The database is away, out of disk, or the server is shutting down: try again (same Idempotency-Key)', ['http.unavailable', 'http.diskFull', ...(path.includes('/oss/upload') ? ['upload.storageFull'] : [])], {
        'Retry-After': { description: 'seconds to wait', schema: { type: 'integer', minimum: 1 } },
      });
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
