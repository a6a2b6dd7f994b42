/**
 * The line's rule for fetching ahead (src/lib/line.ts) is one module: the app's prefetches and the
 * live rows' early history, which runs before the app, follow the same data saver and 2G line. Every
 * app module that reads what the browser says of the line, or the user's saver choice from storage,
 * is found here by itself, so a new fetch ahead cannot grow a rule of its own.
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root, sourceFiles } from './import-graph.ts';

const RULE = 'src/lib/line.ts';
/** The line as the browser measures it, or the saver choice read straight from storage. */
const READS = /\.connection\b|effectiveType|getItem\(\s*['"]saveData['"]/;

test('only the line module reads the line and the saver choice itself', () => {
  const files = sourceFiles('src');
  assert.ok(files.length > 100, `the sources were walked (${files.length})`);
  const own = files.filter((f) => f !== RULE && READS.test(readFileSync(path.join(root, f), 'utf8')));
  assert.equal(own, [], 'these read the line themselves: take mayFetchAhead or browserSaveData from src/lib/line.ts');
  assert.ok(READS.test(readFileSync(path.join(root, RULE), 'utf8')), 'the pattern still finds the rule module itself');
});

test('the live rows and the app share the rule', () => {
  for (const f of ['src/boot/live-rows.ts', 'src/lib/save-data.ts']) {
    assert.match(readFileSync(path.join(root, f), 'utf8'), /from '\.\.?\/(lib\/)?line\.ts'/, f);
  }
});

test.run();
