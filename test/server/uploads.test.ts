import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Envelope } from '../../src/shared/contract.ts';
import { startTestServer, statusFor, type TestServer } from './harness.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
const HTML = Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>');

interface Uploaded {
  url: string;
  name: string;
}

let server: TestServer;
let token: string;
let dataDir: string;

/** A multipart body as a browser's FormData would send it. */
async function multipart(bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function upload(bytes: Buffer, filename: string, type: string, auth = true): Promise<Envelope<Uploaded | null>> {
  const { payload, contentType } = await multipart(bytes, filename, type);
  const res = await server.app.inject({
    method: 'POST',
    url: '/prod-api/common/oss/upload',
    headers: { 'content-type': contentType, ...(auth ? { authorization: token } : {}) },
    payload,
  });
  const body = res.json() as Envelope<Uploaded | null>;
  assert.is(res.statusCode, statusFor(body.code), 'the HTTP status matches the envelope code');
  return body;
}

test.before(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'trade-lite-uploads-test-'));
  server = await startTestServer({ dataDir });
  token = (await server.register()).token;
});

test.after(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

for (const [label, bytes, ext, type] of [
  ['PNG', PNG, 'png', 'image/png'],
  ['JPEG', JPEG, 'jpg', 'image/jpeg'],
  ['WebP', WEBP, 'webp', 'image/webp'],
] as const) {
  test(`accepts a ${label} image and serves it back to its owner only, with its type`, async () => {
    // The client's name and type are ignored: only the bytes decide.
    const res = await upload(bytes, 'proof.bin', 'application/octet-stream');
    assert.is(res.code, 200, res.msg);
    const { url, name } = res.data!;
    assert.match(name, new RegExp(`^[0-9a-f]{32}\\.${ext}$`), 'random 128-bit hex name with the sniffed extension');
    assert.is(url, `/prod-api/common/oss/file/${name}`, 'a private address, read with the token');
    const file = await server.app.inject({ method: 'GET', url, headers: { authorization: token } });
    assert.is(file.statusCode, 200);
    assert.is(file.headers['content-type'], type);
    assert.is(file.headers['x-content-type-options'], 'nosniff');
    assert.is(file.headers['cache-control'], 'no-store', 'a proof is one user\'s: no cache keeps it');
    assert.ok(file.rawPayload.equals(bytes), 'the same bytes come back');
    assert.is((await server.app.inject({ url })).json().code, 401, 'nobody without the token');
    const other = (await server.register()).token;
    assert.is((await server.app.inject({ url, headers: { authorization: other } })).json().code, 404, 'not another user');
    assert.is((await server.app.inject({ url: `/uploads/${name}` })).statusCode, 404, 'not public by its name');
  });
}

test('an upload becomes public only as its owner\'s avatar', async () => {
  const { name } = (await upload(PNG, 'me.png', 'image/png')).data!;
  const other = (await server.register()).token;
  const stolen = await server.call('POST', '/h5/user/changeAvatar', { token: other, body: { avatar: `/uploads/${name}` } });
  assert.equal([stolen.code, stolen.key], [400, 'upload.notYours'], "another user's image cannot be made an avatar");
  for (const avatar of [`/prod-api/common/oss/file/${name}`, `/uploads/${name}?v=2`, `/x/%2e%2e/uploads/${name}`, `/uploads/${name.replace('.', '%2E')}`]) {
    const named = await server.call('POST', '/h5/user/changeAvatar', { token: other, body: { avatar } });
    assert.equal([named.code, named.key], [400, 'upload.notYours'], `${avatar}: not by another of its paths either`);
  }
  assert.is((await server.app.inject({ url: `/uploads/${name}` })).statusCode, 404, 'still private');
  const mine = await server.call('POST', '/h5/user/changeAvatar', { token, body: { avatar: `/prod-api/common/oss/file/${name}` } });
  assert.is(mine.code, 200, mine.msg);
  const me = await server.call<{ avatar: string }>('POST', '/h5/user/getUserInfo', { token });
  assert.is(me.data.avatar, `/uploads/${name}`, 'the owner may name it by its private path; it is kept by its public one');
  assert.is((await server.call('POST', '/h5/user/changeAvatar', { token, body: { avatar: `/uploads/${name}` } })).code, 200, 'and by its public one');
  const file = await server.app.inject({ url: `/uploads/${name}` });
  assert.is(file.statusCode, 200, 'an avatar is public');
  assert.is(file.headers['cache-control'], 'public, max-age=31536000, immutable');
});

test('two uploads of the same image get different names', async () => {
  const a = await upload(PNG, 'a.png', 'image/png');
  const b = await upload(PNG, 'a.png', 'image/png');
  assert.is.not(a.data!.name, b.data!.name);
});

test('refuses SVG with upload.type', async () => {
  const res = await upload(SVG, 'logo.svg', 'image/svg+xml');
  assert.is(res.code, 400);
  assert.is(res.key, 'upload.type');
  assert.is(res.msg, 'Only PNG, JPEG or WebP images can be uploaded');
  assert.is(res.data, null);
});

test('refuses HTML renamed .png with upload.type', async () => {
  const res = await upload(HTML, 'receipt.png', 'image/png');
  assert.is(res.code, 400);
  assert.is(res.key, 'upload.type');
});

test('refuses a 6 MB file with upload.tooLarge, and accepts exactly 5 MB', async () => {
  const big = Buffer.alloc(6 * 1024 * 1024);
  PNG.copy(big);
  const res = await upload(big, 'big.png', 'image/png');
  assert.is(res.code, 400);
  assert.is(res.key, 'upload.tooLarge');
  assert.match(res.msg, '5 MB');

  const limit = Buffer.alloc(5 * 1024 * 1024);
  PNG.copy(limit);
  const ok = await upload(limit, 'limit.png', 'image/png');
  assert.is(ok.code, 200, 'the limit itself is allowed');
});

test('refuses an empty file with upload.empty', async () => {
  const res = await upload(Buffer.alloc(0), 'empty.png', 'image/png');
  assert.is(res.code, 400);
  assert.is(res.key, 'upload.empty');
});

test('refuses a request without a file, or not multipart, with upload.empty', async () => {
  const form = new FormData();
  form.append('note', 'no file here');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const noFile = await server.app.inject({
    method: 'POST',
    url: '/prod-api/common/oss/upload',
    headers: { 'content-type': request.headers.get('content-type')!, authorization: token },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  assert.is(noFile.json().key, 'upload.empty');
  const json = await server.call('POST', '/common/oss/upload', { token, body: { file: 'x' } });
  assert.is(json.key, 'upload.empty');
});

test('needs a logged-in user', async () => {
  const res = await upload(PNG, 'a.png', 'image/png', false);
  assert.is(res.code, 401);
});

test('unknown and malformed file names answer 404', async () => {
  for (const url of ['/uploads/0123456789abcdef0123456789abcdef.png', '/uploads/..%2Fserver.lock', '/uploads/x.svg']) {
    const res = await server.app.inject({ method: 'GET', url });
    assert.is(res.statusCode, 404, url);
  }
});

test.run();
