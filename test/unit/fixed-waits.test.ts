/**
 * Tests move clocks and wait for events (docs/testing.md): a fixed wait costs its time on every run
 * and still fails on a loaded machine. This finds every wait of a set time in test/ by itself: a
 * poll goes through test/until.ts, and the few fixed waits left each say why nothing else works.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { test } from '../suite.ts';
import { fixedWaits, MARK } from './fixed-waits.ts';

const root = path.resolve(import.meta.dirname, '..');
const MOST = 10;

const files = (readdirSync(root, { recursive: true }) as string[])
  // The one poll, and this test's own samples.
  .filter((f) => f.endsWith('.ts') && !['until.ts', path.join('unit', 'fixed-waits.test.ts')].includes(f))
  .map((f) => ({ file: f, text: readFileSync(path.join(root, f), 'utf8') }));

const found = files.flatMap(({ file, text }) => fixedWaits(text).map((w) => ({ file, ...w })));

test('the scanner sees each kind of fixed wait, and not a deadline or a poll of until()', () => {
  const sample = [
    "await page.waitForTimeout(500);",
    "await new Promise((r) => setTimeout(r, 200));",
    "const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));",
    "await sleep(1000);",
    "await Promise.race([closed, sleep(10_000)]);",
    "const timer = setTimeout(() => reject(new Error('late')), 5000);",
    "await until('the row', () => row());",
    `// ${MARK} the browser has no event for the end of a CSS transition that never starts.`,
    "await page.waitForTimeout(300);",
  ].join('\n');
  assert.equal(
    fixedWaits(sample).map((w) => [w.line, w.explained]),
    [
      [1, false],
      [2, false],
      [4, false],
      [9, true],
    ],
  );
});

test(`at most ${MOST} fixed waits in test/, each with a comment that says why`, () => {
  const unexplained = found.filter((w) => !w.explained).map((w) => `${w.file}:${w.line}: ${w.text}`);
  assert.equal(unexplained, [], `wait for an event, move a clock or poll with until(); else say why above the wait with "// ${MARK}"`);
  assert.ok(found.length <= MOST, `${found.length} fixed waits:\n${found.map((w) => `${w.file}:${w.line}`).join('\n')}`);
});

test.run();
