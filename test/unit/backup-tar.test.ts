import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { readTar, tarStream, TarError, type TarMember } from '../../server/backup/tar.ts';
import { test } from '../suite.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'tl-tar-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

async function pack(members: TarMember[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const b of tarStream(members)) parts.push(b);
  return Buffer.concat(parts);
}

async function unpack(archive: Buffer, pieceSize = 700): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  // Pieces that cut headers and contents anywhere, as a stream hands them over.
  const pieces = async function* () {
    for (let i = 0; i < archive.length; i += pieceSize) yield archive.subarray(i, i + pieceSize);
  };
  await readTar(pieces(), {
    dir: (name) => void out.set(name, null),
    file: async (name) => {
      const chunks: Buffer[] = [];
      return { chunk: (b) => void chunks.push(Buffer.from(b)), end: () => void out.set(name, Buffer.concat(chunks).toString('latin1')) };
    },
  });
  return out;
}

test('what tarStream writes, readTar and GNU tar read back, in any pieces', async () => {
  const big = 'x'.repeat(1500) + 'end';
  writeFileSync(path.join(dir, 'big'), big);
  const archive = await pack([
    { name: 'backup.json', kind: 'file', bytes: Buffer.from('{}'), size: 2 },
    { name: 'pgdata', kind: 'dir' },
    { name: 'pgdata/base/1/1259', kind: 'file', from: path.join(dir, 'big'), size: big.length },
    { name: 'pgdata/empty', kind: 'file', bytes: Buffer.alloc(0), size: 0 },
  ]);
  for (const size of [1, 511, 512, 700, archive.length]) {
    assert.equal(
      [...(await unpack(archive, size))],
      [['backup.json', '{}'], ['pgdata', null], ['pgdata/base/1/1259', big], ['pgdata/empty', '']],
      `read in pieces of ${size} bytes`,
    );
  }
  const file = path.join(dir, 'a.tar');
  writeFileSync(file, archive);
  const listed = spawnSync('tar', ['-tf', file], { encoding: 'utf8' });
  if (listed.error) return; // no tar on this machine: readTar's reading above stands
  assert.is(listed.status, 0, listed.stderr);
  assert.equal(listed.stdout.trim().split('\n'), ['backup.json', 'pgdata/', 'pgdata/base/1/1259', 'pgdata/empty']);
});

test('a member that could leave the target, a cut-off archive and a damaged header are refused', async () => {
  const evil = await pack([{ name: '../../etc/cron.d/x', kind: 'file', bytes: Buffer.from('boom'), size: 4 }]);
  await unpack(evil).then(() => assert.unreachable('unsafe name accepted'), (e) => assert.match(String(e), 'unsafe member name ../../etc/cron.d/x'));
  const good = await pack([{ name: 'a', kind: 'file', bytes: Buffer.from('hello'), size: 5 }]);
  await unpack(good.subarray(0, 600)).then(() => assert.unreachable('cut-off archive accepted'), (e) => {
    assert.instance(e, TarError);
    assert.match(String(e), 'cut off');
  });
  const damaged = Buffer.from(good);
  damaged[3] = 0x5a;
  await unpack(damaged).then(() => assert.unreachable('damaged header accepted'), (e) => assert.match(String(e), 'checksum'));
});

test('a file that grew or shrank since it was listed stops the archive', async () => {
  writeFileSync(path.join(dir, 'g'), 'abcdef');
  for (const size of [3, 9]) {
    const members: TarMember[] = [{ name: 'g', kind: 'file', from: path.join(dir, 'g'), size }];
    await pack(members).then(() => assert.unreachable(`size ${size} accepted`), (e) => assert.match(String(e), size < 6 ? 'grew' : 'shrank'));
  }
});

test.run();
