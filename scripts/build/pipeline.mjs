/**
 * One full build: the app into `dist/` (or `dist-react/` with real React), the server into
 * `dist-server/`, then the size report (`dist-report/`) and budgets.
 */
import * as esbuild from 'esbuild';
import { copyFile, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GROUPS_DIR, budgetsFromSizeLimit, checkBudgets, checkRatio, formatFailure } from './budgets.mjs';
import { compressAll } from './compress.mjs';
import {
  APP_ENTRY, ASSETS, LANDING_SCREENS, LIVE_ROWS_ENTRY, LIVE_ROWS_FILE, LAZY_SHARED_MIN, MIN_REACT_RATIO, REPORT_DIR, SERVER_DIR, SERVER_ENTRY, SERVER_FILE, WORKER_ENTRY,
  appOptions, assetLoaders, bootOptions, has, r, serverOptions, workerOptions,
} from './config.mjs';
import { cssSplitPlugin } from './css-split.mjs';
import { beforeScreens, chunksOf, firstLoad } from './graph.mjs';
import { signInKeys } from './sign-in-words.mjs';
import { lazySharedModules, oneShellChunkPlugin } from './one-shell-chunk.mjs';
import { inlineSafe, renderHtml } from './html.mjs';
import { readRoutes, routeFiles } from './route-files.mjs';
import { buildServiceWorker } from './service-worker.mjs';
import { buildLocales, localePath } from './locales.mjs';
import { buildConsole, CONSOLE_BUDGET, CONSOLE_DIR, consoleOverBudget } from './console.mjs';
import { defineGroups, formatReport, measure } from './size.mjs';

export const distDir = (react) => r(react ? 'dist-react' : 'dist');
export const serverFile = () => r(SERVER_DIR, SERVER_FILE);
/** The size report of a build; beside it, not in it, so it is never served. */
const reportFile = (react) => r(REPORT_DIR, react ? 'size-react.json' : 'size.json');

/** Group name → brotli bytes, from `.size-limit.json` (the file size-limit itself reads). */
export async function loadBudgets() {
  return budgetsFromSizeLimit(JSON.parse(await readFile(r('.size-limit.json'), 'utf8')));
}

/**
 * Each group's files side by side in `dist-report/groups/<group>/`: size-limit measures a path
 * glob, and a group (the largest lazy screen with its chunks) is the build's finding, not a glob.
 */
async function writeGroups(report, outdir) {
  await rm(r(GROUPS_DIR), { recursive: true, force: true });
  for (const group of report.groups) {
    const dir = r(GROUPS_DIR, group.name);
    await mkdir(dir, { recursive: true });
    for (const file of group.files) await copyFile(path.join(outdir, file), path.join(dir, path.basename(file)));
  }
}

const url = (outdir, file) => '/' + path.relative(outdir, r(file)).split(path.sep).join('/');

async function buildWorker(outdir) {
  if (!has(WORKER_ENTRY)) {
    console.warn(`! ${WORKER_ENTRY} does not exist yet: no market worker in this build`);
    return null;
  }
  const result = await esbuild.build(workerOptions({ outdir }));
  return Object.keys(result.metafile.outputs).find((f) => f.endsWith('.js'));
}

/**
 * The app in two passes: the first finds the first-load modules and the lazy entries, the second
 * splits CSS by them and keeps the first-load JS in one shared chunk.
 */
async function buildApp(outdir, react, worker, { form, signIn, landing, screens }) {
  const options = appOptions({ outdir, react, workerUrl: worker ? url(outdir, worker) : '' });
  const probe = await esbuild.build({ ...options, write: false });
  const first = firstLoad(probe.metafile, APP_ENTRY);
  const lazy = Object.values(probe.metafile.outputs)
    .map((out) => out.entryPoint)
    .filter((entry) => entry && entry !== APP_ENTRY);
  // The lazy-CSS injector: every screen with styles needs its 100 bytes. The push codes: the
  // socket client and the order lists share them, and as a chunk of their own they cost the
  // order list more than their 40 bytes in the shell. (The number formats, which the login form
  // does not use, come with the lazy shared code.)
  const also = ['scripts/build/inject-css.js', 'src/shared/socket-codes.ts'];
  // The screens a visitor opens first get a part of the shared code of their own (a login form
  // needs the API client and form parts, not the money code).
  // And what a signed-in user's first screen shares with others joins it, splinters and all, but
  // for what a page may load without opening a screen (the push socket, the data meter).
  const apart = beforeScreens(probe.metafile, first.inputs, screens);
  const shared = lazySharedModules({ metafile: probe.metafile, first, lazy, also, min: LAZY_SHARED_MIN, form, early: signIn, landing, apart });
  const result = await esbuild.build({
    ...options,
    plugins: [
      cssSplitPlugin({ first, assetsDir: options.outdir, loader: assetLoaders }),
      oneShellChunkPlugin({ root: r(), entry: APP_ENTRY, first, lazy, also, shared }),
      ...options.plugins,
    ],
  });
  if (!react) {
    const shim = Object.keys(result.metafile.inputs).filter((f) => f.includes('node_modules/use-sync-external-store/'));
    if (shim.length) throw new Error(`the use-sync-external-store alias did not apply: ${shim.join(', ')} got bundled`);
  }
  // One chunk a part, or a screen would fetch splinters that compress worse and are counted nowhere apart.
  for (const part of shared.parts) {
    const chunks = Object.entries(result.metafile.outputs)
      .filter(([file, out]) => file.endsWith('.js') && part.modules.some((m) => out.inputs[m]?.bytesInOutput))
      .map(([file]) => file);
    if (chunks.length > 1) throw new Error(`a part of the lazy shared modules split into ${chunks.length} chunks: ${chunks.join(', ')}`);
  }
  return { metafile: result.metafile, sharedModules: shared.modules };
}

