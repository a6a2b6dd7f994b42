/** One JSON line per request, with the id the client gets back, and no secret on any line. */
import { Writable } from 'node:stream';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Db } from '../../server/db/client.ts';
import { until } from '../until.ts';
import { startTestServer, type TestServer } from './harness.ts';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  route?: string;
  method?: string;
  status?: number;
  ms?: number;
}

const test = suite<{ s: TestServer; lines: string[] }>('request log', {} as never);
test.before(async (c) => {
  c.lines = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      c.lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  c.s = await startTestServer({}, { logger: { level: 'info', stream } });
});
test.after(async (c) => {
  await c.s.close();
});

const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Line);

/**
 * The lines of request `id`, once its request line is there: it is written when the answer has gone
 * out, which may be after inject resolves, and after any error line of the same request.
 */
const linesOf = (lines: string[], id: unknown) =>
  until(`the request line of ${String(id)}`, () => {
    const mine = parsed(lines).filter((l) => l.reqId === id);
    return mine.some((l) => l.msg === 'request') && mine;
  });

test('one line per request: route pattern, method, status, time and the id sent back as X-Request-Id', async (c) => {
  c.lines.length = 0;
  const res = await c.s.app.inject({ url: '/prod-api/common/avatar/2.svg' });
  const id = res.headers['x-request-id'];
  assert.match(String(id), /^[0-9a-f]{12}$/);
  const mine = await linesOf(c.lines, id);
  assert.is(mine.length, 1, c.lines.join('\n'));
  const [line] = mine;
  assert.equal([line!.msg, line!.method, line!.route, line!.status], ['request', 'GET', '/prod-api/common/avatar/:n', 200]);
  assert.type(line!.ms, 'number');
});

test('a refusal is logged with its status; an internal failure writes its error line with the same id', async (c) => {
  c.lines.length = 0;
  const refused = await c.s.app.inject({ method: 'POST', url: '/prod-api/h5/user/getUserInfo' });
  const refusal = (await linesOf(c.lines, refused.headers['x-request-id'])).find((l) => l.msg === 'request');
  assert.equal([refusal?.route, refusal?.status], ['/prod-api/h5/user/getUserInfo', 401]);

  const real = c.s.ctx.db;
  c.s.ctx.db = { select: () => { throw new Error('disk failure'); } } as unknown as Db;
  try {
    c.lines.length = 0;
    const res = await c.s.app.inject({ url: '/prod-api/common/config/list' });
    const id = res.headers['x-request-id'];
    assert.is(res.json().params.requestId, id, 'the envelope and the header name the same request');
    const mine = await linesOf(c.lines, id);
    assert.equal(mine.map((l) => l.msg), ['request failed', 'request'], 'the error line and the request line share the id');
    assert.is(mine[1]!.status, 500);
  } finally {
    c.s.ctx.db = real;
  }
});

test('no line carries a password, a token, a code or a query string', async (c) => {
  c.lines.length = 0;
  const password = 'Secret-pass-9137';
  const reg = await c.s.app.inject({
    method: 'POST',
    url: '/prod-api/h5/user/register',
    payload: { username: 'logged01', password, confirmPassword: password },
  });
  const token = reg.json().data as string;
  await c.s.app.inject({ method: 'POST', url: '/prod-api/h5/user/getUserInfo', headers: { authorization: `Bearer ${token}` } });
  const last = await c.s.app.inject({ url: `/prod-api/h5/symbol/getPlays?token=${token}&code=918273` });
  await linesOf(c.lines, last.headers['x-request-id']);
  const text = c.lines.join('\n');
  assert.ok(c.lines.length >= 3, text);
  for (const secret of [password, token, '918273', 'Bearer']) assert.not.ok(text.includes(secret), `the log carries ${secret}`);
});

test('behind a trusted proxy the proxy\'s request id is kept; otherwise a client cannot choose it', async (c) => {
  const own = await c.s.app.inject({ url: '/prod-api/common/avatar/2.svg', headers: { 'x-request-id': 'chosen-by-client-1' } });
  assert.is.not(own.headers['x-request-id'], 'chosen-by-client-1');
  const proxied = await startTestServer({ trustProxy: true });
  try {
    const res = await proxied.app.inject({ url: '/prod-api/common/avatar/2.svg', headers: { 'x-request-id': '4f6c1b0e9d2a7c3e5b8a1f0d2c4e6a8b' } });
    assert.is(res.headers['x-request-id'], '4f6c1b0e9d2a7c3e5b8a1f0d2c4e6a8b');
    const odd = await proxied.app.inject({ url: '/prod-api/common/avatar/2.svg', headers: { 'x-request-id': 'x\n{"level":60}' } });
    assert.match(String(odd.headers['x-request-id']), /^[0-9a-f]{12}$/);
  } finally {
    await proxied.close();
  }
});

test.run();
