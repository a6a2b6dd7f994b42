/** Uploads over the limit or broken in transit, sent the way real clients send them. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope } from '../../src/shared/contract.ts';
import { MAX_UPLOAD_BYTES } from '../../server/uploads/routes.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { pngOf } from './picture-fixtures.ts';

const PNG_HEAD = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ', 'base64');

const png = (size: number) => pngOf(size);

const test = suite<{ s: TestServer; url: string; token: string; dir: string }>('upload limits', {} as never);

test.before(async (c) => {
  c.dir = mkdtempSync(path.join(os.tmpdir(), 'tl-upload-limits-'));
  c.s = await startTestServer({ dataDir: c.dir });
  c.token = (await c.s.register()).token;
  await c.s.app.listen({ port: 0, host: '127.0.0.1' });
  c.url = `http://127.0.0.1:${(c.s.app.server.address() as { port: number }).port}`;
});

test.after(async (c) => {
  await c.s.close();
  rmSync(c.dir, { recursive: true, force: true });
});

const stored = (dir: string) => {
  try {
    return readdirSync(path.join(dir, 'uploads'));
  } catch {
    return [];
  }
};

test('a 6 MB PNG sent 10 times through fetch (multipart, chunked) is refused every time and nothing is kept', async (c) => {
  const before = stored(c.dir);
  const big = png(6 * 1024 * 1024);
  for (let i = 0; i < 10; i++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'big.png');
    const res = await fetch(`${c.url}/prod-api/common/oss/upload`, { method: 'POST', headers: { authorization: c.token }, body: form });
    const body = (await res.json()) as Envelope<unknown>;
    assert.equal([res.status, body.code, body.key, body.params], [400, 400, 'upload.tooLarge', { maxMb: 5 }], `try ${i + 1}: ${body.msg}`);
  }
  assert.equal(stored(c.dir), before, 'no file was written');
});

test('exactly 5 MB through fetch is still accepted', async (c) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png(MAX_UPLOAD_BYTES))], { type: 'image/png' }), 'max.png');
  const res = await fetch(`${c.url}/prod-api/common/oss/upload`, { method: 'POST', headers: { authorization: c.token }, body: form });
  const body = (await res.json()) as Envelope<{ name: string }>;
  assert.is(body.code, 200, body.msg);
  assert.ok(stored(c.dir).includes(body.data.name));
});

test('a multipart request without a boundary, cut off, or garbled: 400 upload.malformed, nothing kept', async (c) => {
  const before = stored(c.dir);
  const head = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
  const cases: Array<[string, string, Buffer | string]> = [
    ['no boundary', 'multipart/form-data', 'abc'],
    ['cut off', 'multipart/form-data; boundary=XYZ', Buffer.concat([Buffer.from(head), PNG_HEAD])],
    ['garbled', 'multipart/form-data; boundary=XYZ', 'garbage'],
  ];
  for (const [label, type, payload] of cases) {
    const res = await c.s.app.inject({
      method: 'POST',
      url: '/prod-api/common/oss/upload',
      headers: { authorization: c.token, 'content-type': type },
      payload,
    });
    const body = res.json() as Envelope<unknown>;
    assert.equal([res.statusCode, body.code, body.key], [400, 400, 'upload.malformed'], `${label}: ${body.msg}`);
  }
  assert.equal(stored(c.dir), before, 'no file was written');
});

test.run();
