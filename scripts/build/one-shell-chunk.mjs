/**
 * esbuild puts a module in one chunk per distinct set of entries that reach it, so lazy screens
 * that each import another slice of the first-load modules cut the first load into many small
 * files, and each small file compresses worse on its own (measured: ten files, 1.4 KB brotli more
 * than the same bytes in one). This plugin makes every lazy entry import all first-load modules,
 * which are loaded and evaluated already, so they share one reach set and land in one chunk.
 *
 * The same rule makes the lazy shared chunk: the modules beyond the first load that many lazy
 * entries use (the API client, exact decimals, money formatting, form parts) are imported
 * by every lazy entry that uses any of them, so they land in one chunk that the first such screen
 * downloads and every later one finds cached, instead of a copy or a splinter per screen set.
 * It comes in four parts: what the login form uses (the API client, form parts), what else the
 * other sign-in screens use (lists, tabs, popups), what else home uses (dates, number formats), and
 * the rest (decimals, money), so neither a visitor's login form nor a signed-in user's first screen
 * downloads code it does not run.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The virtual module every lazy entry imports: the first-load shell. */
export const SHELL = 'first-load-shell';
/** The virtual modules of the lazy shared chunk's parts: `lazy-shared-0`, `lazy-shared-1`, … */
export const LAZY_SHARED = 'lazy-shared';

/**
 * esbuild drops a bare import of a package marked `"sideEffects": false` (and warns); its files
 * still reach the shared chunk through our modules that use them.
 */
function sideEffectFree(root, file) {
  const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (!pkg) return false;
  return JSON.parse(readFileSync(path.join(root, 'node_modules', pkg[1], 'package.json'), 'utf8')).sideEffects === false;
}

const importable = (root, f) => !f.endsWith('.css') && !/^[\w-]+:/.test(f) && !sideEffectFree(root, f);

/** Source files a metafile input reaches through static imports, itself included. */
function staticReach(metafile, start) {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    for (const imp of metafile.inputs[queue.shift()]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || imp.external || seen.has(imp.path)) continue;
      seen.add(imp.path);
      queue.push(imp.path);
    }
  }
  return seen;
}

/**
 * The modules of the lazy shared chunk, from a probe build: every source file beyond the first
 * load (and not joining the shell through `also`) that at least `min` lazy entries reach through
 * static imports, and the lazy entries that reach any of them. A file's imports are reached by
 * at least the entries that reach the file, so the set is closed and needs no second pass.
 * `landing`: the screens a signed-in user's first wave is for (home); what one of them shares with
 * any other lazy entry joins too, however few use it, since every signed-in user downloads the
 * shared code on that screen anyway, and each splinter of it would be one more request, with its
 * headers and its place in the browser's queue, in the first wave. Not the modules of `apart`
 * (what every page may load after its first paint, a visitor's too): their entries would then import
 * the shared part, money code and all; they stay where they were, imported from the part.
 * `parts`: the modules the `form` entries reach (a visitor's first form), then of the others those
 * the `early` entries reach (closed for the same reason), then those the `landing` entries reach
 * (their imports are in one of those), then the rest, each with the entries that reach any of its
 * modules; a part without modules is left out. A visitor's login form so downloads what it runs,
 * not the sign-up form's pickers and lists, and a landing screen not the money code the others share.
 */
