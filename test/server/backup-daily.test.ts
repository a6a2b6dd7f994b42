/**
 * The daily backup on the server clock: one when none is a day old, none sooner, the newest
 * `BACKUP_KEEP` kept, each a whole backup of the live database. Also the settings it reads.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { checkBackup } from '../../server/backup/restore.ts';
import { backupIfDue, backupName, backupScheduleFromEnv, startDailyBackups } from '../../server/backup/daily.ts';
import { openDatabase, migrateDatabase } from '../../server/db/client.ts';
import { test } from '../suite.ts';
import { preparedDataDir } from './data-dir.ts';
import { startTestServer, type TestServer } from './harness.ts';

const HOUR = 3600 * 1000;
const onPglite = !process.env.DATABASE_URL;
const dataDir = await preparedDataDir('tl-daily-');
const backupDir = path.join(dataDir, 'backups');
let s: TestServer | undefined;
test.after(async () => {
  await s?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('BACKUP_DIR defaults to DATA_DIR/backups, BACKUP_KEEP to 7, and BACKUP_KEEP=0 turns it off', () => {
  assert.equal(backupScheduleFromEnv({}, '/srv/data'), { dir: '/srv/data/backups', keep: 7 });
  assert.equal(backupScheduleFromEnv({ BACKUP_DIR: '/mnt/copies', BACKUP_KEEP: '30' }, '/srv/data'), { dir: '/mnt/copies', keep: 30 });
  assert.is(backupScheduleFromEnv({ BACKUP_KEEP: '0' }, '/srv/data'), null);
  assert.throws(() => backupScheduleFromEnv({ BACKUP_KEEP: 'seven' }, '/srv/data'), /BACKUP_KEEP must be a whole number/);
});

(onPglite ? test : test.skip)('one backup a day on the server clock, the newest BACKUP_KEEP kept, each whole', async () => {
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  s = await startTestServer({ dataDir }, { database });
  const schedule = { dir: backupDir, keep: 2 };
  const start = s.clock.now();
  const first = await backupIfDue(s.ctx, schedule);
  assert.is(first && path.basename(first), backupName(start), 'none yet: one now, named for its time');
  s.clock.advance(23 * HOUR);
  assert.is(await backupIfDue(s.ctx, schedule), null, 'not again within a day');
  // A file cut short by a crash is removed by the next backup.
  writeFileSync(path.join(backupDir, `${backupName(start + HOUR)}.part`), 'cut');
  const made = [first!];
  for (let day = 1; day <= 2; day++) {
    s.clock.advance(HOUR + (day > 1 ? 23 * HOUR : 0));
    const file = await backupIfDue(s.ctx, schedule);
    assert.ok(file, `a day later: backup ${day + 1}`);
    made.push(file!);
  }
  assert.equal(readdirSync(backupDir).sort(), made.slice(-2).map((f) => path.basename(f)), 'the newest two are kept, nothing else');
  for (const f of made.slice(-2)) {
    const m = await checkBackup(f);
    assert.ok(m.files > 100, `${path.basename(f)} holds the database`);
  }
});

(onPglite ? test : test.skip)('the job makes the day\'s backup after its first interval and says where', async () => {
  rmSync(backupDir, { recursive: true, force: true });
  mkdirSync(backupDir);
  const lines: string[] = [];
  let resolveMade: () => void;
  // The job's timer does not keep the process up (a server's jobs never hold its exit), and no
  // port is open here: without a timer of the test's own, the run would end while it waits.
  let deadline: NodeJS.Timeout | undefined;
  const made = new Promise<void>((resolve, reject) => {
    resolveMade = resolve;
    deadline = setTimeout(() => reject(new Error(`no daily backup within 20 s: ${lines.join('; ')}`)), 20_000);
  });
  const job = startDailyBackups(s!.ctx, { dir: backupDir, keep: 7 }, {
    intervalMs: 200,
    log: { info: (m) => (lines.push(m), resolveMade()), error: (_o, m) => lines.push(m) },
  });
  try {
    await made;
  } finally {
    clearTimeout(deadline);
    await job.stop();
  }
  assert.is(readdirSync(backupDir).length, 1);
  assert.match(lines[0]!, /^daily backup written to .*trade-lite-\d{8}-\d{6}\.tar\.gz \(the newest 7 are kept\)$/);
  assert.ok(existsSync(path.join(backupDir, readdirSync(backupDir)[0]!)));
});

test.run();
