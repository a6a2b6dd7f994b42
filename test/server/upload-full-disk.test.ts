/**
 * Uploads on a full disk: a server process whose UPLOAD_DIR is a 2 MB tmpfs the test mounts (as
 * root, as the tests run here and in CI). Once it is full every upload answers
 * upload.storageFull and leaves no partial file; the log says it once; freed space is used again.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { skipWithout, suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope } from '../../src/shared/contract.ts';
import { until } from '../until.ts';
import { pngOf } from './picture-fixtures.ts';
import { preparedDataDir } from './data-dir.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const FILE_BYTES = 700 * 1024;
const root = mkdtempSync(path.join(os.tmpdir(), 'tl-full-disk-'));
const disk = path.join(root, 'uploads');
mkdirSync(disk);

/** Mounts the 2 MB tmpfs; the reason it cannot be, or null. */
function mountDisk(): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0755', 'tl-full-disk', disk], { stdio: 'pipe' });
    return null;
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e).trim() || String(e);
  }
}

const cannotMount = mountDisk();
let dataDir = '';
const test = suite<{ server: ServerProcess; token: string }>('uploads on a full disk', {} as never);

test.before(async (c) => {
  if (cannotMount) return;
  // A copy of a migrated database: a first start on an empty directory costs seconds of CPU more.
  dataDir = await preparedDataDir('tl-full-disk-data-');
  c.server = await startServerProcess(dataDir, { UPLOAD_DIR: disk, LOG_LEVEL: 'info' });
  const username = `fulldisk${Date.now() % 1e6}`;
  const reg = await c.server.call<string>('POST', '/h5/user/register', { body: { username, password: 'glass-river-58', confirmPassword: 'glass-river-58' } });
  assert.is(reg.code, 200, reg.msg);
  c.token = reg.data;
});

test.after(async (c) => {
  if (c.server) await c.server.kill('SIGTERM');
  if (!cannotMount) execFileSync('umount', [disk]);
  rmSync(root, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function upload(c: { server: ServerProcess; token: string }, fill: number): Promise<Envelope<{ name: string } | null>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngOf(FILE_BYTES, fill))], { type: 'image/png' }), 'proof.png');
  const res = await fetch(`${c.server.url}/prod-api/common/oss/upload`, { method: 'POST', headers: { authorization: c.token }, body: form });
  return (await res.json()) as Envelope<{ name: string } | null>;
}

const onDisk = () => readdirSync(disk).sort();

/**
 * The server's log lines that include `text`, once everything logged before this call has arrived
 * (the pipe may lag the answer): a request sent now is logged after them, so its line closes the read.
 */
async function logLines(server: ServerProcess, text: string): Promise<string[]> {
  const id = (await fetch(`${server.url}/prod-api/common/config/list`)).headers.get('x-request-id');
  assert.ok(id, 'the answer names its request');
  await until(`the log line of request ${id}`, () => server.output().includes(id!));
  return server.output().split('\n').filter((l) => l.includes(text));
}

skipWithout(test, cannotMount && `cannot mount a tmpfs (needs root): ${cannotMount}`)('a full disk answers upload.storageFull, keeps no partial file and logs it once; freed space is used again', async (c) => {
  const stored: string[] = [];
  const full: Envelope<unknown>[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await upload(c, i + 1);
    if (res.code === 200) stored.push(res.data!.name);
    else full.push(res);
  }
  assert.is(stored.length, 2, 'two 700 KB files fit in 2 MB');
  assert.is(full.length, 4);
  for (const res of full) assert.equal([res.code, res.key], [503, 'upload.storageFull'], res.msg);
  assert.is(full[0]!.msg, 'Storage is full, please try again later');
  assert.equal(onDisk(), stored.sort(), 'only the stored files are on the disk: no partial one');
  for (const name of stored) assert.is(statSync(path.join(disk, name)).size, FILE_BYTES, `${name} is whole`);
  assert.is((await logLines(c.server, 'upload storage is full')).length, 1, 'one log line for four refused uploads');
  assert.not.ok(c.server.output().includes('request failed'), 'no internal error logged per request');

  unlinkSync(path.join(disk, stored[0]!));
  const again = await upload(c, 9);
  assert.is(again.code, 200, `after space is freed: ${again.msg}`);
  assert.equal(onDisk(), [stored[1]!, again.data!.name].sort());
  assert.is((await logLines(c.server, 'upload storage has space again')).length, 1, 'the log says the space is back');
  const refill = await upload(c, 10);
  assert.is(refill.key, 'upload.storageFull', 'full again');
  assert.is((await logLines(c.server, 'upload storage is full')).length, 2, 'a new episode is logged once more');
  assert.is(onDisk().length, 2, 'still no partial file');
});

test.run();
