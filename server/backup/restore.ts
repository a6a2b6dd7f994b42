/**
 * Reading a backup archive back: `checkBackup` reads it to the end and answers its manifest (the
 * command line does so after every backup, so a cut-off download is found the day it is made,
 * not the day it is needed); `restoreBackup` unpacks it into an empty DATA_DIR with no server on
 * it. `PG_VERSION` is written last, as the data directory template does: a restore cut short
 * leaves a directory no server takes for a database, and is removed.
 */
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { takeLockFile } from '../db/lock.ts';
import { STORED_NAME } from '../uploads/storage.ts';
import { FORMAT, MANIFEST, isDatabaseEntry, type Manifest } from './archive.ts';
import { readTar, TarError, type TarVisitor } from './tar.ts';

export class BackupError extends Error {}

const LOCK_FILE = 'server.lock';
const MARKER = 'PG_VERSION';

function parseManifest(text: string): Manifest {
  let m: Partial<Manifest>;
  try {
    m = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new BackupError(`not a trade-lite backup: ${MANIFEST} is not JSON`);
  }
  if (m.format !== FORMAT || m.version !== 1) throw new BackupError(`not a trade-lite backup of a version this server reads (${MANIFEST})`);
  if (m.database !== 'pglite') throw new BackupError(`a backup of a ${String(m.database)} database; only PGlite backups are restored by this command`);
  return m as Manifest;
}

type Target = { kind: 'database' | 'upload'; rel: string } | { kind: 'manifest' };

/** Where a member belongs; anything a backup does not hold is refused. */
function targetOf(name: string, seenManifest: boolean): Target {
  if (!seenManifest) {
    if (name !== MANIFEST) throw new BackupError(`not a trade-lite backup: it does not start with ${MANIFEST}`);
    return { kind: 'manifest' };
  }
  const [top, ...rest] = name.split('/');
  if (top === 'pgdata' && rest.length && isDatabaseEntry(rest[0]!)) return { kind: 'database', rel: rest.join('/') };
  if (top === 'uploads' && rest.length === 1 && STORED_NAME.test(rest[0]!)) return { kind: 'upload', rel: rest[0]! };
  throw new BackupError(`unexpected member ${name} in the backup`);
}

interface Writer {
  dir(kind: 'database' | 'upload', rel: string): Promise<void>;
  file(kind: 'database' | 'upload', rel: string): Promise<{ chunk(b: Buffer): Promise<void>; end(): Promise<void> }>;
}