/** Writes the app into `outdir`; returns the size report. */
async function buildInto(outdir, react, compress) {
  await mkdir(path.join(outdir, 'assets'), { recursive: true });
  const worker = await buildWorker(outdir);
  // The sign-in screens' entries (`auth` in the route table): what a visitor opens first.
  const table = await readRoutes();
  const entryOf = (name) => table.find((route) => route.name === name).entry;
  const signInScreens = table.filter((route) => route.access === 'auth').map((route) => route.entry);
  const landing = LANDING_SCREENS.map(entryOf);
  const screens = [...new Set(table.map((route) => route.entry))];
  const { metafile, sharedModules } = await buildApp(outdir, react, worker, { form: [entryOf('login')], signIn: signInScreens, landing, screens });

  const first = firstLoad(metafile, APP_ENTRY);
  const routes = await routeFiles(metafile, first);
  // A visitor's page shows the titles of the routes it may open (the tab bar, a screen's frame)
  // before the whole file; tServer's `'field.' + name` only labels what a sign-in form names.
  const tails = { route: table.filter((route) => route.access !== 'user').map((route) => route.name), field: [] };
  const locales = await buildLocales(outdir, await visitorWords(metafile, first.main, signInScreens, screens, tails));
  await writeFile(path.join(outdir, 'routes.json'), JSON.stringify(routes.routes));
  const bootDefines = { localeHash: locales.hash, rootRoute: routes.root, workerUrl: worker ? url(outdir, worker) : '' };
  const boot = await esbuild.build(bootOptions(bootDefines));
  const liveRows = await esbuild.build(bootOptions(bootDefines, LIVE_ROWS_ENTRY));
  await writeFile(path.join(outdir, LIVE_ROWS_FILE), inlineSafe(liveRows.outputFiles[0].text));
  const html = await renderHtml({
    boot: boot.outputFiles[0].text,
    entry: url(outdir, first.main),
    preload: first.js.filter((f) => f !== first.main).map((f) => url(outdir, f)),
    stylesheet: first.css ? url(outdir, first.css) : null,
  });
  await writeFile(path.join(outdir, 'index.html'), html);
  const shell = [...first.js.map((f) => url(outdir, f)), first.css && url(outdir, first.css), worker && url(outdir, worker)];
  await buildServiceWorker({ outdir, html, shell: shell.filter(Boolean), routes: routes.routes, rootRoute: routes.root });
  await cp(r('public'), outdir, { recursive: true, filter: (src) => src !== r('public/index.html') });

  if (compress) await compressAll(outdir);

  const localeFiles = locales.codes.map((code) => localePath(code, locales.hash).slice(1));
  // What a visitor with an English browser downloads at / or /login besides the first load.
  const visitorFiles = [...routes.routes.login, locales.codes.includes('en') && localePath('en', locales.hash, true)].filter(Boolean).map((u) => u.slice(1));
  return measure(outdir, defineGroups({ metafile, outdir, worker, localeFiles, screens, sharedModules, visitorFiles }));
}

/** The locale keys of a visitor's first screens (sign-in-words.mjs): the sign-in screens and what the entry may run. */
async function visitorWords(metafile, entryOutput, signInScreens, entries, tails) {
  const screens = new Map(chunksOf(metafile, entries).map((s) => [s.entryPoint, s.file]));
  const signIn = signInScreens.map((entry) => screens.get(entry));
  const dict = JSON.parse(await readFile(r('locales/en.json'), 'utf8'));
  return signInKeys(metafile, { entryOutput, signIn, screens: [...screens.values()], dict, tails });
}

/** Moves `built` to `final` whole, so a server or test starting meanwhile never finds half a build. */
async function swapIn(built, final) {
  const old = `${final}.old-${process.pid}`;
  try {
    await rename(final, old).catch((e) => {
      if (e.code !== 'ENOENT') throw e;
    });
    await rename(built, final);
  } finally {
    await rm(old, { recursive: true, force: true });
  }
}

