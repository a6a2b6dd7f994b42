/**
 * /sw.js from src/sw/sw.ts: a classic script that knows this build's shell and its version. The
 * version is a hash of index.html (which names every shell file by its content hash), so any change
 * to the shell installs a new worker. The worker also carries the content hashes of every file
 * under assets/ and locales/, so a build that changes any of them installs one too, which drops
 * the files no longer named from its cache.
 */
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { OLD_ENGINE_GLOBALS, root, TARGET } from './config.mjs';

export const SW_ENTRY = 'src/sw/sw.ts';

/**
 * `shell`: URLs to precache besides index.html; `html`: the index.html text; `routes`: routes.json's
 * content and `rootRoute` the route `/` leads to (route-files.mjs), for the preloads of the pages the
 * worker serves from the shell.
 */
export async function buildServiceWorker({ outdir, html, shell, routes, rootRoute }) {
  const version = createHash('sha256').update(html).digest('hex').slice(0, 12);
  const names = (await Promise.all(['assets', 'locales'].map((dir) => readdir(path.join(outdir, dir))))).flat();
  const keep = names.map((name) => /-(\w+)\.\w+$/.exec(name)?.[1]).filter(Boolean);
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [SW_ENTRY],
    outfile: path.join(outdir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: TARGET,
    minify: true,
    define: {
      ...OLD_ENGINE_GLOBALS,
      __VERSION__: JSON.stringify(version),
      __SHELL__: JSON.stringify(['/index.html', ...shell]),
      __KEEP__: JSON.stringify([...new Set(keep)].sort().join(' ')),
      __ROUTES__: JSON.stringify(Object.fromEntries(Object.entries(routes).map(([name, files]) => [name.toLowerCase(), files]))),
      __ROOT_ROUTE__: JSON.stringify(rootRoute),
    },
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
  });
  return version;
}
