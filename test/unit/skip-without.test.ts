/**
 * A test that needs what this machine lacks is counted as skipped, with the reason printed, not as
 * passed: the totals say what did not run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as assert from 'uvu/assert';
import { test } from '../suite.ts';

const root = path.resolve(import.meta.dirname, '../..');

test('skipWithout: skipped with its reason when something is missing, run when nothing is', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tl-skip-'));
  try {
    writeFileSync(
      path.join(dir, 'needs.test.ts'),
      [
        `import { skipWithout, test } from ${JSON.stringify(pathToFileURL(path.join(root, 'test/suite.ts')).href)};`,
        `skipWithout(test, 'no tmpfs here')('fills a disk', () => {});`,
        `skipWithout(test, false)('reads a file', () => {});`,
        `test.run();`,
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'node_modules/uvu/bin.js', dir, 'needs\\.test\\.ts$'], { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
    const out = run.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    assert.is(run.status, 0, out + run.stderr);
    assert.match(out, 'skip: fills a disk: no tmpfs here');
    assert.match(out, /Total:\s+1\b/);
    assert.match(out, /Passed:\s+1\b/);
    assert.match(out, /Skipped:\s+1\b/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
