/**
 * The daily backup: every `CHECK_MS` the process that leads (on PGlite the only one) makes a
 * backup into `BACKUP_DIR` when the newest there is a day old, then keeps the newest `BACKUP_KEEP`.
 * The first check waits `CHECK_MS` after start, so a server restarted often (a test run, a crash
 * loop) does not spend its first minutes packing the database; a server up for longer never goes
 * more than a day and `CHECK_MS` without one. Times come from the server clock, so tests move it.
 */
import { readdir, rm } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ServerContext } from '../context.ts';
import { repeatEvery, type RepeatingJob } from '../jobs/repeat.ts';
import { writeBackupFile } from './make.ts';

const DAY_MS = 24 * 3600 * 1000;
export const CHECK_MS = 10 * 60 * 1000;
export const DEFAULT_KEEP = 7;

export interface BackupSchedule {
  dir: string;
  keep: number;
}

/** `BACKUP_DIR` (default `<DATA_DIR>/backups`) and `BACKUP_KEEP` (default 7; 0 turns daily backups off). */
export function backupScheduleFromEnv(env: NodeJS.ProcessEnv, dataDir: string): BackupSchedule | null {
  const keep = env.BACKUP_KEEP === undefined || env.BACKUP_KEEP === '' ? DEFAULT_KEEP : Number(env.BACKUP_KEEP);
  if (!Number.isInteger(keep) || keep < 0) throw new Error(`BACKUP_KEEP must be a whole number (0 turns daily backups off), not ${env.BACKUP_KEEP}`);
  if (keep === 0) return null;
  return { dir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')), keep };
}

const NAME = /^trade-lite-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.tar\.gz$/;

/** `trade-lite-20261128-172201.tar.gz`: sorts by time, and says when it was made. */
export const backupName = (ms: number) => `trade-lite-${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`;

const timeOf = (name: string) => {
  const m = NAME.exec(name)!;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
};

/** Makes a backup when the newest is a day old (or there is none); answers the new file, or null. */
export async function backupIfDue(ctx: ServerContext, schedule: BackupSchedule): Promise<string | null> {
  mkdirSync(schedule.dir, { recursive: true, mode: 0o700 });
  const names = (await readdir(schedule.dir)).filter((n) => NAME.test(n)).sort();
  const now = ctx.clock.now();
  const newest = names.at(-1);
  if (newest && now - timeOf(newest) < DAY_MS) return null;
  // A backup cut short by a crash or a full disk.
  for (const n of await readdir(schedule.dir)) if (n.endsWith('.tar.gz.part')) await rm(path.join(schedule.dir, n), { force: true });
  const file = path.join(schedule.dir, backupName(now));
  await writeBackupFile(ctx, file);
  const kept = [...new Set([...names, path.basename(file)])].sort();
  for (const old of kept.slice(0, Math.max(0, kept.length - schedule.keep))) await rm(path.join(schedule.dir, old), { force: true });
  return file;
}

export interface BackupLog {
  info(msg: string): void;
  error(obj: object, msg: string): void;
}

export function startDailyBackups(ctx: ServerContext, schedule: BackupSchedule, options: { intervalMs?: number; log: BackupLog }): RepeatingJob {
  const { intervalMs = CHECK_MS, log } = options;
  let started = false;
  return repeatEvery(
    intervalMs,
    async () => {
      if (!started) {
        started = true;
        return;
      }
      const file = await backupIfDue(ctx, schedule);
      if (file) log.info(`daily backup written to ${file} (the newest ${schedule.keep} are kept)`);
    },
    (err) => log.error({ err }, `daily backup into ${schedule.dir} failed; trying again in ${Math.round(intervalMs / 60000)} min`),
  );
}
