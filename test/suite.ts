/**
 * uvu's `suite` and `test`, except that a `before` hook that throws fails the suite's tests with
 * its error. uvu alone drops that error: the suite prints "(0 / n)" in green, the run exits 0 and
 * CI passes without having run a test. Every test file takes `suite` or `test` from here.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { suite as uvuSuite, type Callback, type Context, type Test } from 'uvu';

interface Setup {
  failure?: unknown;
}

/** `TEST_TIMES=1` prints each test's wall time, to find where a suite waits (`grep '^time'`). */
const TIMES = process.env.TEST_TIMES === '1';

/**
 * With `TEST_FAILED_FILES=<path>`, the names of the files with a failed test are written there as
 * the process exits (one a line), for `scripts/test-again.mjs` to run them once more.
 */
const FAILED_LIST = process.env.TEST_FAILED_FILES;
const failedFiles = new Set<string>();
if (FAILED_LIST) process.on('exit', () => writeFileSync(FAILED_LIST, [...failedFiles].map((f) => `${f}\n`).join('')));

/**
 * With `TEST_FAILURES=<path>`, each failure is added there as it happens, as a JSON line `{ file,
 * test, assertion }`: the runner that runs a file again keeps those of a file that then passes
 * (scripts/flakes.mjs).
 */
const FAILURES = process.env.TEST_FAILURES;
const noteFailure = (file: string, test: string, error: unknown) => {
  if (!FAILURES) return;
  const assertion = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
  appendFileSync(FAILURES, `${JSON.stringify({ file, test, assertion })}\n`);
};

/** The test file that is registering a test: the first `*.test.ts` on the stack. */
const callerFile = (): string | undefined => /([^/\\(]+\.test\.ts):\d+/.exec(new Error().stack ?? '')?.[1];

const describe = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));

function loud<T>(inner: Test<T>): Test<T> {
  // One per `run()`: the shared `test` serves several files, each with its own hooks.
  let setup: Setup = {};
  const guarded = (fn: Callback<T>, name = ''): Callback<T> => {
    const mine = setup;
    const file = callerFile();
    return async (context) => {
      const from = performance.now();
      try {
        if ('failure' in mine) throw new Error(`not run: a before hook of the suite failed: ${describe(mine.failure)}`);
        await fn(context);
      } catch (error) {
        if (file) {
          failedFiles.add(file);
          noteFailure(file, name, error);
        }
        throw error;
      } finally {
        if (TIMES && name) process.stderr.write(`\ntime ${((performance.now() - from) / 1000).toFixed(1)} s  ${name}\n`);
      }
    };
  };
  const test = ((name: string, fn: Callback<T>) => inner(name, guarded(fn, name))) as Test<T>;
  test.only = (name, fn) => inner.only(name, guarded(fn, name));
  test.skip = (name, fn) => inner.skip(name, fn);
  const before = (hook: Callback<T>) => {
    const mine = setup;
    inner.before(async (context) => {
      if ('failure' in mine) return;
      try {
        await hook(context);
      } catch (error) {
        mine.failure = error;
      }
    });
  };
  before.each = (hook: Callback<T>) => inner.before.each(guarded(hook));
  test.before = before;
  test.after = inner.after;
  test.run = () => {
    inner.run();
    setup = {};
  };
  return test;
}

export const suite = <T = Context>(title?: string, context?: T): Test<T> => loud(uvuSuite<T>(title, context));

export const test: Test<Context> = suite();

/**
 * `test`, or, when `missing` names what this machine lacks, uvu's skip with that reason printed: the
 * totals then count the test as skipped, not as passed.
 */
export function skipWithout<T>(test: Test<T>, missing: string | false | null | undefined): (name: string, fn: Callback<T>) => void {
  if (!missing) return (name, fn) => test(name, fn);
  return (name, fn) => {
    console.log(`  skip: ${name}: ${missing}`);
    test.skip(name, fn);
  };
}
