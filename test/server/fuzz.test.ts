/**
 * Generated bad input over every operation the OpenAPI document lists (query, path, JSON body,
 * raw bodies of the wrong shape or type, multipart), with and without a token. Whatever arrives,
 * the answer is an envelope the app can translate, never a server error, a stack trace or a path
 * of ours, and the server keeps answering. `FUZZ_SEED=<n>` replays a run; `FUZZ_RUNS` sets its size.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope, UserInfo } from '../../src/shared/contract.ts';
import { createSession, userIdFromToken } from '../../server/auth/session.ts';
import en from '../../locales/en.json' with { type: 'json' };
import { startTestServer, statusFor, type TestServer } from './harness.ts';
import { PNG, bindBank, member, recharge, upload, type Member } from './money-fixtures.ts';
import { enumOf, operations, type Input, type Op, type OpenApiDoc, type Schema } from './openapi-ops.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? (Date.now() ^ (Math.random() * 2 ** 31)) | 0);
const ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');

/** Things no answer may carry: a stack frame, a source file with its line, our folders. */
const LEAKS: RegExp[] = [
  /\n\s+at /,
  /\bat [\w.<>]+ \(/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /node_modules/,
  new RegExp(ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  /\b(?:TypeError|ReferenceError|RangeError)\b/,
  /\[object Object\]/,
];

/** Reasons a feature words beside the locale file (src/i18n/feature-words.ts), as flat `err.<key>`. */
const featureReasons: Record<string, string> = Object.assign(
  {},
  ...readdirSync('locales')
    .filter((f) => existsSync(`locales/${f}/en.json`))
    .map((f) => JSON.parse(readFileSync(`locales/${f}/en.json`, 'utf8')) as Record<string, string>),
);

const hasText = (key: string) => {
  if (featureReasons[`err.${key}`]) return true;
  const text = key.split('.').reduce<unknown>((tree, part) => (tree as Record<string, unknown> | undefined)?.[part], en.err);
  // A text that counts is one form per plural category; English has at least `other`.
  const form = text && typeof text === 'object' ? (text as Record<string, unknown>).other : text;
  return typeof form === 'string' && form.length > 0;
};

// ---- values ----

const HOSTILE_TEXT = [
  '', ' ', 'a\u0000b', '\u0000', '\uD800', 'x\uDFFFy', '\uFEFF100', '١٢٣', '１００', '\u202Eevil', '💥'.repeat(40), 'e\u0301\u0301\u0301',
  '\u2028\u2029', 'Infinity', '-Infinity', 'NaN', '1e309', '-1e309', '-0', '0x1F', '1_000', ' 100 ', '100\n', '1.', '.5', '00001',
  '9'.repeat(400), '../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%00', '%E0%A4%A', '<script>alert(1)</script>', "' OR 1=1 --",
  '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'prototype', 'null', 'undefined', 'true', '[]', '{}', '\\', '/', '//evil.example/x.png',
  'javascript:alert(1)', 'data:image/png;base64,AAAA', '\r\nSet-Cookie: x=1',
];

/** Numbers just outside, at, and far beyond a numeric schema's bounds, plus the non-finite ones as text. */
function edgeNumbers(s: Schema): fc.Arbitrary<unknown> {
  const min = s.minimum ?? 0;
  const max = s.maximum ?? 2 ** 31 - 1;
  return fc.constantFrom<unknown>(min - 1, min, max, max + 1, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1.5, -0, 1e308, '1e309', 'NaN', String(max + 1), `${min}.5`);
}

/** A plausible value from the schema: its type, bounds, enum or pattern. */
function schemaValue(s: Schema): fc.Arbitrary<unknown> {
  const values = enumOf(s);
  if (values) return fc.constantFrom(...values);
  switch (s.type) {
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER), max: Math.min(s.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(s.items ? schemaValue(s.items) : fc.string(), { maxLength: Math.min(s.maxItems ?? 5, 5) });
    case 'string': {
      const max = s.maxLength ?? 64;
      if (!s.pattern) return fc.string({ minLength: s.minLength ?? 0, maxLength: max, unit: 'grapheme' });
      const re = new RegExp(s.pattern);
      // fast-check cannot generate lookarounds: drop them, keep only what the full pattern accepts.
      const loose = new RegExp(s.pattern.replace(/\(\?[=!][^)]*\)/g, ''));
      const matching = fc.stringMatching(loose).filter((v) => re.test(v) && v.length <= max);
      return s.example === undefined ? matching : fc.oneof(fc.constant(s.example), matching);
    }
    default:
      return fc.constant(s.example ?? s.default ?? null);
  }
}

const nested = (depth: number, inner: unknown = 1): unknown => {
  let v = inner;
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

/** A wrong value of any kind, or another user's id. */
function hostileValue(s: Schema, ids: unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 2, arbitrary: edgeNumbers(s) },
    { weight: 2, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.constantFrom(5_000, 70_000, 1_100_000).map((n) => 'x'.repeat(n)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, [], {}, ['a', 'b'], { $gt: '' }, { toString: 'x' }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2000 }).map((d) => nested(d)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

const inputValue = (input: Input, ids: unknown[]) =>
  fc.oneof({ weight: 3, arbitrary: schemaValue(input.schema) }, { weight: 2, arbitrary: hostileValue(input.schema, ids) });

// ---- requests ----

type Auth = 'mine' | 'none' | 'other' | 'garbage' | 'bearer';
type Body =
  | { kind: 'json' }
  | { kind: 'text'; contentType: string | undefined; text: string }
  | { kind: 'truncated'; at: number }
  | { kind: 'proto'; key: '__proto__' | 'constructor' }
  | { kind: 'multipart'; parts: Array<{ field: string; bytes: 'png' | 'random' | 'empty' | 'text'; name: string }>; cut: number | null };

interface Case {
  op: Op;
  method: string;
  auth: Auth;
  garbage: string;
  values: Record<string, unknown>;
  extraQuery: Array<[string, string]>;
  body: Body;
}

const RAW_BODIES: fc.Arbitrary<Body> = fc.record({
  kind: fc.constant('text' as const),
  contentType: fc.constantFrom(
    'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x',
    'application/xml', 'application/json; charset=utf-16', 'application/json; charset=latin1', ';;;', '*/*', undefined,
  ),
  text: fc.constantFrom(
    '', '{', '{"a":', '{"a":1,}', '{"a":1} trailing', '\uFEFF{}', 'null', 'true', '42', '"text"', '[]', '[1,2,3]', 'a=1&b=2',
    '\u0000', '{"a":"\\u0000"}', '{"a":1e309}', '{"a":1,"a":2}', '[' .repeat(5000) + ']'.repeat(5000), '{"a":' + '['.repeat(20000),
    '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nAAAA', 'x'.repeat(1_100_000),
  ),
});

const MULTIPART: fc.Arbitrary<Body> = fc.record({
  kind: fc.constant('multipart' as const),
  parts: fc.array(
    fc.record({
      field: fc.constantFrom('file', 'image', '__proto__', 'a'.repeat(300)),
      bytes: fc.constantFrom('png' as const, 'random' as const, 'empty' as const, 'text' as const),
      name: fc.constantFrom('a.png', '../../etc/passwd', '', 'a\u0000.png', 'x'.repeat(500), 'évil.png'),
    }),
    { minLength: 0, maxLength: 3 },
  ),
  cut: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
});

/** Cases spread evenly over the operations; each operation's arbitrary is built once. */
function caseOf(ops: Op[], ids: unknown[]): fc.Arbitrary<Case> {
  return fc.oneof(...ops.map((op) => opCase(op, ids)));
}

function opCase(op: Op, ids: unknown[]): fc.Arbitrary<Case> {
  const values = Object.fromEntries(
    op.inputs.map((input) => [`${input.where}:${input.name}`, fc.option(inputValue(input, ids), { freq: input.required ? 8 : 3, nil: undefined })]),
  );
  const hasBody = op.method !== 'GET';
  return fc.record({
    op: fc.constant(op),
    method: fc.oneof({ weight: 19, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') }),
    auth: fc.constantFrom<Auth>('mine', 'mine', 'none', 'other', 'garbage', 'bearer'),
    garbage: fc.oneof(fc.string({ maxLength: 80 }).map((v) => v.replace(/[^\x20-\x7e]/g, '')), fc.constant('x'.repeat(9000))),
    values: fc.record(values),
    extraQuery: fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'pageNum', 'a[b]', 'toString', ''), fc.constantFrom(...HOSTILE_TEXT)), { maxLength: 2 }),
    body: hasBody
      ? fc.oneof(
          { weight: 8, arbitrary: fc.constant<Body>({ kind: 'json' }) },
          { weight: 2, arbitrary: fc.integer({ min: 0, max: 200 }).map<Body>((at) => ({ kind: 'truncated', at })) },
          { weight: 1, arbitrary: fc.constantFrom<Body>({ kind: 'proto', key: '__proto__' }, { kind: 'proto', key: 'constructor' }) },
          { weight: 2, arbitrary: RAW_BODIES },
          { weight: op.jsonBody ? 1 : 4, arbitrary: MULTIPART },
        )
      : fc.oneof({ weight: 9, arbitrary: fc.constant<Body>({ kind: 'json' }) }, { weight: 1, arbitrary: RAW_BODIES }),
  });
}

async function multipartBody(body: Extract<Body, { kind: 'multipart' }>): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const part of body.parts) {
    const bytes =
      part.bytes === 'png' ? PNG : part.bytes === 'random' ? Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 73) % 256)) : part.bytes === 'text' ? Buffer.from('not an image') : Buffer.alloc(0);
    form.append(part.field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), part.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return { payload: body.cut === null ? payload : payload.subarray(0, body.cut), contentType: request.headers.get('content-type')! };
}

