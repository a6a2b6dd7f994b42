import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setLocale } from '../../src/i18n/index.ts';
import { formatChange, formatPrice, precisionOf } from '../../src/lib/price.ts';

const price = suite('formatPrice');
price.before.each(() => setLocale('en', {}));
price('shows the precision the server wrote, or the one given, grouped', () => {
  assert.is(formatPrice('67123.45'), '67,123.45');
  assert.is(formatPrice('67123.456', 2), '67,123.46');
  assert.is(formatPrice('0.0034121', 6), '0.003412');
  assert.is(formatPrice('3', 4), '3.0000', 'pads so columns line up');
  assert.is(formatPrice('1.5', 0), '2');
});
price('in the interface language: the same price in Portuguese and German', () => {
  setLocale('pt-BR', {});
  assert.is(formatPrice('65447.53'), '65.447,53');
  setLocale('de', {});
  assert.is(formatPrice('65447.53'), '65.447,53');
});
price('does not drift like floats', () => {
  assert.is(formatPrice('1.005', 2), '1.01');
  assert.is(formatPrice('1234567890123.12'), '1,234,567,890,123.12');
});
price('gives an empty string while the price is missing or not a number', () => {
  assert.is(formatPrice(undefined, 2), '');
  assert.is(formatPrice('', 2), '');
  assert.is(formatPrice('1e309'), '');
});
price.run();

const change = suite('formatChange');
change('a percent change with its sign, the language\'s way', () => {
  setLocale('en', {});
  assert.is(formatChange('-1.53'), '-1.53%');
  assert.is(formatChange('0.20'), '+0.20%');
  assert.is(formatChange('0.00'), '0.00%');
  setLocale('fr', {});
  assert.is(formatChange('1.53'), '+1,53\u00a0%');
});
change.run();

const precision = suite('precisionOf');
precision('counts the decimals the server wrote', () => {
  assert.is(precisionOf('65012.30'), 2);
  assert.is(precisionOf('7'), 0);
  assert.is(precisionOf(undefined), 0);
});
precision.run();
