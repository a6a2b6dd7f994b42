import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatPrice } from '../../src/lib/price.ts';

const price = suite('formatPrice');
price('shows exactly the given precision, no symbol, no grouping', () => {
  assert.is(formatPrice('67123.456', 2), '67123.46');
  assert.is(formatPrice('0.0034121', 6), '0.003412');
  assert.is(formatPrice('3', 4), '3.0000', 'pads so columns line up');
  assert.is(formatPrice('1.5', 0), '2');
});
price('groups thousands when asked', () => {
  assert.is(formatPrice('67123.456', 2, true), '67,123.46');
});
price('does not drift like floats', () => {
  assert.is(formatPrice('1.005', 2), '1.01');
  assert.is(formatPrice('0.1e1', 1), '1.0');
});
price('gives an empty string while the price is missing', () => {
  assert.is(formatPrice(undefined, 2), '');
  assert.is(formatPrice('', 2), '');
});
price.run();
