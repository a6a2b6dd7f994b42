/**
 * Checks every answer a server test receives against the published OpenAPI document: the JSON of
 * a success against the operation's documented 200 answer (no field the document does not name),
 * any other JSON against the error envelope, and its key against the keys the operation documents
 * for that HTTP status. A drift between server and document fails the test that saw it.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Schema = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
}

/** Objects that list their properties admit no other: the document must name every field sent. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'enum' || k === 'example' || k === 'default' ? v : closed(v)])) as Schema;
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** The keys an error response's schema (`allOf: [Error, { properties: { key: { enum } } }]`) lists. */
export function documentedKeys(schema: Schema | undefined): string[] {
  const parts = (schema?.allOf as Schema[] | undefined) ?? [];
  for (const part of parts) {
    const key = (part.properties as Record<string, Schema> | undefined)?.key;
    if (Array.isArray(key?.enum)) return key.enum as string[];
  }
  return [];
}

export class AnswerCheck {
  private readonly ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: { test: RegExp; path: string }[];

  constructor(private readonly doc: Doc) {
    this.ajv.addSchema({ components: closed(doc.components) }, 'doc');
    this.routes = Object.keys(doc.paths).map((path) => ({ path, test: new RegExp('^' + path.replace(/\{\w+\}/g, '[^/]+') + '$') }));
  }

  private validator(key: string, schema: Schema): ValidateFunction {
    let v = this.validators.get(key);
    if (!v) {
      const text = JSON.stringify(closed(schema)).replace(/"#\/components\//g, '"doc#/components/');
      v = this.ajv.compile(JSON.parse(text) as Schema);
      this.validators.set(key, v);
    }
    return v;
  }

  /** Throws when `res` to `method url` is JSON that the document does not describe. */
  check(method: string, url: string, res: LightMyRequestResponse): void {
    const path = url.split('?')[0]!;
    if (!path.startsWith('/prod-api/') || path === '/prod-api/openapi.json' || path === '/prod-api/asyncapi.json') return;
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json') || method === 'HEAD') return;
    const route = this.routes.find((r) => r.test.test(path));
    const op = route && this.doc.paths[route.path]![method.toLowerCase()];
    const success = res.statusCode === 200;
    const schema = success ? op?.responses['200']?.content?.['application/json']?.schema : { $ref: '#/components/schemas/Error' };
    if (!schema) throw new Error(`answer check: ${method} ${path} answered 200 but the document has no such operation`);
    const key = success ? `${method} ${route!.path}` : 'error';
    const validate = this.validator(key, schema);
    const encoding = res.headers['content-encoding'];
    const decoded = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload) : undefined;
    const text = decoded ? decoded.toString() : res.body;
    const body: unknown = decoded ? JSON.parse(text) : res.json();
    if (!validate(body)) {
      const [first] = validate.errors ?? [];
      throw new Error(
        `answer check: ${method} ${path} HTTP ${res.statusCode} does not match its documented answer: ` +
          `${first?.instancePath || '(root)'} ${first?.message} ${JSON.stringify(first?.params)}\n${text.slice(0, 600)}`,
      );
    }
    if (!success && op) {
      const errorKey = (body as { key: string }).key;
      const documented = documentedKeys(op.responses[String(res.statusCode)]?.content?.['application/json']?.schema);
      if (!documented.includes(errorKey)) {
        throw new Error(
          `answer check: ${method} ${route!.path} answered HTTP ${res.statusCode} ${errorKey}, which its document does not list ` +
            `(it lists ${documented.join(', ') || 'nothing'} for ${res.statusCode}): declare it in the route's 'x-errors' ` +
            `(server/openapi/error-keys.ts)\n${text.slice(0, 600)}`,
        );
      }
    }
  }
}

/**
 * Checkers by the text of their document: the apps of a run publish the same one, and a checker
 * compiles each validator once for all of them instead of once per app.
 */
const checkers = new Map<string, AnswerCheck>();

/** Makes `app.inject` (its promise form) check every answer against the app's own document. */
export function checkAnswers(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (o: InjectOptions | string) => Promise<LightMyRequestResponse>;
  let checker: Promise<AnswerCheck> | undefined;
  const getChecker = () =>
    (checker ??= inject('/prod-api/openapi.json').then((r) => {
      const known = checkers.get(r.body);
      if (known) return known;
      const doc = r.json() as Doc;
      if (!doc.paths) throw new Error(`answer check: no OpenAPI document (HTTP ${r.statusCode}): ${r.body.slice(0, 300)}`);
      const made = new AnswerCheck(doc);
      checkers.set(r.body, made);
      return made;
    }));
  (app as { inject: unknown }).inject = async (options: InjectOptions | string) => {
    const res = await inject(options);
    const opts = typeof options === 'string' ? { url: options } : options;
    const url = typeof opts.url === 'string' ? opts.url : String(opts.path ?? '');
    (await getChecker()).check(String(opts.method ?? 'GET').toUpperCase(), url, res);
    return res;
  };
}
