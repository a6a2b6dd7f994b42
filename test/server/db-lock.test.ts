import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { skipWithout, suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { DataDirLockedError, openDatabase } from '../../server/db/client.ts';
import { preparedDataDir } from './data-dir.ts';
import { serverArgs } from './server-process.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const test = suite('PGlite data directory lock');
const dirs: string[] = [];
/** A directory of its own holding a database (PGlite, whatever DATABASE_URL says: the lock is PGlite's). */
const fresh = async () => {
  const dir = await preparedDataDir('tl-lock-', { pglite: true });
  dirs.push(dir);
  return dir;
};
const children = new Set<ChildProcess>();
test.after(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const lockFile = (dir: string) => path.join(dir, 'server.lock');
/** The real-server tests share one data directory: only the first start pays for creating the database. */
let serverDir: Promise<string> | undefined;
const serversDir = () => (serverDir ??= fresh());
const procStat = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
};
const statField = (stat: string, i: number) => stat.slice(stat.lastIndexOf(')') + 2).split(' ')[i - 3]!;
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const hasProc = existsSync('/proc/self/stat');

interface Server {
  proc: ChildProcess;
  /** Resolves with the exit code, or the signal's name, whenever the process ends. */
  exited: Promise<number | string>;
  output(): string;
}

const STARTED = /trade-lite on http:\/\/localhost:(\d+)/;

/**
 * The real server (`server/index.ts`) on `dir`, optionally under a wrapper command (e.g. unshare);
 * resolves once it listens, or rejects with what it printed when it exits first.
 */
function serve(dir: string, wrap: string[] = []): { server: Server; started: Promise<number> } {
  const argv = [...wrap, process.execPath, ...serverArgs()];
  const proc = spawn(argv[0]!, argv.slice(1), {
    cwd: root,
    env: { ...process.env, PORT: '0', ADMIN_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(proc);
  let log = '';
  const exited = new Promise<number | string>((resolve) =>
    proc.once('exit', (code, signal) => {
      children.delete(proc);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const started = new Promise<number>((resolve, reject) => {
    proc.stdout!.on('data', (b: Buffer) => {
      log += b.toString();
      const m = STARTED.exec(log);
      if (m) resolve(Number(m[1]));
    });
    proc.stderr!.on('data', (b: Buffer) => (log += b.toString()));
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${log}`)));
  });
  // A server that is meant to be refused never listens; that is not an unhandled failure.
  started.catch(() => {});
  return { server: { proc, exited, output: () => log }, started };
}

/** SIGTERM, as an operator stops it; asserts a clean exit. */
async function stop(server: Server): Promise<void> {
  if (server.proc.exitCode === null) server.proc.kill('SIGTERM');
  assert.is(await server.exited, 0, `clean exit:\n${server.output()}`);
}

test('a second opener of the same directory is refused with a clear message; close releases it', async () => {
  const dir = await fresh();
  const first = await openDatabase({ dataDir: dir });
  try {
    await openDatabase({ dataDir: dir });
    assert.unreachable('the second open must fail');
  } catch (e) {
    assert.instance(e, DataDirLockedError);
    assert.match((e as Error).message, `in use by process ${process.pid}`);
  }
  await first.close();
  assert.not.ok(existsSync(lockFile(dir)), 'the lock file is removed');
});

/** Opens `dir` over a lock someone else left, and checks it is ours now: the database answers, the lock names us, closing removes it. */
const takesOver = async (dir: string, stale: string) => {
  const db = await openDatabase({ dataDir: dir });
  try {
    const lock = readFileSync(lockFile(dir), 'utf8');
    assert.is.not(lock, stale, 'the stale lock is replaced');
    assert.is((JSON.parse(lock) as { pid: number }).pid, process.pid, 'the lock names this process');
    assert.is((await db.pglite!.query<{ one: number }>('select 1 as one')).rows[0]!.one, 1, 'the database answers');
  } finally {
    await db.close();
  }
  assert.not.ok(existsSync(lockFile(dir)), 'closing removes the lock');
};

test('a lock left by a dead process is taken over', async () => {
  const dir = await fresh();
  writeFileSync(lockFile(dir), '999999');
  await takesOver(dir, '999999');
});

test('a lock naming our own pid from an earlier life (PID 1 in a container) is taken over', async () => {
  const dir = await fresh();
  const pid = hasProc ? Number(readlinkSync('/proc/self')) : process.pid;
  for (const stale of [String(pid), JSON.stringify({ pid, start: '1', boot: hasProc ? bootId() : undefined, token: 'earlier' })]) {
    writeFileSync(lockFile(dir), stale);
    await takesOver(dir, stale);
  }
});

skipWithout(test, !hasProc && 'no /proc on this system, start times cannot be read')('a lock naming an unrelated live process that reused the pid is taken over; the real owner is refused', async () => {
  const dir = await fresh();
  const other = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.add(other);
  try {
    const start = statField(procStat(other.pid!)!, 22);
    const reused = JSON.stringify({ pid: other.pid, start: String(Number(start) - 100), boot: bootId() });
    writeFileSync(lockFile(dir), reused);
    await takesOver(dir, reused);

    writeFileSync(lockFile(dir), JSON.stringify({ pid: other.pid, start, boot: bootId() }));
    try {
      await openDatabase({ dataDir: dir });
      assert.unreachable('a live owner keeps its lock');
    } catch (e) {
      assert.instance(e, DataDirLockedError);
      assert.match((e as Error).message, `in use by process ${other.pid}`);
    }
  } finally {
    other.kill('SIGKILL');
  }
});

skipWithout(test, !hasProc && 'no /proc on this system')('kill -9, restart at once: a server killed and not yet reaped (a zombie) does not block the next', async () => {
  const dir = await serversDir();
  // The shell starts the server, prints its pid, and becomes `sleep`, which never reaps it.
  const { server, started } = serve(dir, ['sh', '-c', '"$@" & echo "pid=$!"; exec sleep 300', 'sh']);
  await started;
  const pid = Number(/pid=(\d+)/.exec(server.output())![1]);
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 100 && statField(procStat(pid) ?? ') X', 3) !== 'Z'; i++) await new Promise((r) => setTimeout(r, 20));
  assert.is(statField(procStat(pid)!, 3), 'Z', 'the killed server is a zombie');

  const next = serve(dir);
  await next.started;
  assert.is(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid, next.server.proc.pid, 'the new server holds the lock');
  await stop(next.server);
  assert.not.ok(existsSync(lockFile(dir)), 'a clean stop removes the lock');
  server.proc.kill('SIGKILL');
  await server.exited;
});

const unshare = spawnSync('unshare', ['--pid', '--fork', 'true'], { encoding: 'utf8' });
const noUnshare = (unshare.error || unshare.status !== 0) && `unshare --pid --fork is not permitted here (${unshare.error?.message ?? unshare.stderr.trim()})`;

skipWithout(test, noUnshare)('kill -9, restart at once under `unshare --pid --fork` (the server is PID 1 in each life)', async () => {
  const withProc = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;
  const variants = [['unshare', '--pid', '--fork', '--kill-child']];
  if (withProc) variants.push(['unshare', '--pid', '--fork', '--kill-child', '--mount-proc']);
  else console.log('  --mount-proc not permitted: testing the shared /proc variant only');
  const dir = await serversDir();
  for (const wrap of variants) {
    for (let life = 1; life <= 2; life++) {
      const { server, started } = serve(dir, wrap);
      try {
        await started;
      } catch (e) {
        assert.unreachable(`${wrap.join(' ')}: life ${life} did not start: ${(e as Error).message}`);
      }
      assert.ok(existsSync(lockFile(dir)));
      // SIGKILL to unshare; --kill-child passes it on to the server.
      server.proc.kill('SIGKILL');
      await server.exited;
    }
  }
});

test('two live servers on one directory: the second is refused and the first keeps serving', async () => {
  const dir = await serversDir();
  const first = serve(dir);
  const port = await first.started;
  const second = serve(dir);
  const code = await second.server.exited;
  assert.is(code, 1);
  assert.match(second.server.output(), `in use by process ${first.server.proc.pid}`);
  const res = await fetch(`http://127.0.0.1:${port}/prod-api/common/config/list`);
  assert.is(((await res.json()) as { code: number }).code, 200, 'the first server still answers');
  await stop(first.server);
});

test.run();
