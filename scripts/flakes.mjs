/**
 * Flaky failures, kept: a test that failed in a whole run and passed when its file ran again alone
 * is written to one file a run, which CI prints at its end (.ci/run), so that each one is looked at
 * rather than lost in a log that passed. Each test process writes its failures as they happen
 * (test/suite.ts, to the file named by TEST_FAILURES); the runner that ran the file again copies
 * those of the files that passed the second time.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Under the ignored test output (or where FLAKES_LOG says): one line a flaky failure. */
export const FLAKES_LOG = process.env.FLAKES_LOG || path.join('test-results', 'flakes.log');

/** The failures a test process wrote to `list`: `{ file, test, assertion }` each. */
export function failuresIn(list) {
  try {
    return readFileSync(list, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

/** Adds to FLAKES_LOG the failures, of those in `failures`, of the files in `files`: `suite file › test: assertion`. */
export function recordFlakes(suite, files, failures) {
  const lines = failures
    .filter((f) => files.includes(f.file))
    .map((f) => `${suite} ${f.file} › ${f.test}: ${f.assertion}\n`);
  // A file that failed in a hook has no test named: it is still a flake.
  for (const file of files) if (!failures.some((f) => f.file === file)) lines.push(`${suite} ${file}: failed once, no test named\n`);
  mkdirSync(path.dirname(FLAKES_LOG), { recursive: true });
  appendFileSync(FLAKES_LOG, lines.join(''));
}