/**
 * Builds everything; returns the size report. `compress: false` skips .br/.gz (dev rebuilds);
 * `strict: false` reports budget failures without throwing.
 */
export async function build({ react = false, compress = true, strict = true } = {}) {
  const started = Date.now();
  const final = distDir(react);
  if (!has(APP_ENTRY)) throw new Error(`${APP_ENTRY} does not exist: nothing to build`);
  // Each folder is built beside its final place and swapped in whole. Same depth as the final
  // folder, so the server's source map paths hold.
  const outdir = `${final}.tmp-${process.pid}`;
  const serverDir = `${r(SERVER_DIR)}.tmp-${process.pid}`;
  const consoleDir = `${r(CONSOLE_DIR)}.tmp-${process.pid}`;
  let report;
  let consoleGroup = null;
  try {
    await rm(outdir, { recursive: true, force: true });
    report = await buildInto(outdir, react, compress);
    // The --react build is only a comparison of the app; the server is the same.
    if (!react) {
      if (has(SERVER_ENTRY)) await esbuild.build(serverOptions({ outdir: serverDir }));
      else console.warn(`! ${SERVER_ENTRY} does not exist yet: no ${SERVER_DIR}/${SERVER_FILE}`);
      consoleGroup = await buildConsole(consoleDir);
    }
    await swapIn(outdir, final);
    if (!react && has(SERVER_ENTRY)) await swapIn(serverDir, r(SERVER_DIR));
    if (consoleGroup) await swapIn(consoleDir, r(CONSOLE_DIR));
  } finally {
    await rm(outdir, { recursive: true, force: true });
    await rm(serverDir, { recursive: true, force: true });
    await rm(consoleDir, { recursive: true, force: true });
  }
  // The report names files relative to the build folder, so it holds after the move.
  await mkdir(r(REPORT_DIR), { recursive: true });
  await writeFile(reportFile(react), JSON.stringify({ react, assets: ASSETS, ...report }, null, 2));
  if (!react) await writeGroups(report, final);
  console.log(`built ${path.relative(r(), final)}/${react ? ' (react)' : ` and ${SERVER_DIR}/`} in ${Date.now() - started} ms\n`);
  // A normal build only prints the ratio: the other directory may be older than this build.
  await check(report, { react, strict, ratioFails: react });
  if (consoleGroup) checkConsole(consoleGroup, strict);
  return report;
}

/** The console's own line under the report, against its own budget (it is never on the app's path). */
function checkConsole(group, strict) {
  const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';
  const over = consoleOverBudget(group);
  console.log(`${group.label.padEnd(30)}${kb(group.brotli)}${kb(CONSOLE_BUDGET)}  ${over ? 'OVER' : 'ok'}  ${CONSOLE_DIR}/ ${group.member}\n`);
  if (over && strict) throw new Error('over budget:\n  ' + over);
  if (over) console.warn('! ' + over);
}

/** Re-measures an existing build from its size report (`npm run size`). */
export async function sizeOnly({ react = false } = {}) {
  const outdir = distDir(react);
  const saved = JSON.parse(await readFile(reportFile(react), 'utf8').catch(() => {
    throw new Error(`${path.relative(r(), reportFile(react))} not found: build first`);
  }));
  const report = await measure(outdir, saved.definitions);
  if (!react) await writeGroups(report, outdir);
  await check(report, { react, strict: true, ratioFails: true });
  return report;
}

async function check(report, { react, strict, ratioFails }) {
  const brotliBytes = await loadBudgets();
  const minReactRatio = MIN_REACT_RATIO;
  console.log(formatReport(report, react ? {} : brotliBytes) + '\n');
  const over = react ? [] : checkBudgets(report.groups, brotliBytes);
  const failures = over.map(formatFailure);
  for (const f of over) {
    const group = report.groups.find((g) => g.name === f.name);
    if (!group?.heaviest.length) continue;
    console.log(`heaviest modules in ${f.label} (minified bytes before compression):`);
    for (const [input, bytes] of group.heaviest) console.log(`  ${String(bytes).padStart(7)}  ${input}`);
  }

  const other = await readFile(reportFile(!react), 'utf8').then(JSON.parse, () => null);
  if (other) {
    const [ours, theirs] = react ? [other.groups, report.groups] : [report.groups, other.groups];
    const ratio = checkRatio(ours, theirs, minReactRatio);
    if (ratio) {
      console.log(`first-load JS is ${ratio.ratio.toFixed(2)}x smaller than the --react build (at least ${minReactRatio}x wanted)`);
      if (!ratio.ok && ratioFails) failures.push(`first-load JS is only ${ratio.ratio.toFixed(2)}x smaller than the --react build`);
    }
  }
  if (!failures.length) return;
  const message = 'over budget:\n  ' + failures.join('\n  ');
  if (strict) throw new Error(message);
  console.warn('! ' + message);
}
