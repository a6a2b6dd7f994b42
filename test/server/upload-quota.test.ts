/** Per-user upload quota (count per hour, bytes per day) and the removal of unattached uploads. */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { PayChannel } from '../../src/shared/contract.ts';
import { uploads } from '../../server/db/schema/index.ts';
import { forgetUnattachedUploads } from '../../server/jobs/forget-uploads.ts';
import { UPLOADS_PER_HOUR, UPLOAD_MB_PER_DAY } from '../../server/uploads/quota.ts';
import { storageOf } from '../../server/uploads/routes.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { member, uploadAnswer as upload } from './money-fixtures.ts';
import { pngOf } from './picture-fixtures.ts';

const HOUR = 3_600_000;
const test = suite<{ s: TestServer; dir: string }>('upload quota', {} as never);

test.before(async (c) => {
  c.dir = mkdtempSync(path.join(os.tmpdir(), 'tl-upload-quota-'));
  c.s = await startTestServer({ dataDir: c.dir });
});

test.after(async (c) => {
  await c.s.close();
  rmSync(c.dir, { recursive: true, force: true });
});

const files = (dir: string) => (existsSync(path.join(dir, 'uploads')) ? readdirSync(path.join(dir, 'uploads')) : []);
const rowsOf = async (s: TestServer, userId: number) => s.ctx.db.select().from(uploads).where(eq(uploads.userId, userId));

test(`30 uploads in parallel: ${UPLOADS_PER_HOUR} stored, the rest refused with upload.tooMany; an hour later uploads work again`, async ({ s, dir }) => {
  const m = await member(s);
  const answers = await Promise.all(Array.from({ length: 30 }, () => upload(s, m.token)));
  const stored = answers.filter((a) => a.code === 200);
  const refused = answers.filter((a) => a.code !== 200);
  assert.is(stored.length, UPLOADS_PER_HOUR, 'never more than the hourly count, however parallel');
  for (const r of refused) assert.equal([r.code, r.key, r.params], [429, 'upload.tooMany', { count: UPLOADS_PER_HOUR }], r.msg);
  assert.is((await rowsOf(s, m.userId)).length, UPLOADS_PER_HOUR);
  const names = new Set(files(dir));
  for (const a of stored) assert.ok(names.has(a.data!.name), 'each accepted upload is on disk');
  s.clock.advance(HOUR + 1000);
  assert.is((await upload(s, m.token)).code, 200, 'the count is per hour');
  const other = await member(s);
  assert.is((await upload(s, other.token)).code, 200, "and per user: another user's uploads are not counted");
});

test(`${UPLOAD_MB_PER_DAY} MB a day: 12 parallel 5 MB uploads store 10, the rest answer upload.dailyLimit; the next day works`, async ({ s }) => {
  const m = await member(s);
  const big = pngOf(5 * 1024 * 1024);
  const answers = await Promise.all(Array.from({ length: 12 }, () => upload(s, m.token, big)));
  assert.is(answers.filter((a) => a.code === 200).length, 10, '10 × 5 MB = 50 MB');
  for (const r of answers.filter((a) => a.code !== 200)) assert.equal([r.code, r.key, r.params], [429, 'upload.dailyLimit', { mb: UPLOAD_MB_PER_DAY }], r.msg);
  assert.is((await upload(s, m.token)).key, 'upload.dailyLimit', 'even a small one, the same day');
  s.clock.advance(24 * HOUR + 1000);
  assert.is((await upload(s, m.token, big)).code, 200, 'a day later');
});

test('unattached uploads are removed after a day, file and row; a deposit proof, a payment QR and an avatar stay', async ({ s, dir }) => {
  const m = await member(s);
  const [loose, proof, qr, avatar] = [await upload(s, m.token), await upload(s, m.token), await upload(s, m.token), await upload(s, m.token)];
  const channels = await s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: m.token });
  const brl = channels.data.find((c) => c.currency === 'BRL')!;
  const deposit = await s.call('POST', '/h5/recharge/submitRecharge', { token: m.token, body: { channelId: brl.id, amount: '100', proofImage: proof.data!.url } });
  assert.is(deposit.code, 200, deposit.msg);
  const bound = await s.call('POST', '/h5/expenses/bindCardQr', { token: m.token, body: { kind: 'paypay', payee: 'Ana', image: qr.data!.url } });
  assert.is(bound.code, 200, bound.msg);
  assert.is((await s.call('POST', '/h5/user/changeAvatar', { token: m.token, body: { avatar: avatar.data!.url } })).code, 200);

  s.clock.advance(23 * HOUR);
  const young = await upload(s, m.token);
  const storage = storageOf(s.ctx);
  await forgetUnattachedUploads(s.ctx, storage);
  assert.ok(files(dir).includes(loose.data!.name), 'a day has not passed yet: kept');

  s.clock.advance(HOUR + 1000);
  assert.ok((await forgetUnattachedUploads(s.ctx, storage)) >= 1);
  const left = new Set(files(dir));
  const rows = new Set((await rowsOf(s, m.userId)).map((r) => r.name));
  assert.not.ok(left.has(loose.data!.name), 'the abandoned file is gone');
  assert.not.ok(rows.has(loose.data!.name), 'and its row');
  for (const [what, u] of [['proof', proof], ['payment QR', qr], ['avatar', avatar], ['upload of an hour ago', young]] as const) {
    assert.ok(left.has(u.data!.name) && rows.has(u.data!.name), `the ${what} stays`);
  }
  const late = await s.call('POST', '/h5/user/changeAvatar', { token: m.token, body: { avatar: loose.data!.url } });
  assert.equal([late.code, late.key], [400, 'upload.notYours'], 'a removed upload can no longer be attached');
  assert.is((await s.app.inject({ url: proof.data!.url, headers: { authorization: m.token } })).statusCode, 200, 'the proof is still readable');
});

test.run();
