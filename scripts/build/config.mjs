/**
 * Where things are and how each bundle is built: the app (ESM, split), the market worker (classic
 * script), the inline boot script and the server.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { featureWordsPlugin } from './feature-words.mjs';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const r = (...parts) => path.join(root, ...parts);

/** Public URL prefix of hashed scripts, styles and assets. */
export const ASSETS = '/assets/';
/** Public URL prefix of the hashed locale files. */
export const LOCALES = '/locales/';

/**
 * ES2017 for the language, plus the oldest WebView engine we serve so esbuild also lowers the CSS
 * it lacks. Chrome 63, not 61: below 63 there is no `import()`, and esbuild would turn every lazy
 * screen into a `require` that fails in the browser. Naming an old Safari too would make esbuild
 * refuse object destructuring (it marks Safari < 14 as buggy there), so Safari gets plain es2017.
 */
export const TARGET = ['es2017', 'chrome63'];

/**
 * `globalThis` arrived in Chrome 71 (nanostores keeps its epoch there); `self` is the same object in
 * a page, a worker and the service worker, in every engine. For every browser build.
 */
export const OLD_ENGINE_GLOBALS = { globalThis: 'self' };

export const APP_ENTRY = 'src/main.tsx';
export const WORKER_ENTRY = 'src/market/worker.ts';
export const BOOT_ENTRY = 'src/boot/inline.ts';
/** The live skeleton rows' script, which the server writes into the signed-in home page only. */
export const LIVE_ROWS_ENTRY = 'src/boot/live-rows.ts';
/** Where it is left in the build for the server; never served as a file (server/pages/static.ts). */
export const LIVE_ROWS_FILE = 'live-rows.js';
export const SERVER_ENTRY = 'server/index.ts';
/**
 * What runs and what is served live apart: the app in `dist/` (served as a whole), the server
 * bundle and its source map in `dist-server/`, the size reports in `dist-report/`.
 */
export const SERVER_DIR = 'dist-server';
export const SERVER_FILE = 'server.js';
export const REPORT_DIR = 'dist-report';
/** The first-load JS of the `--react` build must be at least this many times larger (DESIGN). */
export const MIN_REACT_RATIO = 4;
/**
 * A module beyond the first load that at least this many lazy entries use goes into the lazy
 * shared chunk (downloaded once, cached for every later screen) instead of each screen's count.
 */
export const LAZY_SHARED_MIN = 8;
/**
 * The screens whose modules shared with any other screen join the lazy shared chunk too: home, where
 * a signed-in user's prices are. The root's other target, the user tab, shares heavier code (the
 * language list, dialogs, the data meter) that would then weigh on the money screens.
 */
export const LANDING_SCREENS = ['home'];
/** The lazy screen whose chunk group is budgeted as the quote screen. */
export const QUOTE_SCREEN = 'src/screens/trade/';

export const assetLoaders = {
  '.svg': 'file',
  '.png': 'file',
  '.jpg': 'file',
  '.webp': 'file',
  '.woff2': 'file',
};

/**
 * Preact stands in for React. wouter imports the CommonJS `use-sync-external-store/shim`, which
 * would drag all of preact/compat in a second time; point it at preact's own hook instead.
 */
const preactAliases = () => {
  const shim = r('scripts/build/use-sync-external-store.js');
  return {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react/jsx-runtime': 'preact/jsx-runtime',
    'react/jsx-dev-runtime': 'preact/jsx-runtime',
    'use-sync-external-store/shim': shim,
    'use-sync-external-store/shim/index.js': shim,
  };
};

/** Options shared by the app build (both passes) for `outdir`, with React or Preact. */
export function appOptions({ outdir, react, workerUrl }) {
  return {
    absWorkingDir: root,
    entryPoints: { main: APP_ENTRY },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: TARGET,
    minify: true,
    // Preact's own internals (`__k`, `__e`, `__H`…), shared by its core, hooks and compat, which all
    // this build bundles together: shorter names, and no other code or data uses such names.
    ...(react ? {} : { mangleProps: /^__[A-Za-z]{1,2}$/ }),
    metafile: true,
    // Maps only on request: they would be served beside the chunks. The JS (and its hashes) is the same.
    ...(process.env.SOURCEMAP ? { sourcemap: 'external' } : {}),
    write: true,
    outdir: path.join(outdir, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    publicPath: ASSETS,
    jsx: 'automatic',
    // dlv's `browser` field names its UMD file, which esbuild wraps in CommonJS helpers (0.2 KB of
    // the first load); its ES file is the same function.
    alias: { dlv: 'dlv/dist/dlv.es.js', ...(react ? {} : preactAliases()) },
    define: {
      ...OLD_ENGINE_GLOBALS,
      'process.env.NODE_ENV': '"production"',
      __WORKER_URL__: JSON.stringify(workerUrl ?? ''),
    },
    loader: assetLoaders,
    plugins: [featureWordsPlugin({ root })],
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
  };
}

/** The market worker: a classic script, because module workers need Chrome 80. */
export function workerOptions({ outdir }) {
  return {
    absWorkingDir: root,
    entryPoints: { worker: WORKER_ENTRY },
    bundle: true,
    format: 'iife',
    target: TARGET,
    minify: true,
    metafile: true,
    outdir: path.join(outdir, 'assets'),
    entryNames: '[name]-[hash]',
    tsconfig: r('src/market/tsconfig.json'),
    define: { ...OLD_ENGINE_GLOBALS, 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
  };
}

/**
 * The boot script inlined into index.html; `localeHash` is the hash in the locale files' names it
 * publishes (locales.mjs), `rootRoute` the route `/` leads to (route-files.mjs), `workerUrl` the
 * market worker's script; `entry` another inline script built the same way (LIVE_ROWS_ENTRY).
 */
export function bootOptions({ localeHash, rootRoute, workerUrl }, entry = BOOT_ENTRY) {
  return {
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    target: TARGET,
    minify: true,
    write: false,
    define: {
      ...OLD_ENGINE_GLOBALS,
      'process.env.NODE_ENV': '"production"',
      __LOCALE_HASH__: JSON.stringify(localeHash ?? ''),
      __ROOT_ROUTE__: JSON.stringify(rootRoute),
      __WORKER_URL__: JSON.stringify(workerUrl ?? ''),
    },
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
  };
}

/** The server bundle, into its own folder: nothing in it is ever served. */
export function serverOptions({ outdir }) {
  return {
    absWorkingDir: root,
    entryPoints: [SERVER_ENTRY],
    outfile: path.join(outdir, SERVER_FILE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  };
}

export const has = (file) => existsSync(r(file));
