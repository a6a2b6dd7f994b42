/**
 * docs/performance.md's bench figures are written from the bench's own results (bench/doc.ts), not
 * typed: the doc holds the markers, and what goes between them is the bench's tables.
 */
import { readFileSync } from 'node:fs';
import * as assert from 'uvu/assert';
import { commandOf, parts, render, type BenchResults } from '../../bench/doc.ts';
import { test } from '../suite.ts';

const sample = (): BenchResults => {
  const medians = { fcp: 700, prices: 710, rows: 2100, tapToChart: 350, repeatPrices: 400, bytesToPrices: 5120, longestLoadTask: 0, longestQuoteTask: 61, visitorForm: 2500, visitorBytes: 30_515 };
  return {
    run: { at: '2026-11-28T21:00:00.000Z', env: { BENCH_RUNS: '1', BENCH_MINUTES: '0' }, builds: ['dist', 'dist-react'], cpus: 2, loadAverage: { start: 1.5, end: 2.25 } },
    profile: { latencyMs: 400, kbit: 400, cpu: 4 },
    runs: 1,
    load: { medians: { dist: medians, 'dist-react': { ...medians, rows: 3400 } } },
    load2g: { profile: { latencyMs: 800, kbit: 280, cpu: 4 }, medians: { dist: medians, 'dist-react': medians } },
    dataUsed: null,
  };
};

test('the load tables carry the run\'s medians, its command and the machine\'s load', () => {
  const { load } = parts(sample());
  assert.ok(load);
  assert.match(load!, 'Measured with `BENCH_RUNS=1 BENCH_MINUTES=0 npm run bench` on 2026-11-28, median of 1 (load average 1.5–2.25 on 2 cores while it ran).');
  assert.match(load!, "| live quote rows a tap can open (the app's own) | 2.10 s (over) | 3.40 s | ≤ 1.80 s |");
  assert.match(load!, '| longest main-thread task, first load (0: none over 50 ms) | 0 ms | 0 ms | ≤ 50 ms |');
  assert.match(load!, '| 2G (800 ms round trip, 280 kbit/s) + 4x CPU, same run | app | `--react` build | goal |');
  assert.is(commandOf(sample()), 'BENCH_RUNS=1 BENCH_MINUTES=0 npm run bench');
});

test('the long tasks show their worst load too, whose figure says whether the goal is met on every load', () => {
  const results = sample();
  const worst = { longestLoadTask: 84, longestQuoteTask: 0, earlyLoadTask: 61, earlyQuoteTask: 120 };
  results.load!.worst = { dist: worst, 'dist-react': worst };
  const { load } = parts(results);
  assert.match(load!, '| slow 3G + 4x CPU, worst of 1 loads | app | `--react` build | goal |');
  assert.match(load!, '| longest main-thread task, that tap → chart | 120 ms (over) | 120 ms | ≤ 50 ms |');
  assert.not.match(parts(sample()).load!, 'worst of');
});

test('a part the run did not measure is left as it was; text outside the markers is never touched', () => {
  const doc = 'intro\n<!-- bench:load -->\nold\n<!-- /bench:load -->\nmiddle\n<!-- bench:quote-session -->\nkept\n<!-- /bench:quote-session -->\nend\n';
  const { markdown, written } = render(doc, parts(sample()));
  assert.equal(written, ['load']);
  assert.ok(markdown.startsWith('intro\n<!-- bench:load -->\nMeasured with'));
  assert.ok(markdown.endsWith('<!-- /bench:load -->\nmiddle\n<!-- bench:quote-session -->\nkept\n<!-- /bench:quote-session -->\nend\n'));
  assert.not.match(markdown, 'old');
});

test('docs/performance.md has the markers the bench writes between', () => {
  const doc = readFileSync(new URL('../../docs/performance.md', import.meta.url), 'utf8');
  const { written } = render(doc, { load: '', 'quote-session': '' });
  assert.equal(written, ['load', 'quote-session']);
  assert.throws(() => render('no markers', { load: 'x' }), /no <!-- bench:load -->/);
});

test.run();
