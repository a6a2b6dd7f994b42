/**
 * The bench's tables, one rendering for its console and for docs/performance.md: `npm run bench`
 * prints them and writes their figures to bench/results.json, and `npm run bench:doc` writes the
 * same tables into the doc (bench/doc.ts), so no figure there is typed by hand.
 */
import type { LoadSample } from './load.ts';

type Unit = 's' | 'KB' | 'ms';

export interface Row {
  key: keyof LoadSample;
  label: string;
  goal: number;
  unit: Unit;
}

export const ROWS: Row[] = [
  { key: 'fcp', label: 'first contentful paint (skeleton)', goal: 800, unit: 's' },
  { key: 'prices', label: 'real prices seen (written into the first HTML)', goal: 800, unit: 's' },
  { key: 'rows', label: "live quote rows a tap can open (the app's own)", goal: 1800, unit: 's' },
  { key: 'live', label: "rows moving with the first poll (the skeleton's or the app's)", goal: 1800, unit: 's' },
  { key: 'tapToChart', label: 'quote screen: tap → chart drawn', goal: 500, unit: 's' },
  { key: 'repeatPrices', label: 'repeat visit → live quote rows', goal: 800, unit: 's' },
  { key: 'bytesToPrices', label: 'bytes received until prices are seen', goal: 40 * 1024, unit: 'KB' },
  { key: 'longestLoadTask', label: 'longest main-thread task, first load (0: none over 50 ms)', goal: 50, unit: 'ms' },
  { key: 'longestQuoteTask', label: 'longest main-thread task, tap → chart (0: none over 50 ms)', goal: 50, unit: 'ms' },
  { key: 'earlyTapToChart', label: 'quote screen: tap → chart drawn, tapped the moment the rows are live', goal: 500, unit: 's' },
  { key: 'earlyLoadTask', label: 'longest main-thread task, first load until that tap', goal: 50, unit: 'ms' },
  { key: 'earlyQuoteTask', label: 'longest main-thread task, that tap → chart', goal: 50, unit: 'ms' },
  { key: 'visitorForm', label: 'visitor at `/`: the login form shows', goal: 1800, unit: 's' },
  { key: 'visitorBytes', label: 'visitor at `/`: HTML, JS, CSS, locale and API answers until the login form shows (bodies)', goal: 30 * 1024, unit: 'KB' },
];

/** The long tasks, whose goal holds on every load: the worst of the runs beside the median. */
export const TASK_ROWS: Row[] = ROWS.filter((r) => r.unit === 'ms');

/** On 2G: the prices the first HTML carries, and the rows a tap can open. */
export const ROWS_2G: Row[] = [
  { key: 'prices', label: 'real prices seen (written into the first HTML)', goal: 1400, unit: 's' },
  { key: 'rows', label: 'live quote rows a tap can open', goal: 3500, unit: 's' },
  { key: 'live', label: 'rows moving with the first poll', goal: 3200, unit: 's' },
  { key: 'visitorBytes', label: 'visitor at `/`: bytes until the login form shows (bodies)', goal: 30 * 1024, unit: 'KB' },
];

/** A line's emulation, as bench/load.ts sets it. */
export interface Profile {
  latencyMs: number;
  kbit: number;
  cpu: number;
}

export const title3g = (p: Profile) => `slow 3G + ${p.cpu}x CPU`;
export const title2g = (p: Profile) => `2G (${p.latencyMs} ms round trip, ${p.kbit} kbit/s) + ${p.cpu}x CPU, same run`;

export const kb = (n: number) => (n / 1024).toFixed(1) + ' KB';

export const show = (v: number, unit: Unit) => (unit === 's' ? (v / 1000).toFixed(2) + ' s' : unit === 'ms' ? Math.round(v) + ' ms' : kb(v));

/** The builds' columns: the app, the `--react` build, and a baseline when the run had one. */
export const columnName = (build: string) => (build === 'dist' ? 'app' : build === 'dist-react' ? '`--react` build' : 'baseline');

/** A markdown table of the medians of each build in `builds`, one row each of `rows`, with the goal. */
export function loadTable(title: string, rows: Row[], medians: Record<string, Record<string, number>>, builds: string[]): string {
  const head = `| ${title} | ${builds.map(columnName).join(' | ')} | goal |\n|---|${builds.map(() => '---|').join('')}---|`;
  const body = rows.map((r) => {
    const cells = builds.map((b) => {
      const v = medians[b]![r.key]!;
      return show(v, r.unit) + (b === 'dist' && v > r.goal ? ' (over)' : '');
    });
    return `| ${r.label} | ${cells.join(' | ')} | ≤ ${show(r.goal, r.unit)} |`;
  });
  return [head, ...body].join('\n');
}

/** What the quote screen's main thread did while it stayed open (bench/run.ts `dataUsed`). */
export interface QuoteSession {
  minutes: number;
  main: { diffAndRedrawP95: number; diffs: number; longestTask: number; heapAfter: number };
}

export function quoteSessionTable(s: QuoteSession): string {
  const { main, minutes } = s;
  return [
    `| quote screen open ${minutes} min, 4x CPU | app | goal |`,
    '|---|---|---|',
    `| a poll's diff applied and the chart redrawn, p95 (${main.diffs} diffs) | ${main.diffAndRedrawP95} ms | ≤ 8 ms |`,
    `| longest task while it stays open | ${main.longestTask ? `${main.longestTask} ms` : 'none over 50 ms'} | none |`,
    `| JS heap of the page at the end | ${(main.heapAfter / 1024 / 1024).toFixed(1)} MB | ≤ 8 MB after 10 min |`,
  ].join('\n');
}