export function lazySharedModules({ metafile, first, lazy, also = [], min, form = [], early = [], landing = [], apart = new Set() }) {
  // Type-only and fully tree-shaken files write no bytes: they must not make an entry an importer.
  const emitted = new Set();
  for (const out of Object.values(metafile.outputs)) {
    for (const [f, v] of Object.entries(out.inputs)) if (v.bytesInOutput > 0) emitted.add(f);
  }
  const users = new Map();
  for (const entry of lazy) {
    for (const f of staticReach(metafile, entry)) {
      if (!emitted.has(f) || first.inputs.has(f) || also.includes(f) || f.endsWith('.css') || /^[\w-]+:/.test(f)) continue;
      if (!users.has(f)) users.set(f, new Set());
      users.get(f).add(entry);
    }
  }
  const joins = (f, by) => by.size >= min || (by.size >= 2 && landing.some((e) => by.has(e)) && !apart.has(f));
  const modules = [...users].filter(([f, by]) => joins(f, by)).map(([f]) => f).sort();
  const importersOf = (list) => [...new Set(list.flatMap((f) => [...users.get(f)]))].sort();
  const by = (entries) => (f) => entries.some((e) => users.get(f).has(e));
  // Each module goes to the first of these its reach matches.
  const tiers = [by(form), by(early), by(landing), () => true];
  const parts = tiers
    .map((tier, i) => modules.filter((f) => tier(f) && !tiers.slice(0, i).some((earlier) => earlier(f))))
    .filter((list) => list.length)
    .map((list) => ({ modules: list, importers: importersOf(list) }));
  // An entry that imports a part runs all of its modules, and so reaches what they import from
  // another part (money code uses the number formats and the API client): it imports that part
  // too, or the part's modules would have two reach sets and split into two chunks. A part's
  // modules import only from its own part or earlier ones (an early module's imports are early,
  // a landing module's early or landing), so one pass from the last part settles every part.
  const partOf = new Map(parts.flatMap((part, i) => part.modules.map((f) => [f, i])));
  for (let i = parts.length - 1; i >= 0; i--) {
    const imports = parts[i].modules.flatMap((f) => metafile.inputs[f]?.imports ?? []).filter((imp) => imp.kind === 'import-statement');
    for (const j of new Set(imports.map((imp) => partOf.get(imp.path)))) {
      if (j !== undefined && j !== i) parts[j].importers = [...new Set([...parts[j].importers, ...parts[i].importers])].sort();
    }
  }
  return { modules, importers: importersOf(modules), parts };
}

/**
 * `first` is graph.mjs's firstLoad() of a probe build, `lazy` the source paths of its lazy entries,
 * both relative to `root` as the metafile names them. `also` joins the shell though the first load
 * does not use it: helpers so small and so widely used that a chunk of their own costs more.
 * `shared` is lazySharedModules() of the same probe: each of its parts becomes one chunk.
 */
export function oneShellChunkPlugin({ root, entry, first, lazy, also = [], shared = { parts: [] } }) {
  const shell = [...first.inputs, ...also].filter((f) => f !== entry && importable(root, f));
  const abs = (f) => path.join(root, f);
  // The entry imports the shell too, or the shell module itself would become a chunk of its own.
  const shellImporters = new Set([entry, ...lazy].map(abs));
  const parts = shared.parts
    .map((part, i) => ({ name: `${LAZY_SHARED}-${i}`, modules: part.modules.filter((f) => importable(root, f)), importers: new Set(part.importers.map(abs)) }))
    .filter((part) => part.modules.length);
  const virtual = { [SHELL]: shell, ...Object.fromEntries(parts.map((p) => [p.name, p.modules])) };
  return {
    name: 'one-shell-chunk',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${Object.keys(virtual).join('|')})$`) }, (args) => ({ path: 'chunk', namespace: args.path }));
      for (const namespace of Object.keys(virtual)) {
        build.onLoad({ filter: /.*/, namespace }, () => ({
          contents: virtual[namespace].map((f) => `import ${JSON.stringify(abs(f))};`).join('\n'),
          resolveDir: root,
          loader: 'js',
        }));
      }
      build.onLoad({ filter: /\.(ts|tsx)$/ }, async (args) => {
        const imports = [
          shellImporters.has(args.path) ? `import '${SHELL}';\n` : '',
          ...parts.map((p) => (p.importers.has(args.path) ? `import '${p.name}';\n` : '')),
        ].join('');
        if (!imports) return undefined;
        const source = await readFile(args.path, 'utf8');
        return { contents: imports + source, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
      // A feature's words file loaded on its own (src/i18n/feature-words.ts) is a lazy entry too:
      // outside the shell's reach set, esbuild would split its helpers out of the first load's chunk.
      build.onLoad({ filter: /\.json$/ }, async (args) => {
        if (!shellImporters.has(args.path)) return undefined;
        return { contents: `import '${SHELL}';\nexport default ${await readFile(args.path, 'utf8')};`, loader: 'js' };
      });
    },
  };
}
