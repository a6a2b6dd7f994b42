/**
 * Reading esbuild's metafile as a chunk graph: which output files a user downloads for the first
 * load, and which a lazy screen adds on top.
 */

/** The output file of an entry point that is not a lazy chunk (`src/main.tsx` → `dist/assets/main-X.js`). */
export function entryOutput(metafile, entry) {
  const found = Object.entries(metafile.outputs).find(
    ([file, out]) => out.entryPoint === entry && file.endsWith('.js'),
  );
  if (!found) throw new Error(`no output for entry ${entry}`);
  return found[0];
}

/** Output files reachable from `start`, following static imports and, when asked, lazy ones. */
export function closure(metafile, start, { dynamic = false, stopAt = () => false } = {}) {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    const out = metafile.outputs[queue.shift()];
    for (const imp of out.imports) {
      if (imp.external || seen.has(imp.path)) continue;
      if (imp.kind !== 'import-statement' && !(dynamic && imp.kind === 'dynamic-import')) continue;
      if (stopAt(imp.path)) continue;
      seen.add(imp.path);
      queue.push(imp.path);
    }
  }
  return [...seen];
}

/** Source files (metafile input paths) bundled into the given output files. */
export function inputsOf(metafile, outputs) {
  const inputs = new Set();
  for (const file of outputs) for (const input of Object.keys(metafile.outputs[file].inputs)) inputs.add(input);
  return inputs;
}

/** The chunks made for `import()` of the given modules (the route table's screens), keyed by output. */
export function chunksOf(metafile, entries) {
  const wanted = new Set(entries);
  return Object.entries(metafile.outputs)
    .filter(([file, out]) => wanted.has(out.entryPoint) && file.endsWith('.js'))
    .map(([file, out]) => ({ file, entryPoint: out.entryPoint }));
}

/** Lazy chunks made for `import()` of a module under `dir` (e.g. `src/console/pages/`), keyed by output. */
export function lazyEntries(metafile, dir) {
  return Object.entries(metafile.outputs)
    .filter(([file, out]) => out.entryPoint?.startsWith(dir) && file.endsWith('.js'))
    .map(([file, out]) => ({ file, entryPoint: out.entryPoint }));
}

/**
 * CSS files the given source files import, with their `@import`s. esbuild's own CSS bundle of an
 * entry also holds the CSS of every lazy chunk below it, so it cannot tell first-load CSS apart.
 */
function importedCss(metafile, inputs) {
  const found = new Set();
  const queue = [];
  for (const file of inputs) {
    for (const imp of metafile.inputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && imp.path.endsWith('.css')) queue.push(imp.path);
    }
  }
  while (queue.length) {
    const css = queue.shift();
    if (found.has(css)) continue;
    found.add(css);
    for (const imp of metafile.inputs[css]?.imports ?? []) if (imp.kind === 'import-rule') queue.push(imp.path);
  }
  return found;
}

/** The first-load picture of an app build: JS files, the CSS bundle and the source files in them. */
export function firstLoad(metafile, entry) {
  const main = entryOutput(metafile, entry);
  const js = closure(metafile, main);
  const css = metafile.outputs[main].cssBundle ?? null;
  const inputs = inputsOf(metafile, js);
  return { main, js, css, inputs, cssInputs: importedCss(metafile, inputs) };
}

/** Source files reachable from `start` through static and lazy imports without entering one of `screens`. */
export function beforeScreens(metafile, start, screens) {
  const seen = new Set(start);
  const queue = [...start];
  while (queue.length) {
    for (const imp of metafile.inputs[queue.shift()]?.imports ?? []) {
      if (imp.external || seen.has(imp.path) || screens.includes(imp.path)) continue;
      if (imp.kind !== 'import-statement' && imp.kind !== 'dynamic-import') continue;
      seen.add(imp.path);
      queue.push(imp.path);
    }
  }
  return seen;
}
