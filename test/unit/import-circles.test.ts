import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every relative import of the app's modules (static, dynamic and type-only), as module → modules. */
function importGraph(dir: string): Map<string, string[]> {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(path.join(root, d), { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name)) files.push(p);
    }
  };
  walk(dir);
  const known = new Set(files);
  const spec = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const to: string[] = [];
    for (const m of readFileSync(path.join(root, f), 'utf8').matchAll(spec)) {
      const base = path.join(path.dirname(f), m[1] || m[2]!);
      const hit = [base, base + '.ts', base + '.tsx', path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((c) => known.has(c));
      if (hit) to.push(hit);
    }
    graph.set(f, to);
  }
  return graph;
}

/** The groups of modules that reach each other (Tarjan's strongly connected components of two or more). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do group.push((w = stack.pop()!));
    while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

test('the finder sees a circle that runs through a lazy import', () => {
  const graph = new Map([
    ['app/routes.ts', ['screens/home.tsx']],
    ['screens/home.tsx', ['screens/prefetch.ts']],
    ['screens/prefetch.ts', ['app/routes.ts']],
    ['app/main.tsx', ['app/routes.ts']],
  ]);
  assert.equal(circles(graph), [['app/routes.ts', 'screens/home.tsx', 'screens/prefetch.ts']]);
});

test('no module of the app imports itself back, however far round, lazy and type-only imports included', () => {
  assert.equal(circles(importGraph('src')), []);
});

test.run();
