/**
 * `import files from 'feature-words:<feature>'`: a table of one literal `import()` a language for
 * `locales/<feature>/<code>.json`, written here rather than by hand in each feature. Literal, so the
 * bundler makes one small chunk per language and no glob helper (a template-literal `import()`
 * would split esbuild's helpers out of the shell chunk: 0.5 KB more first-load JS).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

const PREFIX = 'feature-words:';
const namespace = 'feature-words';

export function featureWordsPlugin({ root }) {
  return {
    name: 'feature-words',
    setup(build) {
      build.onResolve({ filter: /^feature-words:/ }, (args) => ({ path: args.path.slice(PREFIX.length), namespace }));
      build.onLoad({ filter: /.*/, namespace }, async (args) => {
        const dir = path.join(root, 'locales', args.path);
        const codes = (await readdir(dir)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)).sort();
        const rows = codes.map((code) => `${JSON.stringify(code)}: () => import(${JSON.stringify(path.join(dir, code + '.json'))})`);
        return { contents: `export default {\n${rows.join(',\n')}\n};`, resolveDir: dir, loader: 'js', watchDirs: [dir] };
      });
    },
  };
}
