/**
 * A small tmpfs of the test's own, to fill up: full-disk tests need a real file system that says
 * ENOSPC. Mounting needs root (tests run as root here and in CI); elsewhere `tmpfsMissing()` says
 * why, for the test to be skipped with that reason.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Tmpfs {
  dir: string;
  /** Writes a file until the file system is full; answers its path. */
  fill(): string;
  unmount(): void;
}

/** Why no tmpfs can be mounted here (a one-megabyte one is tried), or null when one can. */
export function tmpfsMissing(): string | null {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  try {
    mountTmpfs(1).unmount();
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

export function mountTmpfs(sizeMb: number): Tmpfs {
  const dir = mkdtempSync(path.join(tmpdir(), 'tl-tmpfs-'));
  const res = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { encoding: 'utf8' });
  if (res.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`cannot mount a tmpfs: ${res.error?.message ?? res.stderr.trim()}`);
  }
  return {
    dir,
    fill() {
      const file = path.join(dir, 'filler');
      const fd = openSync(file, 'w');
      const chunk = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
      } finally {
        closeSync(fd);
      }
      // The last partial chunk may leave a few bytes: fill those too.
      const tail = openSync(file, 'a');
      try {
        for (;;) writeSync(tail, Buffer.alloc(1, 1));
      } catch {
        // Full to the last byte.
      } finally {
        closeSync(tail);
      }
      return file;
    },
    unmount() {
      spawnSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
