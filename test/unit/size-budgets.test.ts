import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkBudgets, checkRatio, formatFailure, type SizeGroup } from '../../scripts/build/budgets.mjs';

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

check.run();
ratio.run();
