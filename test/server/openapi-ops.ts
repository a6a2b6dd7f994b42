/**
 * The operations the published OpenAPI document lists, as tests walk them: a test built on this
 * covers a route added later without being edited.
 */
export interface Schema {
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  items?: Schema;
  default?: unknown;
  example?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}
/** One input of one operation: a query or path parameter, or a JSON body property. */
export interface Input {
  where: 'query' | 'path' | 'body';
  name: string;
  schema: Schema;
  required: boolean;
}
export interface Op {
  method: string;
  path: string;
  inputs: Input[];
  auth: boolean;
  /** The operation reads a JSON body. */
  jsonBody: boolean;
}

/** A number as the schema sees it: an integer or number, or a string whose pattern accepts `100`. */
export const isNumeric = (s: Schema) =>
  s.type === 'integer' || s.type === 'number' || (s.type === 'string' && !!s.pattern && new RegExp(s.pattern).test('100'));

/** The values an enum schema (or an anyOf of enums) allows, or undefined. */
export const enumOf = (s: Schema): unknown[] | undefined =>
  s.enum ?? (s.anyOf?.every((a) => a.enum) ? s.anyOf.flatMap((a) => a.enum!) : undefined);

/** A value the schema accepts, so that only the input under test is wrong. */
export function validValue(s: Schema): unknown {
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  const values = enumOf(s);
  if (values?.length) return values[0];
  if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
  if (s.type === 'boolean') return false;
  if (s.type === 'array') return [];
  if (s.type === 'string') {
    if (s.pattern && !new RegExp(s.pattern).test('x'.repeat(Math.max(1, s.minLength ?? 1)))) {
      throw new Error(`give this pattern an \`example\`: ${s.pattern}`);
    }
    return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  }
  return undefined;
}

export function operations(doc: OpenApiDoc): Op[] {
  const ops: Op[] = [];
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const inputs: Input[] = (op.parameters ?? [])
        .filter((p) => p.in === 'query' || p.in === 'path')
        .map((p) => ({ where: p.in as 'query' | 'path', name: p.name, schema: p.schema, required: !!p.required }));
      const body = op.requestBody?.content['application/json']?.schema;
      for (const [name, schema] of Object.entries(body?.properties ?? {})) {
        inputs.push({ where: 'body', name, schema, required: !!body?.required?.includes(name) });
      }
      ops.push({ method: method.toUpperCase(), path: route, inputs, auth: !!op.security?.length, jsonBody: !!body });
    }
  }
  return ops;
}

/** The operation's path with its path parameters filled in (encoded). */
export const fillPath = (op: Op, values: Record<string, string>) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
