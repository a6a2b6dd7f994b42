/**
 * The push socket's AsyncAPI document (`/prod-api/asyncapi.json`): valid by the official AsyncAPI
 * 3.0 JSON Schema, listing every push code, and describing the frames a real socket exchanges:
 * each frame the server sends and each one the app sends matches a message of the document.
 */
import { createRequire } from 'node:module';
import Ajv, { type ValidateFunction } from 'ajv';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { PUSH_CODES } from '../../src/shared/contract.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { KEY_HEADER } from '../../server/operator/api/key.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { TestSocket } from './ws-client.ts';

const require = createRequire(import.meta.url);
const KEY = 'k'.repeat(32);

interface Message {
  name: string;
  summary: string;
  contentType: string;
  payload: Record<string, unknown>;
}
interface Doc {
  asyncapi: string;
  channels: { push: { address: string; messages: Record<string, { $ref: string }> } };
  operations: Record<string, { action: string; messages: { $ref: string }[] }>;
  components: { messages: Record<string, Message> };
}

interface Ctx {
  s: TestServer;
  admin: Awaited<ReturnType<typeof buildAdminApp>>;
  doc: Doc;
  url: string;
  validators: Map<string, ValidateFunction>;
  sockets: TestSocket[];
}
const test = suite<Ctx>('AsyncAPI document of the push socket', { sockets: [] } as unknown as Ctx);
test.before(async (c) => {
  c.s = await startTestServer();
  c.admin = await buildAdminApp(c.s.ctx, { key: KEY });
  const res = await c.s.app.inject('/prod-api/asyncapi.json');
  assert.is(res.statusCode, 200);
  c.doc = res.json() as Doc;
  await c.s.app.listen({ port: 0, host: '127.0.0.1' });
  c.url = `ws://127.0.0.1:${(c.s.app.server.address() as { port: number }).port}${c.doc.channels.push.address}`;
  const ajv = new Ajv({ strict: false });
  c.validators = new Map(Object.entries(c.doc.components.messages).map(([name, m]) => [name, ajv.compile(m.payload)]));
});
test.after(async (c) => {
  for (const socket of c.sockets) socket.close();
  await c.admin.close();
  await c.s.close();
});

/** The names of the document's messages a frame matches (JSON frames parsed, text frames as they are). */
function matches(c: Ctx, frame: string): string[] {
  let value: unknown = frame;
  if (frame.startsWith('{')) value = JSON.parse(frame);
  return [...c.validators].filter(([name, validate]) => {
    const json = c.doc.components.messages[name]!.contentType === 'application/json';
    return json === (typeof value === 'object') && validate(value);
  }).map(([name]) => name);
}

async function open(c: Ctx): Promise<TestSocket> {
  const socket = await TestSocket.open(c.url);
  c.sockets.push(socket);
  return socket;
}

test('a standard validator accepts the document as AsyncAPI 3.0', ({ doc }) => {
  const schema = require('@asyncapi/specs/schemas/3.0.0-without-$id.json') as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  const validate = ajv.compile(schema);
  assert.ok(validate(doc), JSON.stringify(validate.errors?.slice(0, 3)));
  assert.is(doc.asyncapi, '3.0.0');
});

test('the document names the socket’s real address and every push code', ({ doc }) => {
  assert.is(doc.channels.push.address, '/prod-api/ws');
  const sent = doc.operations.sendPush!.messages.map((m) => m.$ref.split('/').at(-1));
  assert.equal(sent.sort(), PUSH_CODES.map((code) => `push_${code}`).sort());
});

test('the frames of a real connection match the document: auth, ready, ping, pong', async (c) => {
  const { token } = await c.s.register();
  const socket = await open(c);
  const auth = JSON.stringify({ type: 'auth', token });
  assert.equal(matches(c, auth), ['auth'], 'what the app sends first');
  socket.send(auth);
  const ready = await socket.next();
  assert.equal(matches(c, ready), ['ready'], ready);
  assert.equal(matches(c, 'ping'), ['ping']);
  socket.send('ping');
  const pong = await socket.next();
  assert.equal(matches(c, pong), ['pong'], pong);
});

test('the pushes a real socket gets match their code’s message, data included', async (c) => {
  const { token, username } = await c.s.register();
  const socket = await open(c);
  socket.send(JSON.stringify({ type: 'auth', token }));
  await socket.next();
  const operator = (url: string, payload: object) =>
    c.admin.inject({ method: 'POST', url: `/admin${url}`, headers: { [KEY_HEADER]: KEY }, payload });
  assert.is((await operator('/mask', { username, on: true })).statusCode, 200);
  assert.is((await operator('/ask-code', { username, verificationType: 'email' })).statusCode, 200);
  assert.is((await operator('/balance', { username, amount: '+5', reason: 'test' })).statusCode, 200);
  assert.is((await operator('/message', { username, content: 'Hello' })).statusCode, 200);
  const seen: string[] = [];
  for (let i = 0; i < 4; i++) {
    const frame = await socket.next();
    const code = (JSON.parse(frame) as { code: string }).code;
    assert.equal(matches(c, frame), [`push_${code}`], frame);
    seen.push(code);
  }
  assert.equal(seen.sort(), ['balance', 'input', 'is_order', 'mes']);
  // A payload the document does not describe would not match.
  assert.equal(matches(c, JSON.stringify({ code: 'is_order', data: { is_order: 'yes' } })), []);
});

test('a refusal frame matches the error message, and the close code is the documented one', async (c) => {
  const socket = await open(c);
  socket.send(JSON.stringify({ type: 'hello' }));
  const refusal = await socket.next();
  assert.equal(matches(c, refusal), ['error'], refusal);
  assert.is((await socket.closed).code, 4001);
  assert.match(c.doc.components.messages.error!.summary, '4001');
});

test.run();
