/**
 * Schemas as @fastify/swagger and TypeBox write them → as OpenAPI 3.0 says them and generators read
 * them: nulls, `const`, the success envelope, and titled objects hoisted into named components.
 */
export type Schema = Record<string, unknown>;

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
export const NULL_ONLY: Schema = { type: 'object', nullable: true, maxProperties: 0, description: 'always null' };
const isNullSchema = (s: Schema) => s.type === 'null' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null);

export function normalizeNulls(value: unknown): unknown {
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
export const envelopeOf = (data: Schema): Schema => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', enum: [200] },
    msg: { type: 'string', description: 'English text of the outcome' },
    data,
  },
});

/** `data` of a route's 200 schema: the error half of `answer()` is gone now that errors have their own statuses. */
export function successData(schema: Schema): Schema {
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

/** Object schemas with a `title` become named components; every use becomes a `$ref`. */
export function hoist(schema: Schema, components: Record<string, Schema>): Schema {
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
