/**
 * Walks every operation the OpenAPI document publishes, so routes added later are walked too.
 * The server runs in its own process: a request that blocks its event loop cannot also stop this
 * test's clock, and "the server still answers" means another client is still served.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope } from '../../src/shared/contract.ts';
import { preparedDataDir } from './data-dir.ts';
import { isNumeric, operations, validValue, type Input, type Op, type OpenApiDoc } from './openapi-ops.ts';
import { serverArgs } from './server-process.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BAD_NUMBERS = ['1e309', 'Infinity', 'NaN', '-1', '2147483648', '1e20'];
const ANSWER_MS = 1000;

const test = suite<{ url: string; token: string; ops: Op[] }>('every operation, bad input', {} as never);
let child: ChildProcess | undefined;
let dataDir = '';

test.before(async (c) => {
  dataDir = await preparedDataDir('tl-walk-');
  const proc = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'no-dist'), LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let log = '';
  c.url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 90_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /trade-lite on http:\/\/localhost:(\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    proc.stdout!.on('data', read);
    proc.stderr!.on('data', read);
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
  });
  const reg = (await (
    await fetch(`${c.url}/prod-api/h5/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'walker123', password: 'glass-river-58' }),
    })
  ).json()) as Envelope<string>;
  assert.is(reg.code, 200, reg.msg);
  c.token = reg.data;
  c.ops = operations((await (await fetch(`${c.url}/prod-api/openapi.json`)).json()) as OpenApiDoc);
});

test.after(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    // A server stuck in a loop never runs its SIGTERM handler.
    const stuck = setTimeout(() => child!.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(stuck);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends one operation with every input valid except `bad` (raw JSON text for a body value). */
async function send(c: { url: string; token: string }, op: Op, input: Input, raw: string, asJsonNumber = false) {
  let route = op.path;
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  let bodyText = '';
  for (const other of op.inputs) {
    if (other === input) continue;
    if (!other.required && !isNumeric(other.schema)) continue;
    const value = validValue(other.schema);
    if (value === undefined) continue;
    if (other.where === 'query') query.set(other.name, String(value));
    else if (other.where === 'path') route = route.replace(`{${other.name}}`, encodeURIComponent(String(value)));
    else body[other.name] = value;
  }
  if (input.where === 'query') query.set(input.name, raw);
  else if (input.where === 'path') route = route.replace(`{${input.name}}`, encodeURIComponent(raw));
  else {
    const text = JSON.stringify(body);
    const value = asJsonNumber ? raw : JSON.stringify(raw);
    bodyText = `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${JSON.stringify(input.name)}:${value}}`;
  }
  const hasBody = op.method !== 'GET' && op.method !== 'HEAD';
  const started = Date.now();
  const res = await fetch(`${c.url}${route}${query.size ? `?${query}` : ''}`, {
    method: op.method,
    headers: { ...(op.auth ? { authorization: c.token } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { body: bodyText || JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(ANSWER_MS * 5),
  });
  const envelope = (await res.json()) as Envelope<unknown>;
  return { status: res.status, envelope, ms: Date.now() - started };
}

async function stillAnswering(url: string, what: string) {
  const res = await fetch(`${url}/prod-api/common/config/list`, { signal: AbortSignal.timeout(ANSWER_MS) });
  assert.is(((await res.json()) as Envelope<unknown>).code, 200, `the server still answers others after ${what}`);
}

test('every numeric input of every operation refuses 1e309, Infinity, NaN, -1, 2147483648, 1e20 within 1 s', async (c) => {
  const walked: string[] = [];
  for (const op of c.ops) {
    for (const input of op.inputs.filter((i) => isNumeric(i.schema))) {
      const forms = input.where === 'body' ? [false, true] : [false];
      for (const bad of BAD_NUMBERS) {
        for (const asJsonNumber of forms) {
          // JSON has no Infinity or NaN literal; 1e309 parses to Infinity.
          if (asJsonNumber && !/^-?\d/.test(bad)) continue;
          const what = `${op.method} ${op.path} ${input.name}=${bad}${asJsonNumber ? ' (JSON number)' : ''}`;
          const { status, envelope, ms } = await send(c, op, input, bad, asJsonNumber);
          assert.is(status, envelope.code, `${what}: the HTTP status is the envelope's code`);
          assert.ok(envelope.code >= 400 && envelope.code < 500, `${what}: refused with a 400-class code, got ${envelope.code} ${envelope.key} ${envelope.msg}`);
          if (envelope.key?.startsWith('field.')) assert.is(envelope.params?.field, input.name, `${what}: the message names the input`);
          assert.ok(ms < ANSWER_MS, `${what}: answered in ${ms} ms`);
        }
        walked.push(`${op.path} ${input.name}`);
      }
      await stillAnswering(c.url, `${op.method} ${op.path} ${input.name}`);
    }
  }
  for (const expected of ['/prod-api/h5/symbol/getHistoryKline size', '/prod-api/h5/order/saveContactOrder playId', '/prod-api/h5/user/walletBill pageNum']) {
    assert.ok(walked.includes(expected), `walked ${expected}`);
  }
});

test('a NUL character in any text input of any operation is refused with field.nul', async (c) => {
  let walked = 0;
  for (const op of c.ops) {
    for (const input of op.inputs.filter((i) => i.schema.type === 'string' && !i.schema.enum)) {
      const what = `${op.method} ${op.path} ${input.name}`;
      const { envelope } = await send(c, op, input, 'a\u0000b');
      assert.equal([envelope.code, envelope.key, envelope.params?.field], [400, 'field.nul', input.name], what);
      walked++;
    }
  }
  assert.ok(walked >= 20, `walked ${walked} text inputs`);
  await stillAnswering(c.url, 'NUL characters');
});

test.run();
