/**
 * The tar (ustar) format of backup archives, streamed both ways so a backup of any size passes
 * through a few blocks of memory: `tarStream` yields an archive's bytes from files on disk,
 * `readTar` hands each member of an archive to the caller as it arrives. Regular files and
 * directories only, names of at most 100 bytes (the archive's own names are short), and a member
 * name that could leave the target directory is refused. `tar -tzf` lists what this writes.
 */
import { closeSync, openSync, readSync } from 'node:fs';

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);

export type TarMember =
  | { name: string; kind: 'dir' }
  | { name: string; kind: 'file'; size: number; from: string }
  | { name: string; kind: 'file'; size: number; bytes: Buffer };

export class TarError extends Error {}

function header(name: string, size: number, kind: 'file' | 'dir'): Buffer {
  if (Buffer.byteLength(name) > 100) throw new TarError(`member name longer than 100 bytes: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0);
  const octal = (value: number, from: number, length: number) => h.write(value.toString(8).padStart(length - 1, '0') + '\0', from, 'ascii');
  octal(kind === 'dir' ? 0o700 : 0o600, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(Date.now() / 1000), 136, 12);
  h.write(kind === 'dir' ? '5' : '0', 156, 'ascii');
  h.write('ustar\u000000', 257, 'ascii');
  h.fill(' ', 148, 156);
  const sum = h.reduce((a, b) => a + b, 0);
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return h;
}

/** Read a slice at a time, between which the caller's event loop runs. */
const SLICE = 1024 * 1024;

/**
 * A file's bytes, read synchronously: a database is a thousand small files, and on a busy server
 * every asynchronous open, read and close waits in libuv's four-thread pool behind password
 * hashing and compression, which made a backup under load take minutes instead of seconds. A
 * slice from the page cache takes well under a millisecond.
 */
function* fileChunks(file: string, size: number): Generator<Buffer> {
  const fd = openSync(file, 'r');
  try {
    let read = 0;
    for (;;) {
      const buffer = Buffer.allocUnsafe(Math.min(SLICE, Math.max(size - read, 1)));
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (!n) break;
      read += n;
      if (read > size) throw new TarError(`${file} grew while it was archived`);
      yield buffer.subarray(0, n);
    }
    if (read !== size) throw new TarError(`${file} shrank while it was archived`);
  } finally {
    closeSync(fd);
  }
}

const padding = (size: number) => ZEROS.subarray(0, (BLOCK - (size % BLOCK)) % BLOCK);

/**
 * The archive of `members`, in order. A file is read when its turn comes, and must still have the
 * size it was listed with: a file that changed in between would make the archive unreadable.
 */
export async function* tarStream(members: AsyncIterable<TarMember> | Iterable<TarMember>): AsyncGenerator<Buffer> {
  for await (const m of members) {
    if (m.kind === 'dir') {
      yield header(m.name.endsWith('/') ? m.name : `${m.name}/`, 0, 'dir');
      continue;
    }
    yield header(m.name, m.size, 'file');
    if ('bytes' in m) yield m.bytes;
    else yield* fileChunks(m.from, m.size);
    yield padding(m.size);
  }
  yield ZEROS;
}

/**
 * A member's path inside the archive, refused if it could leave the directory it is unpacked into
 * (backups, and the shipped data directory template in db/template.ts).
 */
export function memberName(h: Buffer): string {
  const field = (from: number, length: number) => {
    const raw = h.subarray(from, from + length);
    const end = raw.indexOf(0);
    return raw.subarray(0, end < 0 ? length : end).toString('utf8');
  };
  const prefix = field(345, 155);
  const name = (prefix ? `${prefix}/` : '') + field(0, 100);
  const parts = name.split('/').filter((p) => p && p !== '.');
  if (name.startsWith('/') || parts.some((p) => p === '..')) throw new TarError(`unsafe member name ${name}`);
  return parts.join('/');
}

function checksumOk(h: Buffer): boolean {
  const stored = parseInt(h.subarray(148, 156).toString('ascii').replace(/\0/g, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  return sum === stored;
}

export interface TarVisitor {
  dir(name: string): Promise<void> | void;
  /** Called once per file; `chunk` for each piece of its content, then `end`. */
  file(name: string, size: number): Promise<{ chunk(data: Buffer): Promise<void> | void; end(): Promise<void> | void }>;
}

/** Reads an archive to its end marker; throws `TarError` on a damaged or cut-off archive. */
export async function readTar(input: AsyncIterable<Buffer>, visit: TarVisitor): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let current: { left: number; pad: number; sink?: Awaited<ReturnType<TarVisitor['file']>> } | undefined;
  let ended = false;
  for await (const chunk of input) {
    if (ended) continue;
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (current) {
        if (current.left > 0) {
          if (!pending.length) break;
          const part = pending.subarray(0, Math.min(current.left, pending.length));
          await current.sink?.chunk(part);
          current.left -= part.length;
          pending = pending.subarray(part.length);
          continue;
        }
        if (pending.length < current.pad) break;
        pending = pending.subarray(current.pad);
        await current.sink?.end();
        current = undefined;
        continue;
      }
      if (pending.length < BLOCK) break;
      const h = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (h.every((b) => b === 0)) {
        ended = true;
        break;
      }
      if (!checksumOk(h)) throw new TarError('damaged archive: a header checksum does not match');
      const name = memberName(h);
      const size = parseInt(h.subarray(124, 136).toString('ascii').replace(/\0/g, '').trim() || '0', 8);
      const type = String.fromCharCode(h[156]!);
      if (type === '5') {
        await visit.dir(name);
        current = { left: 0, pad: 0 };
      } else if (type === '0' || type === '\0') {
        current = { left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK, sink: await visit.file(name, size) };
      } else throw new TarError(`unexpected member type ${type} for ${name}`);
    }
  }
  if (!ended) throw new TarError('the archive is cut off: it ends before its end marker');
}
