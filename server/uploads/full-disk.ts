/**
 * A full disk refuses every upload until space is freed: the user is told "storage is full" each
 * time, the operator once per episode (one log line when it fills, one when it has space again),
 * so a burst of refused uploads cannot flood the log on the same disk.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../http/envelope.ts';

const FULL = new Set(['ENOSPC', 'EDQUOT']);

export const storageFull = () => new AppError(503, 'upload.storageFull', 'Storage is full, please try again later');

export interface FullDiskWatch {
  /** AppError `upload.storageFull` when `err` says the disk is full (logged once); else `err` itself. */
  failed(err: unknown, log: FastifyBaseLogger): unknown;
  /** A write succeeded: the next full disk is a new episode. */
  stored(log: FastifyBaseLogger): void;
}

export function watchFullDisk(where: string): FullDiskWatch {
  let full = false;
  return {
    failed(err, log) {
      if (!FULL.has((err as NodeJS.ErrnoException).code ?? '')) return err;
      if (!full) log.error({ where, code: (err as NodeJS.ErrnoException).code }, 'upload storage is full: uploads are refused until space is freed');
      full = true;
      return storageFull();
    },
    stored(log) {
      if (full) log.warn({ where }, 'upload storage has space again');
      full = false;
    },
  };
}