const queryText = (value: unknown): string[] =>
  Array.isArray(value) && value.length && value.every((v) => typeof v !== 'object') ? value.map(String) : [typeof value === 'string' ? value : JSON.stringify(value) ?? ''];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encodes as a client would; a lone surrogate goes out as the bytes UTF-8 forbids for it. */
const encode = (v: string) => {
  if (/^%[0-9A-F]/.test(v)) return v;
  try {
    return encodeURIComponent(v);
  } catch {
    return `${encodeURIComponent(v.replace(LONE_SURROGATE, ''))}%ED%A0%80`;
  }
};

/** The case in one readable line, long values cut. */
const describe = (c: Case): string => {
  try {
    return JSON.stringify({ ...c, op: `${c.op.method} ${c.op.path}` }, (_, v: unknown) =>
    typeof v === 'string' && v.length > 60 ? `${v.slice(0, 40)}…(${v.length} chars)` : v,
    );
  } catch {
    return `${c.op.method} ${c.op.path} with a value nested too deep to print`;
  }
};

// ---- the run ----

const test = suite<{ s: TestServer; ops: Op[]; a: Member; b: Member; ids: unknown[] }>('generated bad input', {} as never);

test.before(async (c) => {
  c.s = await startTestServer();
  c.ops = operations(JSON.parse((await c.s.app.inject('/prod-api/openapi.json')).body) as OpenApiDoc);
  c.a = await member(c.s, '1000');
  c.b = await member(c.s, '1000');
  // B's rows, so generated ids include ones that exist but are not A's.
  const proof = await upload(c.s, c.b.token);
  const card = await bindBank(c.s, c.b);
  const channels = (await c.s.call<Array<{ id: number }>>('GET', '/h5/recharge/getPayChanelList', { token: c.b.token })).data;
  const deposit = await recharge(c.s, c.b, { channelId: channels[0]!.id, amount: '100', proofImage: proof.url });
  assert.is(deposit.code, 200, deposit.msg);
  c.ids = [card.id, String(card.id), proof.name, proof.url, deposit.data.orderNo, c.b.userId, `m${card.id}`, 'n1', c.b.username];
});
test.after(async (c) => {
  await c.s.close();
});

