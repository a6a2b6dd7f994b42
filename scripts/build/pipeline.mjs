/** One full build into `dist/` (or `dist-react/` with real React), then the size report and budgets. */
import * as esbuild from 'esbuild';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkBudgets, checkRatio, formatFailure } from './budgets.mjs';
import { compressAll } from './compress.mjs';
import {
  APP_ENTRY, ASSETS, SERVER_ENTRY, WORKER_ENTRY,
  appOptions, assetLoaders, bootOptions, has, r, serverOptions, workerOptions,
} from './config.mjs';
import { cssSplitPlugin } from './css-split.mjs';
import { firstLoad } from './graph.mjs';
import { oneShellChunkPlugin } from './one-shell-chunk.mjs';
import { renderHtml } from './html.mjs';
import { buildLocales } from './locales.mjs';
import { defineGroups, formatReport, measure } from './size.mjs';

export const distDir = (react) => r(react ? 'dist-react' : 'dist');

export async function loadBudgets() {
  return JSON.parse(await readFile(r('size-budgets.json'), 'utf8'));
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
async function buildApp(outdir, react, worker) {
  const options = appOptions({ outdir, react, workerUrl: worker ? url(outdir, worker) : '' });
  const probe = await esbuild.build({ ...options, write: false });
  const first = firstLoad(probe.metafile, APP_ENTRY);
  const lazy = Object.values(probe.metafile.outputs)
    .map((out) => out.entryPoint)
    .filter((entry) => entry && entry !== APP_ENTRY);
  const result = await esbuild.build({
    ...options,
    plugins: [
      cssSplitPlugin({ first, assetsDir: options.outdir, loader: assetLoaders }),
      // The lazy-CSS injector: every screen with styles needs its 100 bytes; the number formats:
      // every screen that shows a number, price or amount needs their 200.
      oneShellChunkPlugin({ root: r(), entry: APP_ENTRY, first, lazy, also: ['scripts/build/inject-css.js', 'src/lib/number.ts'] }),
    ],
  });
  if (!react) {
    const shim = Object.keys(result.metafile.inputs).filter((f) => f.includes('node_modules/use-sync-external-store/'));
    if (shim.length) throw new Error(`the use-sync-external-store alias did not apply: ${shim.join(', ')} got bundled`);
  }
  return result.metafile;
}

/** Writes every output into `outdir`; returns the size report. */
async function buildInto(outdir, react, compress) {
  await mkdir(path.join(outdir, 'assets'), { recursive: true });
  const worker = await buildWorker(outdir);
  const locales = await buildLocales(outdir);
  const metafile = await buildApp(outdir, react, worker);

  const boot = await esbuild.build(bootOptions({ locales }));
  const first = firstLoad(metafile, APP_ENTRY);
  const html = await renderHtml({
    boot: boot.outputFiles[0].text,
    entry: url(outdir, first.main),
    preload: first.js.filter((f) => f !== first.main).map((f) => url(outdir, f)),
    stylesheet: first.css ? url(outdir, first.css) : null,
  });
  await writeFile(path.join(outdir, 'index.html'), html);
  await cp(r('public'), outdir, { recursive: true, filter: (src) => src !== r('public/index.html') });

  if (!react) {
    if (has(SERVER_ENTRY)) await esbuild.build(serverOptions({ outdir }));
    else console.warn(`! ${SERVER_ENTRY} does not exist yet: no dist/server.js`);
  }
  if (compress) await compressAll(outdir);

  const localeFiles = Object.values(locales).map((u) => u.slice(1));
  const report = await measure(outdir, defineGroups({ metafile, outdir, worker, localeFiles }));
  await writeFile(path.join(outdir, 'size.json'), JSON.stringify({ react, assets: ASSETS, ...report }, null, 2));
  return report;
}

/**
 * Builds everything; returns the size report. `compress: false` skips .br/.gz (dev rebuilds);
 * `strict: false` reports budget failures without throwing.
 */
export async function build({ react = false, compress = true, strict = true } = {}) {
  const started = Date.now();
  const final = distDir(react);
  if (!has(APP_ENTRY)) throw new Error(`${APP_ENTRY} does not exist: nothing to build`);
  // Built beside dist/ and swapped in whole, so a server or test starting meanwhile never finds
  // half a build. Same depth as dist/, so the server's source map paths hold.
  const outdir = `${final}.tmp-${process.pid}`;
  const old = `${final}.old-${process.pid}`;
  await rm(outdir, { recursive: true, force: true });
  let report;
  try {
    report = await buildInto(outdir, react, compress);
    await rename(final, old).catch((e) => {
      if (e.code !== 'ENOENT') throw e;
    });
    await rename(outdir, final);
  } finally {
    await rm(outdir, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
  // size.json names files relative to the build folder, so it survives the move.
  console.log(`built ${path.relative(r(), final)}/ in ${Date.now() - started} ms${react ? ' (react)' : ''}\n`);
  // A normal build only prints the ratio: the other directory may be older than this build.
  await check(report, { react, strict, ratioFails: react });
  return report;
}

/** Re-measures an existing build from its size.json (`npm run size`). */
export async function sizeOnly({ react = false } = {}) {
  const outdir = distDir(react);
  const saved = JSON.parse(await readFile(path.join(outdir, 'size.json'), 'utf8').catch(() => {
    throw new Error(`${path.relative(r(), outdir)}/size.json not found: build first`);
  }));
  const report = await measure(outdir, saved.definitions);
  await check(report, { react, strict: true, ratioFails: true });
  return report;
}

async function check(report, { react, strict, ratioFails }) {
  const { brotliBytes, minReactRatio } = await loadBudgets();
  console.log(formatReport(report, react ? {} : brotliBytes) + '\n');
  const over = react ? [] : checkBudgets(report.groups, brotliBytes);
  const failures = over.map(formatFailure);
  for (const f of over) {
    const group = report.groups.find((g) => g.name === f.name);
    if (!group?.heaviest.length) continue;
    console.log(`heaviest modules in ${f.label} (minified bytes before compression):`);
    for (const [input, bytes] of group.heaviest) console.log(`  ${String(bytes).padStart(7)}  ${input}`);
  }

  const other = await readFile(path.join(distDir(!react), 'size.json'), 'utf8').then(JSON.parse, () => null);
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
