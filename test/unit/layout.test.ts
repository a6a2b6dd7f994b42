import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importGraph, root, sourceFiles } from './import-graph.ts';

/** Each module under `dir` that imports a module `allowed` refuses, with what it imports. */
function crossings(dir: string, allowed: (target: string) => boolean): string[] {
  const found: string[] = [];
  for (const [from, to] of importGraph(dir)) for (const t of to) if (!allowed(t)) found.push(`${from} → ${t}`);
  return found;
}

test('the app and the console import nothing of the server: what both sides need lives in src/shared/', () => {
  assert.equal(crossings('src', (t) => !t.startsWith('server/')), []);
});

/** What a request's plumbing may lean on: the database, the log, the clock, the shared vocabulary. */
const HTTP_MAY_IMPORT = /^(server\/(http|db|log|clock)\/|server\/context\.ts$|src\/shared\/)/;

test('server/http/ is plumbing: it imports no feature', () => {
  assert.equal(crossings('server/http', (t) => HTTP_MAY_IMPORT.test(t)), []);
});

/** Tables of data (texts in every language), not code to read. */
const DATA_FILES = new Set(['server/seed/translations.ts']);
const MAX_LINES = 300;

test(`no server module is over ${MAX_LINES} lines`, () => {
  const long = sourceFiles('server')
    .filter((f) => !DATA_FILES.has(f))
    .map((f) => ({ f, lines: readFileSync(path.join(root, f), 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ f, lines }) => `${f}: ${lines}`);
  assert.equal(long, []);
});

test.run();