let ipCount = 0;
const nextIp = () => `10.77.${(++ipCount >> 8) & 255}.${ipCount & 255}`;

async function send(c: { s: TestServer; a: Member; b: Member }, k: Case) {
  const query: Array<[string, string]> = [];
  const pathValues: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  for (const input of k.op.inputs) {
    const value = k.values[`${input.where}:${input.name}`];
    if (value === undefined) continue;
    if (input.where === 'query') for (const v of queryText(value)) query.push([input.name, v]);
    else if (input.where === 'path') pathValues[input.name] = queryText(value)[0]!;
    else body[input.name] = value;
  }
  for (const [name, value] of k.extraQuery) query.push([name, value]);
  const search = query.map(([n, v]) => `${encode(n)}=${encode(v)}`).join('&');
  const headers: Record<string, string> = {};
  if (k.auth === 'mine') headers.authorization = c.a.token;
  if (k.auth === 'other') headers.authorization = c.b.token;
  if (k.auth === 'bearer') headers.authorization = `Bearer ${c.a.token}`;
  if (k.auth === 'garbage') headers.authorization = k.garbage;
  let payload: string | Buffer | undefined;
  const json = JSON.stringify(body);
  switch (k.body.kind) {
    case 'json':
      if (k.method !== 'GET' && k.method !== 'HEAD') [payload, headers['content-type']] = [json, 'application/json'];
      break;
    case 'truncated':
      [payload, headers['content-type']] = [json.slice(0, Math.min(k.body.at, Math.max(0, json.length - 1))), 'application/json'];
      break;
    case 'proto':
      [payload, headers['content-type']] = [`{"${k.body.key}":{"prototype":{"admin":true},"admin":true},${json.slice(1)}`, 'application/json'];
      break;
    case 'text':
      payload = k.body.text;
      if (k.body.contentType) headers['content-type'] = k.body.contentType;
      break;
    case 'multipart': {
      const form = await multipartBody(k.body);
      [payload, headers['content-type']] = [form.payload, form.contentType];
      break;
    }
  }
  return c.s.app.inject({
    method: k.method as 'GET',
    url: `${k.op.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(pathValues[name] ?? ''))}${search ? `?${search}` : ''}`,
    headers,
    remoteAddress: nextIp(),
    ...(payload !== undefined ? { payload } : {}),
  });
}

