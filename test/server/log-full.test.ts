/**
 * The log's disk fills up while the server is busy: requests keep being answered (log lines are
 * dropped and counted, never waited for), and when space returns the server is still running and
 * writes how many lines it dropped. The real server process writes its log to a file on a small
 * tmpfs made for the test (needs root: skipped otherwise).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { skipWithout, test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { preparedDataDir } from './data-dir.ts';
import { root, serverArgs } from './server-process.ts';
import { mountTmpfs, tmpfsMissing, type Tmpfs } from './tmpfs.ts';

let disk: Tmpfs | null = null;
let child: ChildProcess | undefined;
let dataDir = '';
test.after(() => {
  child?.kill('SIGKILL');
  disk?.unmount();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls that each write log lines at info (request and answer), with a bound on the wait. */
async function burst(base: string, writers: number, each: number): Promise<{ answered: number; slowest: number }> {
  let answered = 0;
  let slowest = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let i = 0; i < each; i++) {
        const started = Date.now();
        const res = await fetch(`${base}/prod-api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"nobody00","password":"x"}', signal: AbortSignal.timeout(10_000) });
        await res.text();
        slowest = Math.max(slowest, Date.now() - started);
        answered++;
      }
    }),
  );
  return { answered, slowest };
}

skipWithout(test, tmpfsMissing())('a full log disk: requests are still answered, lines are dropped and counted, no crash when space returns', async () => {
  disk = mountTmpfs(1);
  dataDir = await preparedDataDir('tl-logfull-', { pglite: true });
  const logFile = path.join(disk.dir, 'server.log');
  const fd = openSync(logFile, 'a');
  child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', PORT: '0', ADMIN_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'no-dist'), LOG_LEVEL: 'info', NODE_ENV: 'test' },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<number | string>((resolve) => child!.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  let port = 0;
  for (const started = Date.now(); !port; await sleep(200)) {
    const m = /trade-lite on http:\/\/localhost:(\d+)/.exec(readFileSync(logFile, 'utf8'));
    if (m) port = Number(m[1]);
    assert.ok(Date.now() - started < 120_000, `the server did not start: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
  }
  const base = `http://127.0.0.1:${port}`;

  const filler = disk.fill();
  const full = await burst(base, 4, 50);
  assert.is(full.answered, 200, 'every request answered while the log disk is full');
  assert.ok(full.slowest < 5000, `none waited on the log (slowest ${full.slowest} ms)`);

  rmSync(filler);
  const after = await burst(base, 4, 5);
  assert.is(after.answered, 20, 'and after space returns');
  assert.is(await Promise.race([exited, sleep(500).then(() => 'running')]), 'running', 'the server is still running');
  assert.match(readFileSync(logFile, 'utf8'), /\d+ log line\(s\) dropped: ENOSPC/, 'the log says how many lines it dropped');
  child.kill('SIGTERM');
  assert.is(await exited, 0, 'and it still stops cleanly');
});

test.run();
