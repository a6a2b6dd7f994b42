/**
 * CSS that only lazy modules import travels inside their chunk and is injected when the chunk
 * runs: esbuild writes such CSS to a file nothing would ever load. CSS on the first-load path stays
 * a real stylesheet linked from index.html. Which modules are first-load comes from a first pass.
 */
import * as esbuild from 'esbuild';
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { root, r, ASSETS, TARGET } from './config.mjs';

const rel = (file) => path.relative(root, file).split(path.sep).join('/');
const injectHelper = r('scripts/build/inject-css.js');

/** The top-level rules of minified CSS (`a{…}`, `@media x{b{…}}`), one string each for `insertRule`. */
export function topLevelRules(css) {
  const rules = [];
  let depth = 0;
  let start = 0;
  let quote = '';
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if ((c === '}' && --depth === 0) || (c === ';' && depth === 0)) {
      rules.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return rules.filter(Boolean);
}

/** `first`: the result of `firstLoad()` on the first pass; `assetsDir`: where url() targets go. */
export function cssSplitPlugin({ first, assetsDir, loader }) {
  return {
    name: 'css-split',
    setup(build) {
      build.onResolve({ filter: /\.css$/ }, async (args) => {
        if (args.kind !== 'import-statement' || args.pluginData === 'css-split') return undefined;
        if (first.inputs.has(rel(args.importer))) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'css-split',
        });
        if (resolved.errors.length) return { errors: resolved.errors };
        const linked = first.cssInputs.has(rel(resolved.path));
        return { path: resolved.path, namespace: linked ? 'css-linked' : 'css-inject' };
      });

      build.onLoad({ filter: /.*/, namespace: 'css-linked' }, () => ({ contents: '', loader: 'js' }));

      build.onLoad({ filter: /.*/, namespace: 'css-inject' }, async (args) => {
        const out = await esbuild.build({
          absWorkingDir: root,
          entryPoints: [args.path],
          bundle: true,
          minify: true,
          write: false,
          target: TARGET,
          outdir: assetsDir,
          assetNames: '[name]-[hash]',
          publicPath: ASSETS,
          loader,
          logLevel: 'silent',
        });
        let css = '';
        for (const file of out.outputFiles) {
          if (file.path.endsWith('.css')) css = file.text.trim();
          else {
            await mkdir(path.dirname(file.path), { recursive: true });
            await writeFile(file.path, file.contents);
          }
        }
        return {
          contents: `import injectCss from ${JSON.stringify(injectHelper)};injectCss(${JSON.stringify(topLevelRules(css))});`,
          loader: 'js',
          resolveDir: root,
        };
      });
    },
  };
}
