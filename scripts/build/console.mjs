/**
 * The operator's console: its own entry, page and size budget, built into `dist-console/` (served
 * by the admin listener only, never by the public server). Preact through the app's aliases.
 */
import * as esbuild from 'esbuild';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compressAll } from './compress.mjs';
import { appOptions, r } from './config.mjs';
import { measure } from './size.mjs';

export const CONSOLE_ENTRY = 'src/console/main.tsx';
export const CONSOLE_DIR = 'dist-console';
/** Page + script + styles, brotli: a phone on 3G opens it in about a second. */
export const CONSOLE_BUDGET = 14 * 1024;
const PUBLIC = '/console/assets/';

const page = ({ js, css }) =>
  `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Operator console</title>` +
  `<link rel="stylesheet" href="${PUBLIC}${css}"><script type="module" src="${PUBLIC}${js}"></script></head><body><div id="console"></div></body></html>`;

/** Builds into `outdir`; answers the size group of the report (files relative to `outdir`). */
export async function buildConsole(outdir) {
  await rm(outdir, { recursive: true, force: true });
  const assets = path.join(outdir, 'assets');
  await mkdir(assets, { recursive: true });
  const base = appOptions({ outdir, react: false, workerUrl: '' });
  const result = await esbuild.build({
    ...base,
    entryPoints: { console: CONSOLE_ENTRY },
    splitting: false,
    outdir: assets,
    publicPath: PUBLIC,
  });
  const outputs = Object.keys(result.metafile.outputs).map((f) => path.relative(assets, r(f)));
  const js = outputs.find((f) => f.endsWith('.js'));
  const css = outputs.find((f) => f.endsWith('.css'));
  await writeFile(path.join(outdir, 'index.html'), page({ js, css }));
  await compressAll(outdir);
  const files = ['index.html', `assets/${js}`, `assets/${css}`];
  const report = await measure(outdir, [{ name: 'console', label: 'operator console', members: [{ label: 'page + script + styles', files, heaviest: [] }] }]);
  return report.groups[0];
}

export const consoleOverBudget = (group) => (group.brotli > CONSOLE_BUDGET ? `operator console is ${group.brotli - CONSOLE_BUDGET} B over its ${CONSOLE_BUDGET} B budget` : null);
