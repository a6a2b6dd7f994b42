/**
 * esbuild puts a module in one chunk per distinct set of entries that reach it, so lazy screens
 * that each import another slice of the first-load modules cut the first load into many small
 * files, and each small file compresses worse on its own (measured: ten files, 1.4 KB brotli more
 * than the same bytes in one). This plugin makes every lazy entry import all first-load modules,
 * which are loaded and evaluated already, so they share one reach set and land in one chunk.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const NAMESPACE = 'first-load-shell';

/**
 * esbuild drops a bare import of a package marked `"sideEffects": false` (and warns); its files
 * still reach the shared chunk through our modules that use them.
 */
function sideEffectFree(root, file) {
  const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (!pkg) return false;
  return JSON.parse(readFileSync(path.join(root, 'node_modules', pkg[1], 'package.json'), 'utf8')).sideEffects === false;
}

/**
 * `first` is graph.mjs's firstLoad() of a probe build, `lazy` the source paths of its lazy entries,
 * both relative to `root` as the metafile names them. `also` joins the shell though the first load
 * does not use it: helpers so small and so widely used that a chunk of their own costs more.
 */
export function oneShellChunkPlugin({ root, entry, first, lazy, also = [] }) {
  const shell = [...first.inputs, ...also].filter(
    (f) => f !== entry && !f.endsWith('.css') && !/^[\w-]+:/.test(f) && !sideEffectFree(root, f),
  );
  // The entry imports the shell too, or the shell module itself would become a chunk of its own.
  const importers = new Set([entry, ...lazy].map((f) => path.join(root, f)));
  return {
    name: 'one-shell-chunk',
    setup(build) {
      build.onResolve({ filter: /^first-load-shell$/ }, () => ({ path: 'shell', namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => ({
        contents: shell.map((f) => `import ${JSON.stringify(path.join(root, f))};`).join('\n'),
        resolveDir: root,
        loader: 'js',
      }));
      build.onLoad({ filter: /\.(ts|tsx)$/ }, async (args) => {
        if (!importers.has(args.path)) return undefined;
        const source = await readFile(args.path, 'utf8');
        return { contents: `import 'first-load-shell';\n${source}`, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}
