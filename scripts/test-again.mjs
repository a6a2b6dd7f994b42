/**
 * `node scripts/test-again.mjs <dir> <pattern>`: runs uvu on the test files of `dir` matching
 * `pattern`, as `uvu <dir> <pattern>` does, then runs each file that had a failed test once more,
 * alone. It passes when the second run of every such file passes, and then says which files needed
 * it, after their first failure's output: a test that fails only when the machine is loaded (a
 * timer read late, a page slower than a bound) is named, not hidden, and a test that fails for a
 * reason fails both times. A run that ended without uvu's totals (a crash) is not run again.
 * Each flaky failure (file, test, assertion) is added to the run's flakes file (scripts/flakes.mjs).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { failuresIn, FLAKES_LOG, recordFlakes } from './flakes.mjs';

const [dir, pattern] = process.argv.slice(2);
if (!dir || !pattern) {
  console.error('usage: node scripts/test-again.mjs <dir> <pattern>');
  process.exit(2);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'test-again-'));

/** Runs uvu with its output passed through; answers its exit code, what it printed and the files that failed. */
const uvu = (filePattern, list) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'node_modules/uvu/bin.js', dir, filePattern], {
      env: { ...process.env, TEST_FAILED_FILES: list, TEST_FAILURES: `${list}.failures` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b) => {
      output += b;
      process.stdout.write(b);
    });
    child.stderr.on('data', (b) => process.stderr.write(b));
    child.on('close', (code, signal) => {
      let failed = [];
      try {
        failed = readFileSync(list, 'utf8').split('\n').filter(Boolean);
      } catch {
        // Not written: the process died before exiting normally.
      }
      resolve({ ok: code === 0, signal, output, failed });
    });
  });

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let code = 1;
try {
  const first = await uvu(pattern, path.join(scratch, 'first'));
  const finished = /Total:\s+\d+/.test(first.output.replace(/\x1b\[[0-9;]*m/g, ''));
  if (first.ok) code = 0;
  else if (!finished || !first.failed.length) {
    console.log(`\ntest-again: the run ended ${finished ? 'with no failed test named' : 'before its totals'}; nothing run again`);
  } else {
    console.log(`\ntest-again: running again, alone: ${first.failed.join(', ')}`);
    const second = await uvu(`^(?:${first.failed.map(escape).join('|')})$`, path.join(scratch, 'second'));
    if (second.ok) {
      code = 0;
      recordFlakes(dir, first.failed, failuresIn(path.join(scratch, 'first.failures')));
      console.log(`\nflaky: ${first.failed.join(', ')} failed in the whole run and passed alone (the first failure is above; kept in ${FLAKES_LOG})`);
    } else {
      console.log(`\ntest-again: failed again: ${second.failed.join(', ') || first.failed.join(', ')}`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(code);