test(`${RUNS} generated requests over every operation: envelopes with a translatable reason, no 5xx, no stack or path`, async (c) => {
  console.log(`  fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${RUNS} runs over ${c.ops.length} operations`);
  const seen = new Set<string>();
  const codes = new Map<number, number>();
  const started = Date.now();
  const out = await fc.check(
    fc.asyncProperty(caseOf(c.ops, c.ids), async (k) => {
      const res = await send(c, k);
      const fail = (why: string) => assert.unreachable(`${why}\n  case: ${describe(k)}\n  answer: HTTP ${res.statusCode} ${res.body.slice(0, 500)}`);
      if (res.statusCode >= 500) fail('a server error');
      for (const leak of LEAKS) if (leak.test(res.body)) fail(`the answer carries ${leak}`);
      const type = String(res.headers['content-type'] ?? '');
      if (k.method === 'HEAD') return;
      if (!type.startsWith('application/json')) {
        // Only a stored image itself comes back as bytes.
        if (res.statusCode !== 200 || !type.startsWith('image/')) fail(`${type} is not an envelope`);
        return;
      }
      const envelope = res.json() as Envelope<unknown>;
      if (res.statusCode !== statusFor(envelope.code)) fail(`code ${envelope.code} travels as HTTP ${res.statusCode}`);
      if (typeof envelope.code !== 'number' || envelope.code >= 500) fail('an envelope with a 2xx-4xx code');
      if (typeof envelope.msg !== 'string' || !envelope.msg.trim()) fail('an envelope with a message');
      if (envelope.code !== 200 && !(envelope.key && hasText(envelope.key))) fail(`refusal key "${envelope.key}" has no English text`);
      codes.set(envelope.code, (codes.get(envelope.code) ?? 0) + 1);
      seen.add(`${k.op.method} ${k.op.path}`);
      // A case that logged A or B out must not turn the rest into token-less ones.
      if (envelope.code === 401 && k.auth !== 'none' && k.auth !== 'garbage') {
        for (const m of [c.a, c.b]) {
          if ((await userIdFromToken(c.s.ctx.db, m.token, c.s.clock.now())) === null) m.token = await createSession(c.s.ctx, c.s.ctx.db, m.userId);
        }
      }
    }),
    { seed: SEED, numRuns: RUNS },
  );
  if (out.failed) {
    const error = out.errorInstance as Error | undefined;
    assert.unreachable(`${error?.message ?? out.errorInstance}\n  smallest failing case: ${describe(out.counterexample![0])}\n  replay: FUZZ_SEED=${SEED} (path ${out.counterexamplePath})`);
  }
  console.log(`  ${RUNS} requests in ${Date.now() - started} ms; envelope codes ${JSON.stringify(Object.fromEntries([...codes].sort((x, y) => x[0] - y[0])))}`);
  assert.ok(seen.size >= c.ops.length * 0.9, `reached ${seen.size} of ${c.ops.length} operations`);
});

test('after the run the server still answers, and A and B still have their accounts', async (c) => {
  assert.is((await c.s.call('GET', '/common/config/list')).code, 200);
  const token = await createSession(c.s.ctx, c.s.ctx.db, c.b.userId);
  const info = await c.s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token });
  assert.equal([info.code, info.data.userId], [200, c.b.userId]);
  assert.is((await c.s.call('POST', '/login', { body: { username: c.b.username, password: 'glass-river-58' }, ip: '10.78.0.1' })).code, 200, 'B still logs in with the password B chose');
});

test.run();
