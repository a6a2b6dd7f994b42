import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { importGraph } from './import-graph.ts';

/** Each module under `dir` that imports a module `allowed` refuses, with what it imports. */
function crossings(dir: string, allowed: (target: string) => boolean): string[] {
  const found: string[] = [];
  for (const [from, to] of importGraph(dir)) for (const t of to) if (!allowed(t)) found.push(`${from} → ${t}`);
  return found;
}

test('the app and the console import nothing of the server: what both sides need lives in src/shared/', () => {
  assert.equal(crossings('src', (t) => !t.startsWith('server/')), []);
});

test.run();
