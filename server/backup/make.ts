/**
 * Making a backup of this server: the gzipped archive as a stream (the admin API sends it to the
 * command line) or as a file (the daily job). PGlite only: PostgreSQL has its own tools
 * (pg_dump, continuous archiving), see docs/operator.md#backups.
 */
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { ServerContext } from '../context.ts';
import { AppError } from '../http/envelope.ts';
import { storageOf } from '../uploads/routes.ts';
import { backupArchive, type Manifest } from './archive.ts';

export const onPostgres = () =>
  new AppError(409, 'backup.postgres', 'This server keeps its data in PostgreSQL: back it up with pg_dump or continuous archiving (docs/operator.md#backups)');

/** The archive of this server's data, gzipped, and its manifest. */
export async function makeBackup(ctx: ServerContext): Promise<{ stream: Readable; manifest: Manifest }> {
  const pglite = ctx.database.pglite;
  if (!pglite) throw onPostgres();
  const { bytes, manifest } = await backupArchive({ pglite, dataDir: ctx.config.dataDir, uploadDir: storageOf(ctx).where, now: ctx.clock.now() });
  // Few large pieces: each is a job in libuv's thread pool, queued behind a busy server's hashing.
  const gzip = createGzip({ level: 6, chunkSize: 256 * 1024 });
  // Errors reach the reader of `gzip` (pipeline destroys it with them); nothing else waits here.
  pipeline(Readable.from(bytes), gzip).catch(() => {});
  return { stream: gzip, manifest };
}

/** Writes a backup to `file` whole or not at all (through `<file>.part`, flushed, then renamed). */
export async function writeBackupFile(ctx: ServerContext, file: string): Promise<Manifest> {
  const part = `${file}.part`;
  const { stream, manifest } = await makeBackup(ctx);
  try {
    await pipeline(stream, createWriteStream(part, { mode: 0o600 }));
    await syncPath(part);
    await rename(part, file);
    await syncPath(path.dirname(file));
    return manifest;
  } catch (e) {
    stream.destroy();
    await rm(part, { force: true });
    throw e;
  }
}

async function syncPath(p: string): Promise<void> {
  const h = await open(p, 'r');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}
