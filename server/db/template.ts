/**
 * A new PGlite data directory from a shipped copy of a freshly initialised one, instead of initdb.
 *
 * PGlite's initdb runs a second database instance beside the first, and WebAssembly memory never
 * shrinks: a first start peaked at about 800 MB and kept 430 MB. Unpacking the same files costs
 * a few MB. The copy is made by `npm run db:template` with the installed PGlite (its catalog must
 * match the engine's, hence the version in the file name); without one for the installed version
 * the server falls back to initdb.
 *
 * Crash safety: every file is written and flushed before `PG_VERSION`, which is what makes PGlite
 * (and this module) take a directory as initialised. A start interrupted while unpacking finds no
 * `PG_VERSION` and unpacks again over the same names.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createBrotliDecompress } from 'node:zlib';
import { memberName } from '../backup/tar.ts';

const MARKER = 'PG_VERSION';
const BLOCK = 512;

/** The installed PGlite's version, which the template must have been made with. */
export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the template for the installed PGlite lives: beside the migrations, as deployed. */
export const templateFile = (migrations: string): string =>
  path.resolve(migrations, '..', 'pgdata-template', `pglite-${pgliteVersion()}.tar.br`);

export const isInitialised = (dataDir: string): boolean => existsSync(path.join(dataDir, MARKER));

function syncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Unpacks the template into `dataDir` (which may hold the lock file). Returns false, leaving the
 * directory as it was, when there is no template for the installed PGlite.
 */
export async function unpackTemplate(dataDir: string, file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  mkdirSync(dataDir, { recursive: true });
  const dirs = new Set<string>([dataDir]);
  let marker: Buffer | undefined;
  let pending: Buffer = Buffer.alloc(0);
  // The member being read: its file (undefined for a directory or the marker) and bytes left.
  let current: { fd?: number; left: number; padding: number; keep?: Buffer[] } | undefined;
  const finishFile = () => {
    if (current?.fd !== undefined) {
      fsyncSync(current.fd);
      closeSync(current.fd);
    }
    if (current?.keep) marker = Buffer.concat(current.keep);
    current = undefined;
  };
  try {
    for await (const chunk of createReadStream(file).pipe(createBrotliDecompress()) as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (current) {
          if (current.left > 0) {
            if (!pending.length) break;
            const part = pending.subarray(0, Math.min(current.left, pending.length));
            if (current.fd !== undefined) writeSync(current.fd, part);
            else current.keep?.push(Buffer.from(part));
            current.left -= part.length;
            pending = pending.subarray(part.length);
            continue;
          }
          if (pending.length < current.padding) break;
          pending = pending.subarray(current.padding);
          finishFile();
          continue;
        }
        if (pending.length < BLOCK) break;
        const header = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        // Two zero blocks end the archive; one is enough to stop reading.
        if (header.every((b) => b === 0)) continue;
        const name = memberName(header);
        const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0/g, '').trim() || '0', 8);
        const type = String.fromCharCode(header[156]!);
        const target = path.join(dataDir, name);
        const padding = (BLOCK - (size % BLOCK)) % BLOCK;
        if (type === '5') {
          mkdirSync(target, { recursive: true, mode: 0o700 });
          dirs.add(target);
          current = { left: 0, padding: 0 };
        } else if (type === '0' || type === '\0') {
          mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
          dirs.add(path.dirname(target));
          current = name === MARKER ? { left: size, padding, keep: [] } : { fd: openSync(target, 'w', 0o600), left: size, padding };
        } else throw new Error(`data directory template: unexpected member type ${type} for ${name}`);
      }
    }
    finishFile();
  } catch (e) {
    if (current?.fd !== undefined) closeSync(current.fd);
    throw e;
  }
  if (!marker) throw new Error(`data directory template ${file} has no ${MARKER}`);
  for (const dir of dirs) syncDir(dir);
  const aside = path.join(dataDir, `${MARKER}.new`);
  const fd = openSync(aside, 'w', 0o600);
  try {
    writeSync(fd, marker);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(aside, path.join(dataDir, MARKER));
  syncDir(dataDir);
  return true;
}
