/**
 * A test that fails in a whole run and passes when its file runs again alone passes the suite, and
 * is kept, with its file, name and assertion, in the run's flakes file that CI prints at its end.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as assert from 'uvu/assert';
import { test } from '../suite.ts';

const root = path.resolve(import.meta.dirname, '../..');

test('a test that fails once and passes alone is written to the flakes file: file, test and assertion', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tl-flaky-'));
  try {
    const mark = path.join(dir, 'ran');
    writeFileSync(
      path.join(dir, 'once.test.ts'),
      [
        `import { existsSync, writeFileSync } from 'node:fs';`,
        `import { test } from ${JSON.stringify(pathToFileURL(path.join(root, 'test/suite.ts')).href)};`,
        `test('passes the second time', () => {`,
        `  const first = !existsSync(${JSON.stringify(mark)});`,
        `  writeFileSync(${JSON.stringify(mark)}, '');`,
        `  if (first) throw new Error('the first run fails');`,
        `});`,
        `test.run();`,
      ].join('\n'),
    );
    const log = path.join(dir, 'flakes.log');
    const run = spawnSync(process.execPath, ['scripts/test-again.mjs', dir, 'once\\.test\\.ts$'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, FLAKES_LOG: log, TEST_FAILED_FILES: '', TEST_FAILURES: '' },
    });
    assert.is(run.status, 0, `the suite passes on the second run:\n${run.stdout}${run.stderr}`);
    assert.match(run.stdout, 'flaky: once.test.ts');
    assert.is(readFileSync(log, 'utf8'), `${dir} once.test.ts › passes the second time: the first run fails\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
