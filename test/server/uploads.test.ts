import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope } from '../../src/shared/contract.ts';
import { crc32 } from '../../server/uploads/picture/bytes.ts';
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

test('an avatar is a default one or one of the caller\'s own uploads, named exactly: no other path, no other case', async () => {
  const { name } = (await upload(PNG, 'me.png', 'image/png')).data!;
  const { token: other } = await server.register();
  const defaults = (await server.call<string[]>('GET', '/h5/user/defaultAvatar')).data;
  const shouted = name.toUpperCase();
  for (const avatar of [`/uploads/${shouted}`, `/prod-api/common/oss/file/${shouted}`, `/uploads/${name.replace('png', 'PNG')}`, '/favicon.ico', '/uploads/x.png', defaults[0]!.toUpperCase()]) {
    const res = await server.call('POST', '/h5/user/changeAvatar', { token: other, body: { avatar } });
    assert.equal([res.code, res.key, res.params?.field], [400, 'upload.notYours', 'avatar'], `${avatar}: not one of the caller's uploads`);
    const mine = await server.call('POST', '/h5/user/changeAvatar', { token, body: { avatar } });
    assert.equal([mine.code, mine.key], [400, 'upload.notYours'], `${avatar}: not by its owner either, in another case`);
  }
  assert.is((await server.call<{ avatar: string | null }>('POST', '/h5/user/getUserInfo', { token: other })).data.avatar, null, 'nothing was set');
  assert.is((await server.call('POST', '/h5/user/changeAvatar', { token: other, body: { avatar: defaults[2] } })).code, 200, 'a default avatar is fine');
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

/** 52° 31' 12.34" N as three EXIF rationals: where the photo was taken. */
const LATITUDE = Buffer.from([52, 1, 31, 1, 1234, 100].flatMap((n) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]));

/** An EXIF APP1 segment whose IFD0 points to a GPS IFD holding the latitude (big-endian TIFF). */
function exifWithGps(): Buffer {
  const u16 = (n: number) => [n >> 8, n & 0xff];
  const u32 = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  // TIFF header 8, IFD0 at 8 (2 + 12 + 4 = 18) → GPS IFD at 26 (2 + 24 + 4 = 30) → latitude at 56.
  const tiff = Buffer.from([
    0x4d, 0x4d, ...u16(42), ...u32(8),
    ...u16(1), ...u16(0x8825), ...u16(4), ...u32(1), ...u32(26), ...u32(0),
    ...u16(2), ...u16(1), ...u16(2), ...u32(2), 0x4e, 0, 0, 0, ...u16(2), ...u16(5), ...u32(3), ...u32(56), ...u32(0),
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, LATITUDE]);
  return Buffer.concat([Buffer.from([0xff, 0xe1, ...u16(body.length + 2)]), body]);
}

test('a photo with an EXIF GPS block is stored and served without it, its picture unchanged', async () => {
  // After SOI (2 bytes) and the JFIF segment (18): where cameras put EXIF.
  const withGps = Buffer.concat([JPEG.subarray(0, 20), exifWithGps(), JPEG.subarray(20)]);
  assert.ok(withGps.includes(LATITUDE), 'the upload carries the position');
  const { url, name } = (await upload(withGps, 'IMG_0001.jpg', 'image/jpeg')).data!;
  const onDisk = readFileSync(path.join(dataDir, 'uploads', name));
  assert.not.ok(onDisk.includes(LATITUDE), 'not on disk');
  assert.ok(onDisk.equals(JPEG), 'what is kept is the photo without its EXIF, byte for byte');
  const served = await server.app.inject({ method: 'GET', url, headers: { authorization: token } });
  assert.not.ok(served.rawPayload.includes(LATITUDE), 'not served to its owner');
  assert.is(served.headers['content-length'], String(JPEG.length));
  assert.is((await server.call('POST', '/h5/user/changeAvatar', { token, body: { avatar: url } })).code, 200);
  const avatar = await server.app.inject({ url: `/uploads/${name}` });
  assert.is(avatar.statusCode, 200);
  assert.not.ok(avatar.rawPayload.includes(LATITUDE), 'nor to everyone as an avatar');
});

/** A PNG declaring `width` × `height` whose data chunk is `dataBytes` long (nothing decodes it). */
function declaredPng(width: number, height: number, dataBytes: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(typed.length + 8);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), typed.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([PNG.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(dataBytes, 0x55)), chunk('IEND', Buffer.alloc(0))]);
}

test('a 48 KB PNG declaring 20000 × 20000 is refused from its header with upload.tooManyPixels; nothing is kept', async () => {
  const bomb = declaredPng(20000, 20000, 48 * 1024 - 57);
  assert.is(bomb.length, 48 * 1024);
  const before = readdirSync(path.join(dataDir, 'uploads')).sort();
  const res = await upload(bomb, 'bomb.png', 'image/png');
  assert.equal([res.code, res.key, res.params], [400, 'upload.tooManyPixels', { mp: 25 }], res.msg);
  assert.match(res.msg, '25 megapixels');
  assert.equal(readdirSync(path.join(dataDir, 'uploads')).sort(), before, 'no file written');
  assert.is((await upload(declaredPng(5000, 5000, 100), 'limit.png', 'image/png')).code, 200, '25 megapixels itself is accepted');
  assert.is((await upload(declaredPng(5001, 5000, 100), 'over.png', 'image/png')).key, 'upload.tooManyPixels', 'one column more is not');
});

test('a picture whose structure is cut off is refused with upload.malformed', async () => {
  const cut = await upload(JPEG.subarray(0, JPEG.length - 2), 'cut.jpg', 'image/jpeg');
  assert.equal([cut.code, cut.key], [400, 'upload.malformed']);
  const png = await upload(PNG.subarray(0, 40), 'cut.png', 'image/png');
  assert.equal([png.code, png.key], [400, 'upload.malformed']);
});

test('unknown and malformed file names answer 404', async () => {
  for (const url of ['/uploads/0123456789abcdef0123456789abcdef.png', '/uploads/..%2Fserver.lock', '/uploads/x.svg']) {
    const res = await server.app.inject({ method: 'GET', url });
    assert.is(res.statusCode, 404, url);
  }
});

test.run();