async function readBackup(file: string, writer?: Writer): Promise<Manifest & { seen: { files: number; uploads: number } }> {
  let manifest: Manifest | undefined;
  let manifestText = '';
  const seen = { files: 0, uploads: 0 };
  const visit: TarVisitor = {
    async dir(name) {
      if (name === 'pgdata' || name === 'uploads') return;
      const t = targetOf(name, !!manifest);
      if (t.kind === 'manifest') throw new BackupError(`not a trade-lite backup: it does not start with ${MANIFEST}`);
      await writer?.dir(t.kind, t.rel);
    },
    async file(name, size) {
      const t = targetOf(name, !!manifest);
      if (t.kind === 'manifest') {
        if (size > 64 * 1024) throw new BackupError(`not a trade-lite backup: ${MANIFEST} is too large`);
        return {
          chunk: (b) => void (manifestText += b.toString('utf8')),
          end: () => void (manifest = parseManifest(manifestText)),
        };
      }
      if (t.kind === 'database') seen.files++;
      else seen.uploads++;
      return writer ? writer.file(t.kind, t.rel) : { chunk: () => {}, end: () => {} };
    },
  };
  try {
    await readTar(createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(createGunzip({ chunkSize: 1024 * 1024 })) as AsyncIterable<Buffer>, visit);
  } catch (e) {
    if (e instanceof TarError) throw new BackupError(`${file}: ${e.message}`);
    if ((e as NodeJS.ErrnoException).code === 'Z_BUF_ERROR' || (e as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') {
      throw new BackupError(`${file}: not a complete gzip file (${(e as Error).message})`);
    }
    throw e;
  }
  if (!manifest) throw new BackupError(`${file}: not a trade-lite backup`);
  if (seen.files !== manifest.files || seen.uploads !== manifest.uploads) {
    throw new BackupError(`${file}: incomplete: ${seen.files} of ${manifest.files} database files, ${seen.uploads} of ${manifest.uploads} uploads`);
  }
  if (!seen.files) throw new BackupError(`${file}: the backup holds no database`);
  return { ...manifest, seen };
}

/** Reads the whole archive and answers its manifest; throws `BackupError` for a damaged or cut-off one. */
export const checkBackup = (file: string): Promise<Manifest> => readBackup(file);

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

async function syncDir(dir: string): Promise<void> {
  const h = await open(dir, 'r');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

/**
 * Unpacks `file` into `dataDir` (and the uploads into `uploadDir`), both empty or missing; the lock
 * file keeps a server from starting on the directory meanwhile.
 */
export async function restoreBackup(file: string, target: { dataDir: string; uploadDir: string }): Promise<Manifest> {
  const dataDir = path.resolve(target.dataDir);
  const uploadDir = path.resolve(target.uploadDir);
  if (!existsSync(file)) throw new BackupError(`no such file: ${file}`);
  if (!isEmptyDir(dataDir)) throw new BackupError(`${dataDir} is not empty: restore only into an empty DATA_DIR, with the server stopped`);
  if (!isEmptyDir(uploadDir)) throw new BackupError(`${uploadDir} is not empty: restore only into an empty upload folder`);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const release = takeLockFile(path.join(dataDir, LOCK_FILE), (pid) => `a server (process ${pid}) started on ${dataDir}; stop it and empty the directory`);
  const dirs = new Set<string>([dataDir]);
  let marker: Buffer[] | undefined;
  const openFiles = new Set<FileHandle>();
  const rootOf = (kind: 'database' | 'upload') => (kind === 'database' ? dataDir : uploadDir);
  const writer: Writer = {
    async dir(kind, rel) {
      const to = path.join(rootOf(kind), rel);
      await mkdir(to, { recursive: true, mode: 0o700 });
      dirs.add(to);
    },
    async file(kind, rel) {
      if (kind === 'database' && rel === MARKER) {
        marker = [];
        const keep = marker;
        return { chunk: async (b) => void keep.push(Buffer.from(b)), end: async () => {} };
      }
      const to = path.join(rootOf(kind), rel);
      await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
      dirs.add(path.dirname(to));
      const h: FileHandle = await open(to, 'wx', kind === 'database' ? 0o600 : 0o644);
      openFiles.add(h);
      return {
        chunk: async (b) => void (await h.write(b)),
        end: async () => {
          await h.sync();
          await h.close();
          openFiles.delete(h);
        },
      };
    },
  };
  try {
    const manifest = await readBackup(file, writer);
    if (!marker) throw new BackupError(`${file}: the database has no ${MARKER}`);
    for (const dir of dirs) await syncDir(dir);
    const aside = path.join(dataDir, `${MARKER}.new`);
    const h = await open(aside, 'w', 0o600);
    await h.write(Buffer.concat(marker));
    await h.sync();
    await h.close();
    await rename(aside, path.join(dataDir, MARKER));
    await syncDir(dataDir);
    return manifest;
  } catch (e) {
    for (const h of openFiles) await h.close().catch(() => {});
    // Empty again, so the operator can run the same command once the cause is fixed.
    for (const name of readdirSync(dataDir)) if (name !== LOCK_FILE) await rm(path.join(dataDir, name), { recursive: true, force: true });
    if (existsSync(uploadDir)) for (const name of readdirSync(uploadDir)) await rm(path.join(uploadDir, name), { recursive: true, force: true });
    throw e;
  } finally {
    release();
  }
}
