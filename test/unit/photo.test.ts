import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { fitWithin, MAX_BYTES, MAX_SIDE } from '../../src/lib/photo.ts';
import { newIdempotencyKey } from '../../src/money/submit.ts';

const test = suite('proof photo size and submit keys');

test('a camera photo is brought to 1600 px on its longest side, keeping its shape', () => {
  assert.equal(fitWithin(4000, 3000), { width: 1600, height: 1200 });
  assert.equal(fitWithin(3000, 4000), { width: 1200, height: 1600 }, 'portrait');
  assert.equal(fitWithin(3000, 2000), { width: 1600, height: 1067 });
  assert.equal(fitWithin(800, 600), { width: 800, height: 600 }, 'a small image is not enlarged');
  assert.equal(fitWithin(20000, 10), { width: 1600, height: 1 }, 'never zero pixels');
  assert.is(MAX_SIDE, 1600);
  assert.is(MAX_BYTES, 300 * 1024);
});

test('every submit key is new, and in the characters the server accepts', () => {
  const keys = new Set(Array.from({ length: 1000 }, newIdempotencyKey));
  assert.is(keys.size, 1000);
  for (const k of keys) assert.match(k, /^[0-9a-f]{32}$/);
});

test.run();
