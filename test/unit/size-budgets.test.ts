import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import sizeLimitChecks from '../../.size-limit.json' with { type: 'json' };
import { budgetsFromSizeLimit, checkBudgets, checkRatio, formatFailure, parseLimit, type SizeGroup } from '../../scripts/build/budgets.mjs';
import { documentedBudgets } from './documented-budgets.mjs';

const group = (name: string, brotli: number, files = [`assets/${name}-AAAAAAAA.js`]): SizeGroup => ({
  name,
  label: name,
  files,
  raw: brotli * 3,
  gzip: brotli + 100,
  brotli,
});

const budgets = { firstLoadJs: 16384, worker: 4096 };

const check = suite('checkBudgets');

check('passes groups at or under their budget', () => {
  assert.equal(checkBudgets([group('firstLoadJs', 16384), group('worker', 1200)], budgets), [], 'no failure at the limit');
});

check('fails a group over its budget with the excess in bytes', () => {
  const failures = checkBudgets([group('firstLoadJs', 16500), group('worker', 1200)], budgets);
  assert.is(failures.length, 1, 'only the group over budget fails');
  assert.is(failures[0]!.name, 'firstLoadJs');
  assert.is(failures[0]!.excess, 116, 'excess is size minus budget');
});

check('names the group, its files and the excess in the message', () => {
  const files = ['assets/main-AAAAAAAA.js', 'assets/chunk-BBBBBBBB.js', 'assets/chunk-CCCCCCCC.js'];
  const [failure] = checkBudgets([group('firstLoadJs', 17000, files)], budgets);
  const text = formatFailure(failure!);
  assert.match(text, 'firstLoadJs', 'group named');
  assert.match(text, 'assets/main-AAAAAAAA.js + 2 more', 'files named');
  assert.match(text, '616 B over', 'excess in bytes');
});

check('skips groups without a budget and budgets without a group', () => {
  assert.equal(checkBudgets([group('unbudgeted', 999999)], budgets), [], 'nothing to check against');
});

const ratio = suite('checkRatio');

ratio('meets the minimum when React first-load JS is that many times larger', () => {
  const result = checkRatio([group('firstLoadJs', 15000)], [group('firstLoadJs', 60000)], 4);
  assert.ok(result?.ok, '4x is enough');
  assert.is(result?.ratio, 4);
});

ratio('fails below the minimum', () => {
  assert.is(checkRatio([group('firstLoadJs', 20000)], [group('firstLoadJs', 60000)], 4)?.ok, false, '3x is not');
});

ratio('is unknown when a build lacks the group', () => {
  assert.is(checkRatio([], [group('firstLoadJs', 60000)], 4), null);
});

const limits = suite('.size-limit.json');

limits('limits read as size-limit reads them: kB is 1000 B, KiB 1024 B', () => {
  assert.is(parseLimit('16384 B'), 16384);
  assert.is(parseLimit('16 KiB'), 16384);
  assert.is(parseLimit('16 kB'), 16000);
  assert.is(parseLimit('1.5 KiB'), 1536);
  for (const bad of ['16', 'sixteen KB', '16 parsecs', '']) assert.throws(() => parseLimit(bad), /not a size/, bad);
});

limits('each check names the group folder it measures; gzip or no compression is refused', () => {
  const budgets = budgetsFromSizeLimit([{ name: 'first load', path: 'dist-report/groups/firstLoadJs/*', limit: '16 KiB' }]);
  assert.equal(budgets, { firstLoadJs: 16384 });
  assert.throws(() => budgetsFromSizeLimit([{ name: 'x', path: 'dist/assets/*.js', limit: '1 kB' }]), /group folder/);
  assert.throws(() => budgetsFromSizeLimit([{ name: 'x', path: 'dist-report/groups/html/*', limit: '1 kB', gzip: true }]), /brotli/);
  assert.throws(() => budgetsFromSizeLimit({ limit: '1 kB' }), /array/);
});

limits('the repository file budgets every group the build measures, at the sizes docs/performance.md states', () => {
  const budgets = budgetsFromSizeLimit(sizeLimitChecks);
  assert.equal(budgets, {
    firstLoadJs: 16.125 * 1024,
    firstLoadCss: 4 * 1024,
    html: 3 * 1024,
    locale: 8 * 1024,
    lazyShared: 9.5 * 1024,
    visitor: 30 * 1024,
    quoteScreen: 35 * 1024,
    worker: 4 * 1024,
    lazyScreen: 6 * 1024,
  });
  assert.equal(documentedBudgets(), budgets, 'the budget column of docs/performance.md "Sizes" is .size-limit.json');
});

limits('the documented budgets are read from the Sizes table only, in KB of 1024 B', () => {
  const doc = [
    '## Sizes',
    '| group | what | size | budget |',
    '|---|---|---|---|',
    '| `html` | index.html | 2.8 KB | 3 KB |',
    '| `locale` | largest locale | 7.2 KB | 7.5 KB |',
    '| – | the --react build | 4.3x larger | at least 4x |',
    '## Speed',
    '| `html` | not a budget | 1 KB | 9 KB |',
  ].join('\n');
  assert.equal(documentedBudgets(doc), { html: 3072, locale: 7680 });
  assert.throws(() => documentedBudgets('## Speed\n'), /no "## Sizes"/);
});

check.run();
ratio.run();
limits.run();
