/**
 * A backup of a running server on PGlite: one gzipped tar holding `backup.json` (what it is), the
 * database's data directory under `pgdata/`, and the uploaded files under `uploads/`.
 *
 * Consistency without stopping: the database files are copied aside while PGlite runs nothing
 * (after any open transaction has ended, before the next statement starts), a moment or two for
 * a small deployment's tens of MB; a CHECKPOINT just before keeps the WAL a restore replays short.
 * Requests wait for that moment and are then answered as usual. The archive is then packed from
 * the copy, at the client's pace, with the database running. Uploads are read after the database
 * is copied: a row names a file only once the file is complete, so every file the copied rows name
 * is there (files added meanwhile come along, unnamed, and the stray-upload job removes them).
 */
import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteVersion } from '../db/template.ts';
import { STORED_NAME } from '../uploads/storage.ts';
import { tarStream, type TarMember } from './tar.ts';

export const MANIFEST = 'backup.json';
export const FORMAT = 'trade-lite-backup';

export interface Manifest {
  format: typeof FORMAT;
  version: 1;
  database: 'pglite';
  /** The PGlite that wrote the data files; a restore needs one that reads them. */
  pglite: string;
  createdAt: string;
  files: number;
  uploads: number;
}

/** What PostgreSQL keeps in a data directory; the rest of DATA_DIR (lock, key, uploads, backups) is ours. */
export const isDatabaseEntry = (name: string): boolean =>
  name === 'PG_VERSION' || name === 'base' || name === 'global' || name.startsWith('pg_') || /^postgresql(\.auto)?\.conf$/.test(name);

/** The database's files and directories under `root`, relative, parents first. */
function walkSync(root: string, rel = ''): { name: string; dir: boolean }[] {
  const out: { name: string; dir: boolean }[] = [];
  for (const e of readdirSync(path.join(root, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const name = rel ? `${rel}/${e.name}` : e.name;
    if (!rel && !isDatabaseEntry(e.name)) continue;
    if (e.isDirectory()) out.push({ name, dir: true }, ...walkSync(root, name));
    else if (e.isFile()) out.push({ name, dir: false });
  }
  return out;
}

/** Copies the database files of `dataDir` into `into` while PGlite is idle; answers how many files. */
async function copyDatabase(pglite: PGlite, dataDir: string, into: string): Promise<number> {
  await pglite.exec('CHECKPOINT');
  // The transaction lock waits for an open transaction to end; the query lock keeps the next
  // statement out. Taken in the order a transaction takes them, so neither waits on the other.
  // Synchronous copies: the database waits for this anyway, and queued in libuv's thread pool
  // behind a busy server's password hashing the copy took many times longer.
  return pglite._runExclusiveTransaction(() =>
    pglite.runExclusive(async () => {
      let files = 0;
      for (const entry of walkSync(dataDir)) {
        const to = path.join(into, entry.name);
        if (entry.dir) mkdirSync(to, { recursive: true });
        else {
          copyFileSync(path.join(dataDir, entry.name), to);
          files++;
        }
      }
      return files;
    }),
  );
}

export interface BackupSource {
  pglite: PGlite;
  dataDir: string;
  /** The local folder of uploads; absent when there is none yet. */
  uploadDir: string;
  now: number;
}

/**
 * Copies the database aside (see the header), then answers the archive's bytes (a tar, to be
 * gzipped by the caller) and the manifest. The copy is removed when the bytes are read or dropped.
 */
export async function backupArchive(source: BackupSource): Promise<{ bytes: AsyncGenerator<Buffer>; manifest: Manifest }> {
  const staging = await mkdtemp(path.join(source.dataDir, '.backup-'));
  try {
    const files = await copyDatabase(source.pglite, source.dataDir, staging);
    const uploads = (await readdir(source.uploadDir).catch(() => [] as string[])).filter((n) => STORED_NAME.test(n)).sort();
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      database: 'pglite',
      pglite: pgliteVersion(),
      createdAt: new Date(source.now).toISOString(),
      files,
      uploads: uploads.length,
    };
    const members = async function* (): AsyncGenerator<TarMember> {
      yield { name: MANIFEST, kind: 'file', ...sized(JSON.stringify(manifest, null, 2) + '\n') };
      yield { name: 'pgdata', kind: 'dir' };
      for (const entry of walkSync(staging)) {
        const from = path.join(staging, entry.name);
        yield entry.dir ? { name: `pgdata/${entry.name}`, kind: 'dir' } : { name: `pgdata/${entry.name}`, kind: 'file', from, size: statSync(from).size };
      }
      yield { name: 'uploads', kind: 'dir' };
      for (const name of uploads) {
        const from = path.join(source.uploadDir, name);
        const size = statOrNull(from)?.size ?? -1;
        // Removed since the listing (a stray upload): no row names it.
        if (size >= 0) yield { name: `uploads/${name}`, kind: 'file', from, size };
      }
    };
    const bytes = async function* () {
      try {
        yield* tarStream(members());
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    };
    return { bytes: bytes(), manifest };
  } catch (e) {
    await rm(staging, { recursive: true, force: true });
    throw e;
  }
}

const statOrNull = (file: string) => statSync(file, { throwIfNoEntry: false });

const sized = (text: string) => {
  const bytes = Buffer.from(text);
  return { bytes, size: bytes.length };
};

/** Leftovers of a backup cut short by a crash (the copies are named `.backup-*` in DATA_DIR). */
export async function removeStaleCopies(dataDir: string): Promise<void> {
  for (const name of await readdir(dataDir).catch(() => [] as string[])) {
    if (name.startsWith('.backup-')) await rm(path.join(dataDir, name), { recursive: true, force: true });
  }
}
