/**
 * The size report: raw, gzip and brotli bytes per output file and per group a user downloads
 * together (first load, the lazy shared chunk, the quote screen, each lazy screen, a visitor's
 * first load), written to `dist-report/size.json`.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compressBrotli, compressGzip } from './compress.mjs';
import { APP_ENTRY, QUOTE_SCREEN, r } from './config.mjs';
import { chunksOf, closure, firstLoad } from './graph.mjs';

const posix = (p) => p.split(path.sep).join('/');

/**
 * Group definitions of an app build. A group with several members is reported by its largest
 * member (the heaviest lazy screen, the largest locale file). Files are relative to `outdir`.
 * `sharedModules` are the source files of the lazy shared chunk (one-shell-chunk.mjs);
 * `visitorFiles` what a visitor's first load adds to the first-load JS, CSS and HTML: the login
 * screen's files and the English locale file; `screens` the route table's screen modules.
 */
export function defineGroups({ metafile, outdir, worker, localeFiles, screens: entries, sharedModules = [], visitorFiles = [] }) {
  const rel = (file) => posix(path.relative(outdir, r(file)));
  const abs = (file) => posix(path.relative(r(), path.join(outdir, file)));
  // The heaviest source modules of a member, so an over-budget line says where the bytes are.
  const heaviest = (files) => {
    const bytes = new Map();
    for (const f of files) {
      for (const [input, v] of Object.entries(metafile.outputs[abs(f)]?.inputs ?? {})) {
        bytes.set(input, (bytes.get(input) ?? 0) + v.bytesInOutput);
      }
    }
    return [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 8);
  };
  const member = (label, files) => ({ label, files, heaviest: heaviest(files) });
  const first = firstLoad(metafile, APP_ENTRY);
  const onFirstLoad = new Set(first.js);
  const screens = chunksOf(metafile, entries);
  const screenChunks = new Set(screens.map((s) => s.file));
  // The lazy shared chunk: the output holding the shared modules (one, as one-shell-chunk.mjs
  // arranges; were they ever split, every piece would count here and not toward a screen).
  const sharedSources = new Set(sharedModules);
  const shared = Object.keys(metafile.outputs).filter(
    (f) => f.endsWith('.js') && !onFirstLoad.has(f) && Object.keys(metafile.outputs[f].inputs).some((i) => sharedSources.has(i)),
  );
  const onShared = new Set(shared);
  // What a screen adds once the first load and the lazy shared chunk are cached.
  const beyondFirst = (files) => files.filter((f) => !onFirstLoad.has(f) && !onShared.has(f)).map(rel);

  const quote = screens.find((s) => s.entryPoint.startsWith(QUOTE_SCREEN));
  const others = screens.filter((s) => s !== quote);
  const one = (label, files) => [member(label, files)];

  return [
    { name: 'firstLoadJs', label: 'first-load JS', members: one('entry + static imports', first.js.map(rel)) },
    { name: 'firstLoadCss', label: 'first-load CSS', members: one('stylesheet', first.css ? [rel(first.css)] : []) },
    { name: 'html', label: 'HTML', members: one('index.html with skeleton and boot script', ['index.html']) },
    { name: 'locale', label: 'locale file (largest)', members: localeFiles.map((f) => ({ label: f, files: [f] })) },
    { name: 'worker', label: 'market worker', members: worker ? one('worker', [rel(worker)]) : [] },
    {
      name: 'lazyShared',
      label: 'lazy shared chunk',
      members: shared.length ? one('four parts: API client and form parts; sign-in lists and popups; dates and number formats; decimals and money', shared.map(rel)) : [],
    },
    {
      name: 'visitor',
      label: 'visitor at / or /login',
      members: visitorFiles.length
        ? one('HTML, first-load JS and CSS, login screen, English locale', ['index.html', ...first.js.map(rel), ...(first.css ? [rel(first.css)] : []), ...visitorFiles])
        : [],
    },
    {
      name: 'quoteScreen',
      label: 'quote screen',
      // The trade screen with the chart and uPlot it loads, but not other screens it links to, nor
      // what the first load may fetch later (its own lazy imports are not the quote screen's).
      members: quote
        ? one(
            quote.entryPoint,
            beyondFirst(
              closure(metafile, quote.file, {
                dynamic: true,
                stopAt: (f) => onFirstLoad.has(f) || (screenChunks.has(f) && f !== quote.file),
              }),
            ),
          )
        : [],
    },
    {
      name: 'lazyScreen',
      label: 'other lazy screen (largest)',
      members: others.map((s) => member(s.entryPoint, beyondFirst(closure(metafile, s.file)))),
    },
  ];
}

async function measureFile(outdir, file) {
  const full = path.join(outdir, file);
  const buf = await readFile(full);
  const packed = async (ext, make) => {
    const s = await stat(full + ext).catch(() => null);
    return s ? s.size : (await make(buf)).length;
  };
  return { file, raw: buf.length, gzip: await packed('.gz', compressGzip), brotli: await packed('.br', compressBrotli) };
}

async function* servedFiles(dir, base = dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* servedFiles(full, base);
    else if (/\.(js|css|json|html)$/.test(entry.name)) yield posix(path.relative(base, full));
  }
}

/** Measures every script, style, locale and page under `outdir` and sums each group. */
export async function measure(outdir, definitions) {
  const files = [];
  for await (const file of servedFiles(outdir)) files.push(await measureFile(outdir, file));
  const byName = new Map(files.map((f) => [f.file, f]));
  const sum = (list, key) => list.reduce((n, f) => n + (byName.get(f)?.[key] ?? 0), 0);

  const groups = [];
  for (const def of definitions) {
    let best = null;
    for (const m of def.members) {
      const g = { name: def.name, label: def.label, member: m.label, files: m.files, heaviest: m.heaviest ?? [] };
      for (const key of ['raw', 'gzip', 'brotli']) g[key] = sum(m.files, key);
      if (!best || g.brotli > best.brotli) best = g;
    }
    if (best) groups.push(best);
  }
  files.sort((a, b) => b.brotli - a.brotli);
  return { definitions, groups, files };
}

const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';

/** The table printed after every build. */
export function formatReport(report, budgets) {
  const lines = [];
  const width = Math.max(24, ...report.files.map((f) => f.file.length)) + 2;
  lines.push('file'.padEnd(width) + '      raw'.padStart(10) + '     gzip'.padStart(10) + '   brotli'.padStart(10));
  let omitted = 0;
  for (const f of report.files) {
    if (f.file.startsWith('locales/') && !report.groups.some((g) => g.files.includes(f.file))) omitted++;
    else lines.push(f.file.padEnd(width) + kb(f.raw) + kb(f.gzip) + kb(f.brotli));
  }
  if (omitted) lines.push(`(${omitted} smaller locale files not listed)`);
  lines.push('');
  const gw = 30;
  lines.push('group'.padEnd(gw) + '   brotli'.padStart(10) + '   budget'.padStart(10) + '  ');
  for (const g of report.groups) {
    const budget = budgets[g.name];
    const mark = budget === undefined ? '' : g.brotli > budget ? '  OVER' : '  ok';
    lines.push(g.label.padEnd(gw) + kb(g.brotli) + (budget === undefined ? ' '.repeat(10) : kb(budget)) + mark + `  ${g.member}`);
  }
  return lines.join('\n');
}
