/**
 * The operator's console: its own entry, page and size budget, built into `dist-console/` (served
 * by the admin listener only, never by the public server). Preact through the app's aliases. The
 * review queues load first; the pages under `src/console/pages/` (users, content, audit log) are
 * lazy chunks with a budget of their own.
 */
import * as esbuild from 'esbuild';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compressAll } from './compress.mjs';
import { appOptions, r } from './config.mjs';
import { closure, entryOutput, lazyEntries } from './graph.mjs';
import { measure } from './size.mjs';

export const CONSOLE_ENTRY = 'src/console/main.tsx';
export const CONSOLE_DIR = 'dist-console';
/**
 * Page + script + styles, brotli: a phone on 3G opens it in about a second. 15 KB since the queues
 * gained live events, claims, alerts and the tabs of the lazy pages (whose styles load here).
 */
export const CONSOLE_BUDGET = 15 * 1024;
/** What one lazy page (users, content, audit log) adds when the operator opens it. */
export const CONSOLE_PAGE_BUDGET = 8 * 1024;
const PUBLIC = '/console/assets/';

const page = ({ js, css }) =>
  `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Operator console</title>` +
  `<link rel="stylesheet" href="${PUBLIC}${css}"><script type="module" src="${PUBLIC}${js}"></script></head><body><div id="console"></div></body></html>`;

/** Builds into `outdir`; answers the size group of the report (files relative to `outdir`), with its largest lazy page. */
export async function buildConsole(outdir) {
  await rm(outdir, { recursive: true, force: true });
  const assets = path.join(outdir, 'assets');
  await mkdir(assets, { recursive: true });
  const base = appOptions({ outdir, react: false, workerUrl: '' });
  const result = await esbuild.build({
    ...base,
    entryPoints: { console: CONSOLE_ENTRY },
    splitting: true,
    outdir: assets,
    publicPath: PUBLIC,
  });
  const { metafile } = result;
  const rel = (f) => path.relative(assets, r(f)).split(path.sep).join('/');
  const entry = entryOutput(metafile, CONSOLE_ENTRY);
  const firstJs = closure(metafile, entry);
  const css = metafile.outputs[entry].cssBundle;
  await writeFile(path.join(outdir, 'index.html'), page({ js: rel(entry), css: rel(css) }));
  await compressAll(outdir);
  const first = new Set(firstJs);
  const pages = lazyEntries(metafile, 'src/console/pages/').map((p) => ({
    label: `lazy page ${path.basename(p.entryPoint, '.tsx')}`,
    files: closure(metafile, p.file).filter((f) => !first.has(f)).map((f) => `assets/${rel(f)}`),
    heaviest: [],
  }));
  const files = ['index.html', ...firstJs.map((f) => `assets/${rel(f)}`), `assets/${rel(css)}`];
  const report = await measure(outdir, [
    { name: 'console', label: 'operator console', members: [{ label: 'page + script + styles', files, heaviest: [] }] },
    { name: 'consolePage', label: 'console page', members: pages },
  ]);
  const [group, largest] = report.groups;
  return { ...group, member: largest ? `${group.member}; ${largest.member} ${(largest.brotli / 1024).toFixed(1)} KB of ${CONSOLE_PAGE_BUDGET / 1024} KB` : group.member, page: largest ?? null };
}

export function consoleOverBudget(group) {
  const over = [];
  if (group.brotli > CONSOLE_BUDGET) over.push(`operator console is ${group.brotli - CONSOLE_BUDGET} B over its ${CONSOLE_BUDGET} B budget`);
  if (group.page && group.page.brotli > CONSOLE_PAGE_BUDGET) over.push(`console ${group.page.member} is ${group.page.brotli - CONSOLE_PAGE_BUDGET} B over its ${CONSOLE_PAGE_BUDGET} B budget`);
  return over.length ? over.join('; ') : null;
}
