/**
 * The published OpenAPI document is what partners feed their code generators: it must be valid
 * OpenAPI 3.0 by a standard validator, carry only OpenAPI keywords, and state every input's bounds.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from './harness.ts';

type Schema = Record<string, unknown>;
interface Parameter {
  in: string;
  name: string;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** The Schema Object's fields in OpenAPI 3.0.3; anything else must be an `x-` extension. */
const SCHEMA_KEYWORDS = new Set([
  'title', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'enum', 'type', 'allOf', 'oneOf',
  'anyOf', 'not', 'items', 'properties', 'additionalProperties', 'description', 'format', 'default', 'nullable',
  'discriminator', 'readOnly', 'writeOnly', 'xml', 'externalDocs', 'example', 'deprecated', '$ref',
]);

const test = suite<{ s: TestServer; doc: Doc; text: string }>('OpenAPI document', {} as never);
test.before(async (c) => {
  c.s = await startTestServer();
  c.text = (await c.s.app.inject('/prod-api/openapi.json')).body;
  c.doc = JSON.parse(c.text) as Doc;
});
test.after(async (c) => {
  await c.s.close();
});

/** Every schema of every operation and component, with where it sits. */
function* schemas(doc: Doc): Generator<[string, Schema]> {
  function* walk(where: string, schema: Schema): Generator<[string, Schema]> {
    yield [where, schema];
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      const list = schema[key] as Schema[] | undefined;
      for (const [i, child] of (list ?? []).entries()) yield* walk(`${where}.${key}[${i}]`, child);
    }
    for (const key of ['items', 'not'] as const) {
      if (schema[key] && typeof schema[key] === 'object') yield* walk(`${where}.${key}`, schema[key] as Schema);
    }
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      yield* walk(`${where}.additionalProperties`, schema.additionalProperties as Schema);
    }
    for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) yield* walk(`${where}.${name}`, child);
  }
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const p of op.parameters ?? []) yield* walk(`${at} ${p.in} ${p.name}`, p.schema);
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) yield* walk(`${at} body(${type})`, media.schema);
      for (const [status, res] of Object.entries(op.responses ?? {})) {
        for (const [type, media] of Object.entries(res.content ?? {})) yield* walk(`${at} ${status}(${type})`, media.schema);
      }
    }
  }
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) yield* walk(`components.${name}`, schema);
}

/** The inputs a client sends: query, path and header parameters, and JSON body properties. */
function* inputs(doc: Doc): Generator<[string, Schema]> {
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const p of op.parameters ?? []) yield [`${at} ${p.in} ${p.name}`, p.schema];
      const body = op.requestBody?.content['application/json']?.schema;
      for (const [name, schema] of Object.entries((body?.properties ?? {}) as Record<string, Schema>)) yield [`${at} body ${name}`, schema];
    }
  }
}

test('a standard validator accepts the document as OpenAPI 3.0', async ({ text }) => {
  const doc = JSON.parse(text) as Doc;
  assert.match(doc.openapi, /^3\.0\./);
  try {
    await SwaggerParser.validate(JSON.parse(text));
  } catch (e) {
    assert.unreachable(`invalid OpenAPI: ${(e as Error).message.slice(0, 2000)}`);
  }
});

test('schemas carry only OpenAPI keywords and x- extensions (no errorMessage, examples, const, $id)', ({ doc }) => {
  let seen = 0;
  for (const [where, schema] of schemas(doc)) {
    seen++;
    for (const key of Object.keys(schema)) {
      assert.ok(SCHEMA_KEYWORDS.has(key) || key.startsWith('x-'), `${where}: "${key}" is not an OpenAPI 3.0 schema keyword`);
    }
  }
  assert.ok(seen > 100, `walked ${seen} schemas`);
});

test('the upload states its multipart form, so a generated client can call it', ({ doc }) => {
  const form = doc.paths['/prod-api/common/oss/upload']?.post?.requestBody?.content['multipart/form-data']?.schema;
  assert.ok(form, 'multipart/form-data body documented');
  assert.equal(form!.required, ['file']);
  assert.equal((form!.properties as Record<string, Schema>).file, { type: 'string', format: 'binary', description: 'PNG, JPEG or WebP image, at most 5 MB and 25 megapixels' });
});

test('the readable reasons travel as x-error', ({ doc }) => {
  const size = doc.paths['/prod-api/h5/symbol/getHistoryKline']?.get?.parameters?.find((p) => p.name === 'size');
  assert.is(size?.schema['x-error'], 'must be a whole number from 1 to 500');
});

test('every numeric input states minimum and maximum, every text input a maxLength', ({ doc }) => {
  let numbers = 0;
  for (const [where, schema] of inputs(doc)) {
    if (schema.type === 'integer' || schema.type === 'number') {
      numbers++;
      assert.type(schema.minimum, 'number', `${where}: minimum`);
      assert.type(schema.maximum, 'number', `${where}: maximum`);
      if (/\b(id|playId)$/i.test(where)) assert.ok((schema.maximum as number) <= 2147483647, `${where}: an id fits 32 bits`);
      if (/pageNum$/.test(where)) assert.ok((schema.maximum as number) <= 100000, `${where}: page ≤ 100000`);
      if (/pageSize$/.test(where)) assert.ok((schema.maximum as number) <= 100, `${where}: page size ≤ 100`);
    }
    if (schema.type === 'string' && !schema.enum && schema.format !== 'binary') {
      assert.type(schema.maxLength, 'number', `${where}: maxLength`);
    }
  }
  assert.ok(numbers >= 6, `checked ${numbers} numeric inputs`);
});

test.run();
