/**
 * Where uploaded files live. The local folder is the default; several processes behind a load
 * balancer need a shared folder or another implementation (object storage) of the same interface.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { typeOfName } from './sniff.ts';

export interface StoredFile {
  stream: Readable;
  type: string;
  size: number;
}

export interface Storage {
  /** Where the files go, for the operator's log. */
  readonly where: string;
  /**
   * Stores `bytes` under `name`; names are unique, so an existing name is an error. All or
   * nothing: a write that fails (a full disk) leaves no partial file behind.
   */
  put(name: string, bytes: Uint8Array, type: string): Promise<void>;
  /** Removes the file; a name with no file is not an error. */
  remove(name: string): Promise<void>;
  /** The file, or null when no file has that name. */
  get(name: string): Promise<StoredFile | null>;
}

/** Names the upload route writes: 128 random bits in hex plus the sniffed extension. */
export const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

export function localFolderStorage(dir: string): Storage {
  const root = path.resolve(dir);
  const fileOf = (name: string) => {
    if (!STORED_NAME.test(name)) throw new Error(`not a stored file name: ${name}`);
    return path.join(root, name);
  };
  let ready: Promise<unknown> | undefined;
  return {
    where: root,
    async put(name, bytes) {
      const file = fileOf(name);
      await (ready ??= mkdir(root, { recursive: true }));
      const handle = await open(file, 'wx', 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.close();
      } catch (e) {
        await handle.close().catch(() => {});
        await rm(file, { force: true }).catch(() => {});
        throw e;
      }
    },
    async remove(name) {
      await rm(fileOf(name), { force: true });
    },
    async get(name) {
      if (!STORED_NAME.test(name)) return null;
      const type = typeOfName(name);
      const file = fileOf(name);
      try {
        const info = await stat(file);
        if (!info.isFile() || !type) return null;
        return { stream: createReadStream(file), type, size: info.size };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
  };
}
