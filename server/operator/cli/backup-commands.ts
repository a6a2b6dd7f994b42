/**
 * `backup <file>`: the running server's archive, fetched through the admin API and read back whole
 * before it is given its name. `restore <file>`: with the server stopped, into an empty DATA_DIR.
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Manifest } from '../../backup/archive.ts';
import { BackupError, checkBackup, restoreBackup } from '../../backup/restore.ts';
import { OperatorError } from './client.ts';
import { type Command, need } from './command.ts';

const describe = (m: Manifest) => `${m.files} database files and ${m.uploads} uploads as of ${m.createdAt.slice(0, 19).replace('T', ' ')} UTC`;

const backup: Command = {
  name: 'backup',
  usage: 'backup <file>',
  summary: 'write a backup of the running server (database and uploads, one .tar.gz) to <file>; the server keeps serving',
  async run({ args, api }) {
    const [file] = need(args, 1, this.usage).map((f) => path.resolve(f));
    if (existsSync(file!)) throw new OperatorError(`${file} exists; choose a new name`);
    if (!api.download) throw new OperatorError('this admin API cannot send files');
    const part = `${file}.part`;
    try {
      await api.download('/backup', part);
      const manifest = await checkBackup(part);
      await rename(part, file!);
      return `backup written to ${file}: ${describe(manifest)}; read back whole`;
    } catch (e) {
      await rm(part, { force: true });
      if (e instanceof BackupError) throw new OperatorError(`the backup is damaged, try again: ${e.message}`);
      throw e;
    }
  },
};

const restore: Command = {
  name: 'restore',
  usage: 'restore <file>',
  summary: 'with the server stopped, restore a backup into an empty DATA_DIR (and upload folder)',
  async run({ args, env = process.env }) {
    const [file] = need(args, 1, this.usage);
    if (env.DATABASE_URL) throw new OperatorError('DATABASE_URL is set: a PostgreSQL database is restored with pg_restore or from its base backup (docs/operator.md#backups)');
    const dataDir = path.resolve(env.DATA_DIR || 'data');
    const uploadDir = path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads'));
    try {
      const manifest = await restoreBackup(path.resolve(file!), { dataDir, uploadDir });
      return `restored ${describe(manifest)} into ${dataDir}; start the server on it (npm start)`;
    } catch (e) {
      if (e instanceof BackupError) throw new OperatorError(e.message);
      if ((e as Error).name === 'DataDirLockedError') throw new OperatorError((e as Error).message);
      throw e;
    }
  },
};

export const BACKUP_COMMANDS: Command[] = [backup, restore];
