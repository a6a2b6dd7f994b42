/**
 * One server per PGlite data directory: two processes on one directory silently lose data.
 *
 * The lock file names its owner by more than a pid, because a pid alone cannot tell a crashed
 * owner from a live one: a container's server is PID 1 in every life, a pid is reused by an
 * unrelated process, and a killed server stays a zombie until its parent reaps it. On Linux the
 * owner is the pid as /proc numbers it, that process's start time and the boot id, all read from
 * the same /proc, so they agree whatever pid namespace each server runs in. Elsewhere the pid and a
 * per-process token stand in. The file appears whole (written aside, then hard-linked into place)
 * and a stale one is moved aside before it is removed, so two servers starting at once cannot
 * both take it.
 */
import { linkSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

export class DataDirLockedError extends Error {}

interface Owner {
  pid: number;
  /** Field 22 of /proc/<pid>/stat: clock ticks after boot when the process started. */
  start?: string;
  boot?: string;
  /** Random per process; tells this process from an earlier one that had the same pid. */
  token?: string;
}

const TOKEN = randomBytes(8).toString('hex');

/** Field `index` (1-based, as proc(5) counts) of a /proc/<pid>/stat line. */
function statField(stat: string, index: number): string | undefined {
  // The command name (field 2) may hold spaces and parentheses; the rest follows its last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[index - 3];
}

const readStat = (pid: number | 'self'): string | undefined => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
};

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

function self(): Owner {
  const stat = readStat('self');
  if (stat) {
    // /proc/self names us as this /proc does, which is what another server reading it will see.
    let pid = process.pid;
    try {
      pid = Number(readlinkSync('/proc/self'));
    } catch {
      // A /proc without the self link: our own pid is then the one it uses.
    }
    return { pid, start: statField(stat, 22), boot: bootId(), token: TOKEN };
  }
  return { pid: process.pid, token: TOKEN };
}

function parseOwner(text: string): Owner | undefined {
  const trimmed = text.trim();
  // Lock files of earlier versions hold only the pid.
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const owner = JSON.parse(trimmed) as Owner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process the lock names is still running (not dead, not a zombie, not a newcomer with its pid). */
export function ownerAlive(owner: Owner, me: Owner = self()): boolean {
  if (owner.token === me.token && owner.pid === me.pid) return true;
  if (owner.start !== undefined && me.start !== undefined) {
    if (owner.boot && me.boot && owner.boot !== me.boot) return false;
    const stat = readStat(owner.pid);
    if (!stat) return false;
    const state = statField(stat, 3);
    if (state === 'Z' || state === 'X' || state === 'x') return false;
    return statField(stat, 22) === owner.start;
  }
  // Our own pid, not written by this process: an earlier life of ours (PID 1 in a container).
  if (owner.pid === me.pid) return false;
  if (me.start !== undefined) {
    const stat = readStat(owner.pid);
    if (!stat) return false;
    const state = statField(stat, 3);
    if (state === 'Z' || state === 'X' || state === 'x') return false;
  }
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const code = (e: unknown) => (e as NodeJS.ErrnoException).code;
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/** Takes `file` for this process; returns the release function. Throws DataDirLockedError when a live server holds it. */
export function takeLockFile(file: string, describe: (pid: number) => string): () => void {
  const me = self();
  const text = JSON.stringify(me) + '\n';
  const draft = `${file}.${me.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, text);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        try {
          linkSync(draft, file);
        } catch (e) {
          if (!NO_HARD_LINKS.has(code(e)!)) throw e;
          // A file system without hard links: create it exclusively instead.
          writeFileSync(file, text, { flag: 'wx' });
        }
        return () => {
          try {
            if (readFileSync(file, 'utf8') === text) rmSync(file, { force: true });
          } catch (e) {
            if (code(e) !== 'ENOENT') throw e;
          }
        };
      } catch (e) {
        if (code(e) !== 'EEXIST') throw e;
      }
      let held: string;
      try {
        held = readFileSync(file, 'utf8');
      } catch (e) {
        if (code(e) === 'ENOENT') continue;
        throw e;
      }
      const owner = parseOwner(held);
      if (owner && ownerAlive(owner, me)) throw new DataDirLockedError(describe(owner.pid));
      // Stale. Move it aside first: of two servers doing this at once, only one gets the file.
      const aside = `${file}.stale-${randomBytes(4).toString('hex')}`;
      try {
        renameSync(file, aside);
      } catch (e) {
        if (code(e) === 'ENOENT') continue;
        throw e;
      }
      if (readFileSync(aside, 'utf8') !== held) {
        // A live server's fresh lock replaced the stale one meanwhile: give it back.
        try {
          linkSync(aside, file);
        } catch {
          // Another starter already holds the name; the next attempt judges that one.
        }
      }
      rmSync(aside, { force: true });
    }
    throw new DataDirLockedError(`Could not take the lock file ${file}.`);
  } finally {
    rmSync(draft, { force: true });
  }
}
