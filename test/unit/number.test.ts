import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { setLocale } from '../../src/i18n/index.ts';
import { formatNumber, formatPercent } from '../../src/lib/number.ts';
import { ltr } from '../../src/lib/bidi.ts';

const price = suite('formatNumber: prices as home and the quote screen show them');
price.before.each(() => setLocale('en', {}));
price('the decimals the server wrote, or the ones given, grouped', () => {
  assert.is(formatNumber('67123.45'), '67,123.45');
  assert.is(formatNumber('67123.456', 2), '67,123.46');
  assert.is(formatNumber('0.0034121', 6), '0.003412');
  assert.is(formatNumber('3', 4), '3.0000', 'pads so columns line up');
  assert.is(formatNumber('1.5', 0), '2');
  assert.is(formatNumber('1234', 0, false), '1234', 'grouping off');
});
price('in the interface language: the same price in Brazilian Portuguese, German and Arabic', () => {
  setLocale('pt-BR', {});
  assert.is(formatNumber('65447.53'), '65.447,53');
  assert.is(formatNumber('5000'), '5.000');
  setLocale('de', {});
  assert.is(formatNumber('65447.53'), '65.447,53');
  setLocale('ar', {});
  assert.is(formatNumber('65447.53'), '65,447.53', 'Arabic with Western digits, as Intl writes it today');
});
price('does not drift like floats', () => {
  assert.is(formatNumber('1.005', 2), '1.01');
  assert.is(formatNumber('1234567890123.12'), '1,234,567,890,123.12');
});
price('gives an empty string for anything but a plain decimal', () => {
  assert.is(formatNumber(''), '');
  assert.is(formatNumber('1e309'), '');
  assert.is(formatNumber('abc'), '');
});
price.run();

const percent = suite('formatPercent');
percent('rates and changes, the sign of a gain on request, the language\'s way', () => {
  setLocale('en', {});
  assert.is(formatPercent('10'), '10%');
  assert.is(formatPercent('-1.53', true), '-1.53%');
  assert.is(formatPercent('0.20', true), '+0.20%');
  assert.is(formatPercent('0.00', true), '0.00%');
  assert.is(formatPercent(undefined), '');
  setLocale('fr', {});
  assert.is(formatPercent('1.53', true), '+1,53\u00a0%');
});
percent.run();

const iso = suite('ltr');
iso('wraps text in a left-to-right isolate', () => {
  assert.is(ltr('-$10'), '\u2066-$10\u2069');
});
iso.run();
