/**
 * `npm run bench:doc`: writes the figures of the last `npm run bench` (bench/results.json) into
 * docs/performance.md, between the markers `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`, with
 * the tables the bench printed (bench/tables.ts) and a line saying how the run was made. A part the
 * run did not measure (the quote screen's session with `BENCH_MINUTES=0`) keeps what it had.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { loadTable, quoteSessionTable, ROWS, ROWS_2G, TASK_ROWS, title2g, title3g, type Profile, type QuoteSession } from './tables.ts';

type Medians = Record<string, Record<string, number>>;

export interface BenchResults {
  run?: { at: string; env: Record<string, string>; builds: string[]; cpus: number; loadAverage: { start: number; end: number } };
  profile: Profile;
  runs: number;
  /** `worst`: the long tasks' worst load (runs before it was measured have none). */
  load: { medians: Medians; worst?: Medians } | null;
  load2g: { profile: Profile; medians: Medians } | null;
  dataUsed: QuoteSession | null;
}

/** The command that made `results`, as a reader would type it again. */
export function commandOf(results: BenchResults): string {
  const env = Object.entries(results.run?.env ?? {}).map(([k, v]) => `${k}=${v}`);
  return [...env, 'npm run bench'].join(' ');
}

function measured(results: BenchResults): string {
  const run = results.run;
  if (!run) return `Measured with \`${commandOf(results)}\`.`;
  const load = run.loadAverage.start === run.loadAverage.end ? `${run.loadAverage.start}` : `${run.loadAverage.start}–${run.loadAverage.end}`;
  return `Measured with \`${commandOf(results)}\` on ${run.at.slice(0, 10)}, median of ${results.runs} (load average ${load} on ${run.cpus} cores while it ran).`;
}

/** The doc's generated parts, by marker name; a part with nothing measured is left out. */
export function parts(results: BenchResults): Record<string, string> {
  const out: Record<string, string> = {};
  const builds = results.run?.builds ?? Object.keys(results.load?.medians ?? {});
  if (results.load && results.load2g) {
    out.load = [
      measured(results),
      '',
      loadTable(title3g(results.profile), ROWS, results.load.medians, builds),
      '',
      ...(results.load.worst ? [loadTable(`${title3g(results.profile)}, worst of ${results.runs} loads`, TASK_ROWS, results.load.worst, builds), ''] : []),
      loadTable(title2g(results.load2g.profile), ROWS_2G, results.load2g.medians, builds),
    ].join('\n');
  }
  if (results.dataUsed) out['quote-session'] = [measured(results), '', quoteSessionTable(results.dataUsed)].join('\n');
  return out;
}

/** `markdown` with each part in `parts` written between its markers; answers it and the parts written. */
export function render(markdown: string, generated: Record<string, string>): { markdown: string; written: string[] } {
  const written: string[] = [];
  let text = markdown;
  for (const [name, body] of Object.entries(generated)) {
    const open = `<!-- bench:${name} -->`;
    const close = `<!-- /bench:${name} -->`;
    const from = text.indexOf(open);
    const to = text.indexOf(close);
    if (from < 0 || to < from) throw new Error(`docs/performance.md has no ${open} … ${close}`);
    text = `${text.slice(0, from + open.length)}\n${body}\n${text.slice(to)}`;
    written.push(name);
  }
  return { markdown: text, written };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const doc = new URL('../docs/performance.md', import.meta.url);
  const results = JSON.parse(await readFile(new URL('./results.json', import.meta.url), 'utf8')) as BenchResults;
  const { markdown, written } = render(await readFile(doc, 'utf8'), parts(results));
  await writeFile(doc, markdown);
  console.log(`docs/performance.md: ${written.length ? written.join(', ') : 'nothing'} written from bench/results.json (${commandOf(results)})`);
}
