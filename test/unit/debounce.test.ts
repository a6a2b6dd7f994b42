import { mock } from 'node:test';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { debounce } from '../../src/lib/debounce.ts';

/** The timers' clock is the test's: `wait` moves it, at once. */
const wait = (ms: number) => mock.timers.tick(ms);
const fakeTime = () => mock.timers.enable({ apis: ['setTimeout'] });
const realTime = () => mock.timers.reset();

const leading = suite('debounce (actions)');
leading.before.each(fakeTime);
leading.after.each(realTime);
leading('the first tap runs at once, a double tap runs once', async () => {
  const calls: number[] = [];
  const submit = debounce((n: number) => calls.push(n), 40);
  submit(1);
  assert.equal(calls, [1], 'not delayed');
  submit(2);
  submit(3);
  wait(60);
  assert.equal(calls, [1], 'taps inside the window are dropped');
  submit(4);
  assert.equal(calls, [1, 4], 'runs again after a quiet window');
});
leading('each tap extends the quiet window', async () => {
  let n = 0;
  const submit = debounce(() => n++, 150);
  submit();
  wait(90);
  submit();
  wait(90);
  submit();
  assert.is(n, 1, '180 ms after the first tap, but only 90 after the last');
  wait(160);
  submit();
  assert.is(n, 2);
});
leading('cancel reopens at once', () => {
  let n = 0;
  const submit = debounce(() => n++, 1000);
  submit();
  submit.cancel();
  submit();
  assert.is(n, 2);
  submit.cancel();
});
leading.run();

const trailing = suite('debounce (trailing)');
trailing.before.each(fakeTime);
trailing.after.each(realTime);
trailing('runs once with the last arguments after the quiet time', async () => {
  const calls: string[] = [];
  const search = debounce((q: string) => calls.push(q), 30, true);
  search('b');
  search('bt');
  search('btc');
  assert.equal(calls, [], 'nothing yet');
  wait(50);
  assert.equal(calls, ['btc']);
});
trailing('cancel drops the pending call', async () => {
  let n = 0;
  const search = debounce(() => n++, 20, true);
  search();
  search.cancel();
  wait(40);
  assert.is(n, 0);
});
trailing.run();
