/**
 * A partner's hidden sections (docs/partners.md, server/partners/sections.ts): every source file
 * that leads into a section from outside it, by the section's path or its route's name, asks
 * src/app/offered.ts first, so a hidden section leaves no link behind. The scan finds those files by
 * itself: a new link anywhere in the app is held to the rule without being listed here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { SECTIONS } from '../../server/partners/sections.ts';
import { routes } from '../../src/app/routes.ts';
import { importGraph, root, sourceFiles } from './import-graph.ts';

const test = suite('links into a partner section ask whether it is offered');

const OFFERED = 'src/app/offered.ts';
/** The rule itself: the route table, the URLs by name, the check. */
const RULE = new Set(['src/app/routes.ts', 'src/app/paths.ts', OFFERED]);
/**
 * The tab bar is on the first load, where every byte counts: its tabs are `<a href>` links, which the
 * partner's stylesheet (server/partners/page.ts) hides before any script runs.
 */
const STYLESHEET = 'src/ui/TabBar.tsx';
/** Code that draws no link of the app: the operator console (its own page), shared code, the worker, the service worker. */
const NO_LINKS = ['src/console/', 'src/shared/', 'src/market/', 'src/sw/'];

const sectionOf = (p: string): string | undefined =>
  Object.keys(SECTIONS).find((s) => SECTIONS[s]!.some((prefix) => p.toLowerCase().startsWith(prefix.toLowerCase())));

const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
const graph = importGraph('src');

/** Each route's module, from the route table's literal imports. */
const routeModules = new Map<string, string>();
for (const m of read('src/app/routes.ts').matchAll(/r\('(\w+)'[^\n]*?import\('([^']+)'\)/g)) routeModules.set(path.join('src/app', m[2]!), m[1]!);
const sectionOfRoute = new Map(routes.map((r) => [r.name, sectionOf(r.path)]));

/** The routes whose screens run a file: from each route's module through its imports, not into another route's. */
const owners = new Map<string, Set<string>>();
for (const [module, name] of routeModules) {
  const stack = [module];
  const seen = new Set<string>();
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f) || (f !== module && routeModules.has(f))) continue;
    seen.add(f);
    (owners.get(f) ?? owners.set(f, new Set()).get(f)!).add(name);
    stack.push(...(graph.get(f) ?? []));
  }
}
/**
 * A file only sections' own screens run, leading into one of those: its links go with them (the
 * deposit and withdrawal records share their list and detail parts, each linking to its own kind).
 */
const inside = (f: string, section: string) => {
  const of = [...(owners.get(f) ?? [])].map((name) => sectionOfRoute.get(name));
  return of.length > 0 && of.every(Boolean) && of.includes(section);
};

const sectionNames = new Map(routes.filter((r) => sectionOf(r.path)).map((r) => [r.name, sectionOf(r.path)!]));

/** The sections a file names a way into, from outside them, with what it wrote. */
function waysIn(f: string): string[] {
  const text = read(f);
  const found: string[] = [];
  for (const m of text.matchAll(/['"`](\/[A-Za-z]+)/g)) {
    const s = sectionOf(m[1]!);
    if (s && !inside(f, s)) found.push(`${m[1]} (${s})`);
  }
  // A member of a union type (`of: 'deposit' | 'withdraw'`) names a kind, not a route.
  for (const m of text.matchAll(/(?<!\|\s*)['"`](\w+)['"`](?!\s*\|)/g)) {
    const s = sectionNames.get(m[1]!);
    if (s && !inside(f, s)) found.push(`'${m[1]}' (${s})`);
  }
  return found;
}

const files = sourceFiles('src').filter((f) => !RULE.has(f) && !NO_LINKS.some((d) => f.startsWith(d)));
const leading = new Map(files.map((f) => [f, waysIn(f)] as const).filter(([, ways]) => ways.length));

test('the scan finds the known ways in: the tab bar, home shortcuts, the account card and menu', () => {
  for (const f of ['src/ui/TabBar.tsx', 'src/screens/home/Entries.tsx', 'src/screens/user/Account.tsx', 'src/screens/user/menu.ts']) {
    assert.ok(leading.has(f), `${f} leads into a section; found: ${[...leading.keys()].join(', ')}`);
  }
});

test("the tab bar's tabs are plain links to their paths, for the partner's stylesheet to hide", () => {
  assert.match(read(STYLESHEET), "href={'/' + name}");
});

test('every file that leads into a section from outside it asks offered() first', () => {
  const forgot = [...leading].filter(([f]) => f !== STYLESHEET && !(graph.get(f) ?? []).includes(OFFERED)).map(([f, ways]) => `${f}: ${ways.join(', ')}`);
  assert.equal(forgot, [], 'links to a section that a partner may hide, not asking src/app/offered.ts');
});

test('section paths are letters and slashes, as the app reads them in a pattern', () => {
  for (const paths of Object.values(SECTIONS)) for (const p of paths) assert.match(p, /^\/[A-Za-z]+$/, p);
});

test('every section has routes, and every route a partner can hide is in the table', () => {
  for (const section of Object.keys(SECTIONS)) assert.ok([...sectionNames.values()].includes(section), section);
  assert.ok(routeModules.size === routes.length, `route modules read: ${routeModules.size} of ${routes.length}`);
});

test.run();
