import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { formatMoney, settingsFromConfig, type MoneySettings } from '../../src/lib/money.ts';
import { formatNumber } from '../../src/lib/number.ts';

const base: MoneySettings = {
  decimals: 2,
  ratio: '1',
  symbol: '$',
  thousands: true,
  rate: '1',
  rateOn: false,
  locale: 'en',
};
const s = (over: Partial<MoneySettings>): MoneySettings => Object.assign({}, base, over);

const number = suite('formatNumber');
number('writes the language\'s separators with exact rounding', () => {
  assert.is(formatNumber('1234567.891', 2, true, false, 'en'), '1,234,567.89');
  assert.is(formatNumber('65447.53', 2, true, false, 'pt-BR'), '65.447,53');
  assert.is(formatNumber('5000', 0, true, false, 'pt-BR'), '5.000');
  assert.is(formatNumber('1.005', 2, true, false, 'en'), '1.01', 'rounded on the string, not a float');
  assert.is(formatNumber('1234', 0, false, false, 'de'), '1234');
  assert.is(formatNumber('-1234.5', 1, true, false, 'en'), '-1,234.5');
  assert.is(formatNumber('2.5', 1, true, true, 'en'), '+2.5', 'the sign of a gain on request');
});
number.run();

const money = suite('formatMoney');
money('default settings: symbol where English puts it, thousands, two decimals', () => {
  assert.is(formatMoney('1234.5', base), '$1,234.50');
  assert.is(formatMoney('0', base), '$0.00');
  assert.is(formatMoney('-1234.5', base), '-$1,234.50', 'the sign comes before the symbol');
});
money('the language places separators, sign and symbol; the configured symbol is the one shown', () => {
  assert.is(formatMoney('65447.53', s({ locale: 'pt-BR', symbol: 'R$' })), 'R$\u00a065.447,53');
  assert.is(formatMoney('-10', s({ locale: 'de', symbol: '€' })), '-10,00\u00a0€');
  const ar = formatMoney('-10', s({ locale: 'ar', decimals: 0 }));
  assert.is(ar.replace(/[\u200e\u200f]/g, ''), '-10\u00a0$', 'Arabic: number, then the symbol');
  assert.is(formatMoney('5000', s({ locale: 'pt-BR', decimals: 0, symbol: '' })), '5.000');
});
money('decimals 0 (the demo config) rounds to whole units', () => {
  assert.is(formatMoney('1234.5', s({ decimals: 0 })), '$1,235');
  assert.is(formatMoney('1234.5', s({ decimals: 0 }), { down: true }), '$1,234', 'a balance is never shown larger');
});
money('symbol left out, or none configured', () => {
  assert.is(formatMoney('10', base, { symbol: false }), '10.00');
  assert.is(formatMoney('10', s({ symbol: '' })), '10.00');
  assert.is(formatMoney('10', s({ symbol: 'USDT' })), 'USDT\u00a010.00', 'a symbol of letters gets its space');
});
money('thousands separator off', () => {
  assert.is(formatMoney('1234567', s({ thousands: false })), '$1234567.00');
});
money('profit and loss carry their sign', () => {
  assert.is(formatMoney('10', base, { sign: true }), '+$10.00');
  assert.is(formatMoney('-10', base, { sign: true }), '-$10.00');
  assert.is(formatMoney('0', base, { sign: true }), '$0.00');
  assert.is(formatMoney('-0.001', base, { sign: true }), '$0.00', 'no negative zero');
});
money('ratio always, exchange rate only when on', () => {
  assert.is(formatMoney('10', s({ ratio: '100' })), '$1,000.00');
  assert.is(formatMoney('10', s({ rate: '36.55' })), '$10.00', 'rate off');
  assert.is(formatMoney('10', s({ rate: '36.55', rateOn: true, symbol: '฿' })), '฿365.50');
  assert.is(formatMoney('0.1', s({ rate: '0.3', rateOn: true, decimals: 4 })), '$0.0300', 'exact, no float error');
});
money('large amounts keep every digit', () => {
  assert.is(formatMoney('123456789012345.67', base), '$123,456,789,012,345.67');
});
money('gives an empty string while the value is missing', () => {
  assert.is(formatMoney(undefined, base), '');
  assert.is(formatMoney(null, base), '');
  assert.is(formatMoney('', base), '');
  assert.is(formatMoney('abc', base), '');
});
money('engines without NumberFormat formatToParts (Chrome < 64) write the same amounts', () => {
  const cases: Array<[string, MoneySettings]> = [
    ['-1234.5', base],
    ['65447.53', s({ locale: 'pt-BR', symbol: 'R$' })],
    ['-10', s({ locale: 'de', symbol: '€' })],
    ['10', s({ symbol: 'USDT' })],
    ['10', s({ rate: '36.55', rateOn: true, symbol: '฿' })],
    ['5000', s({ locale: 'pt-BR', decimals: 0, symbol: '' })],
  ];
  const want = cases.map(([v, set]) => formatMoney(v, set));
  const proto = Intl.NumberFormat.prototype as unknown as Record<string, unknown>;
  const parts = proto.formatToParts;
  delete proto.formatToParts;
  try {
    assert.equal(cases.map(([v, set]) => formatMoney(v, set)), want);
  } finally {
    proto.formatToParts = parts;
  }
});
money.run();

const config = suite('settingsFromConfig');
config('reads the demo defaults when the config list is empty', () => {
  assert.equal(settingsFromConfig({}, '1', 'en'), {
    decimals: 0,
    ratio: '1',
    symbol: '$',
    thousands: true,
    rate: '1',
    rateOn: false,
    locale: 'en',
  });
});
config('reads plain values and { configValue } items', () => {
  const got = settingsFromConfig(
    {
      moneyDecimals: '2',
      moneySymbol: { configValue: 'R$' },
      thousandSeparator: '0',
      exchangeRateOn: { configValue: '1' },
      moneyRatio: '0.01',
    },
    '5.2',
    'pt-BR',
  );
  assert.equal(got, {
    decimals: 2,
    ratio: '0.01',
    symbol: 'R$',
    thousands: false,
    rate: '5.2',
    rateOn: true,
    locale: 'pt-BR',
  });
});
config('falls back on nonsense values', () => {
  const got = settingsFromConfig({ moneyDecimals: 'x', moneyRatio: '' }, 'n/a', 'en');
  assert.is(got.decimals, 2, 'Default of 2 decimals (docs/rules.md#numbers-and-money-display)');
  assert.is(got.ratio, '1');
  assert.is(got.rate, '1');
});
config.run();
