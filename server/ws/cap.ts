/**
 * How many push sockets one process holds at most (docs/deployment.md#push-sockets). A socket past
 * the cap is told why (`socket.full`) and closed with 1013 "try again later", which the app answers
 * by waiting longer before it asks again; without a cap the process would go on accepting until
 * its heap or its file descriptors ran out, and then fail every socket and request alike.
 */
import { readFileSync } from 'node:fs';

/**
 * What npm start's 128 MB heap holds: the server idles at about 47 MB of heap, and an
 * authenticated idle socket took about 5.8 KB more (`npm run bench:sockets`): 10,000 sockets came
 * to 102–106 MB, and 14,000 without a cap ran the process out of heap. Raise it together with
 * --max-old-space-size.
 */
export const DEFAULT_MAX_SOCKETS = 10_000;
/** Descriptors kept for what is not a socket: database connections, files, incoming requests. */
const FD_RESERVE = 512;

/** The soft limit of open files (`ulimit -n`) from /proc, or null where it cannot be read. */
export function openFileLimit(limits = readProcLimits()): number | null {
  const m = limits && /^Max open files\s+(\d+|unlimited)/m.exec(limits);
  if (!m) return null;
  return m[1] === 'unlimited' ? null : Number(m[1]);
}

function readProcLimits(): string | null {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}

/**
 * WS_MAX_SOCKETS when set (0 refuses every socket); otherwise the default, lowered to what
 * `ulimit -n` leaves after the reserve, so the refusal is ours and not the kernel's EMFILE.
 */
export function maxSocketsFromEnv(env: NodeJS.ProcessEnv = process.env, fileLimit = openFileLimit()): number {
  const raw = env.WS_MAX_SOCKETS;
  if (raw !== undefined && raw !== '') {
    if (!/^\d+$/.test(raw)) throw new Error(`WS_MAX_SOCKETS must be a whole number of sockets, got "${raw}"`);
    return Number(raw);
  }
  return fileLimit === null ? DEFAULT_MAX_SOCKETS : Math.max(0, Math.min(DEFAULT_MAX_SOCKETS, fileLimit - FD_RESERVE));
}
