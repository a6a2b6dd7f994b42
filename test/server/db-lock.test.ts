import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DataDirLockedError, openDatabase } from '../../server/db/client.ts';

const test = suite('PGlite data directory lock');
const dir = mkdtempSync(path.join(tmpdir(), 'tl-lock-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

test('a second opener of the same directory is refused with a clear message; close releases it', async () => {
  const first = await openDatabase({ dataDir: dir });
  try {
    await openDatabase({ dataDir: dir });
    assert.unreachable('the second open must fail');
  } catch (e) {
    assert.instance(e, DataDirLockedError);
    assert.match((e as Error).message, `in use by process ${process.pid}`);
  }
  await first.close();
  assert.not.ok(existsSync(path.join(dir, 'server.lock')), 'the lock file is removed');
});

test('a lock left by a dead process is taken over', async () => {
  writeFileSync(path.join(dir, 'server.lock'), '999999');
  const db = await openDatabase({ dataDir: dir });
  await db.close();
});

test.run();
