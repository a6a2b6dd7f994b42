/** The repository's own import graph, read from the sources, for the tests that guard its shape. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every `.ts`/`.tsx` file under `dir` (repository-relative paths). */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(path.join(root, d), { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name)) files.push(p);
    }
  };
  walk(dir);
  return files;
}

const isFile = (p: string) => existsSync(path.join(root, p)) && statSync(path.join(root, p)).isFile();

/**
 * Every relative import of the modules under `dir` (static, dynamic and type-only), as module →
 * modules, wherever in the repository the imported module lives.
 */
export function importGraph(dir: string): Map<string, string[]> {
  const spec = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  const graph = new Map<string, string[]>();
  for (const f of sourceFiles(dir)) {
    const to: string[] = [];
    for (const m of readFileSync(path.join(root, f), 'utf8').matchAll(spec)) {
      const base = path.join(path.dirname(f), m[1] || m[2]!);
      const hit = [base, base + '.ts', base + '.tsx', path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(isFile);
      if (hit) to.push(hit);
    }
    graph.set(f, to);
  }
  return graph;
}

/** The groups of modules that reach each other (Tarjan's strongly connected components of two or more). */
export function circles(graph: Map<string, string[]>): string[][] {
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
      // A module outside the graph cannot lead back into it.
      if (!graph.has(w)) continue;
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
