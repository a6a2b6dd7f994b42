import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { suite } from '../suite.ts';
import { root } from './server-process.ts';

const test = suite('test suites: a set-up that throws fails the run instead of passing with no test run');

test('a before hook that throws fails each test of its suite with its error, and the run exits 1', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/server/suite-fixture.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const output = run.stdout + run.stderr;
  assert.is(run.status, 1, output);
  assert.is(output.match(/not run: a before hook of the suite failed: Error: the database did not start/g)?.length, 2, output);
  assert.match(output, /Total:\s+3\s+Passed:\s+1\s/, output);
});

test('every test file takes its suite from test/suite.ts, not from uvu directly', () => {
  const files = ['unit', 'server', 'e2e'].flatMap((tier) =>
    readdirSync(path.join(root, 'test', tier))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => path.join('test', tier, f)),
  );
  assert.ok(files.length > 100, `${files.length} test files found`);
  const direct = files.filter((f) => /^import .* from 'uvu';$/m.test(readFileSync(path.join(root, f), 'utf8')));
  assert.equal(direct, [], 'these import uvu directly, where a failed set-up passes silently');
});

test.run();
