/**
 * Each operation documents the error keys it can answer, by HTTP status, so a partner's generated
 * client can switch on them. The list cannot drift: every server test's refusal is checked against
 * it (answer-check.ts), and the statuses here against every `new AppError(status, 'key'…)` in the
 * server's source.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { ERROR_STATUS } from '../../server/openapi/error-keys.ts';
import { AnswerCheck, documentedKeys } from './answer-check.ts';
import { startTestServer, type TestServer } from './harness.ts';

type Schema = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
}

/** Keys only the operator API (admin port) answers: not part of the published document. */
const OPERATOR_ONLY = new Set(['backup.postgres', 'config.httpsOnly', 'config.unknownKey', 'deposit.reviewed', 'operator.key', 'review.reason', 'user.notFound', 'withdrawal.move']);

const test = suite<{ s: TestServer; doc: Doc }>('error keys per operation', {} as never);
test.before(async (c) => {
  c.s = await startTestServer();
  c.doc = (await c.s.app.inject('/prod-api/openapi.json')).json() as Doc;
});
test.after(async (c) => {
  await c.s.close();
});

const keysOf = (doc: Doc, method: string, route: string, status: number) =>
  documentedKeys(doc.paths[route]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema);

test('an operation lists its own rules and what every such operation can answer, by status', ({ doc }) => {
  const order = (status: number) => keysOf(doc, 'post', '/prod-api/h5/order/saveContactOrder', status);
  assert.ok(order(400).includes('order.amountMin') && order(400).includes('field.invalid') && order(400).includes('idempotency.key'));
  assert.equal(order(401), ['auth.expired']);
  assert.ok(order(409).includes('balance.insufficient') && order(409).includes('idempotency.mismatch') && order(409).includes('order.price'));
  assert.equal(keysOf(doc, 'post', '/prod-api/login', 429), ['rate.limited']);
  // A public read with no input of its own answers none of the session or money refusals.
  assert.equal(keysOf(doc, 'get', '/prod-api/common/config/list', 401), []);
  assert.equal(keysOf(doc, 'get', '/prod-api/common/config/list', 409), []);
  assert.ok(keysOf(doc, 'get', '/prod-api/common/rateBySymbol', 404).includes('rate.notFound'));
});

test('the key travels as an enum a generated client can switch on, inside the envelope', ({ doc }) => {
  const schema = doc.paths['/prod-api/h5/expenses/submitExpenses']!.post!.responses['409']!.content!['application/json']!.schema;
  assert.equal((schema.allOf as Schema[])[0], { $ref: '#/components/schemas/Error' });
  assert.ok(documentedKeys(schema).includes('balance.insufficient'));
});

test('the answer check refuses a key the operation does not document, and takes one it does', ({ doc }) => {
  const check = new AnswerCheck(doc as never);
  const answer = (status: number, key: string) =>
    ({ statusCode: status, headers: { 'content-type': 'application/json' }, body: '', json: () => ({ code: status, msg: 'x', key, data: null }) }) as unknown as LightMyRequestResponse;
  check.check('GET', '/prod-api/h5/user/walletBill', answer(401, 'auth.expired'));
  assert.throws(() => check.check('GET', '/prod-api/h5/user/walletBill', answer(409, 'order.price')), /does not list/);
  assert.throws(() => check.check('POST', '/prod-api/h5/order/saveContactOrder', answer(400, 'balance.insufficient')), /does not list/);
});

/** `new AppError(400, 'key'` in the server's source, with where. */
function thrownKeys(): { key: string; status: number; file: string }[] {
  const out: { key: string; status: number; file: string }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) {
        for (const m of readFileSync(p, 'utf8').matchAll(/AppError\(\s*(\d{3}),\s*'([A-Za-z.]+)'/g)) out.push({ key: m[2]!, status: Number(m[1]), file: p });
      }
    }
  };
  walk('server');
  return out;
}

test('every key the server throws is in the table with the status it is thrown with', () => {
  const thrown = thrownKeys();
  assert.ok(thrown.length > 60, `found ${thrown.length}`);
  for (const { key, status, file } of thrown) {
    if (OPERATOR_ONLY.has(key) || key === 'http.methodNotAllowed') continue;
    assert.is(ERROR_STATUS[key as keyof typeof ERROR_STATUS], status, `${key} thrown with ${status} in ${file}`);
  }
});

test.run();
