/**
 * Run by suite.test.ts in a process of its own: a suite whose set-up throws, then a second run of
 * the same shared `test` whose set-up works (each run keeps its own set-up's outcome).
 */
import * as assert from 'uvu/assert';
import { test } from '../suite.ts';

let ready = false;
test.before(() => {
  throw new Error('the database did not start');
});
test('a test that would pass', () => assert.ok(true));
test('another test that would pass', () => assert.ok(true));
test.run();

test.before(() => {
  ready = true;
});
test('a test after a set-up that worked', () => assert.ok(ready));
test.run();
