import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { settingsFromConfig, type MoneySettings } from '../../src/money/settings.ts';
import { formatBooked, formatMoney } from '../../src/lib/booked.ts';
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
money('a booked amount shows exactly: the configured decimals are the fewest shown, never a rounding', () => {
  const whole = s({ decimals: 0 });
  assert.is(formatMoney('45.10000000', whole), '$45.1', 'a payout of 45.10 with whole units configured');
  assert.is(formatMoney('9776.10', whole), '$9,776.1', 'the balance after it');
  assert.is(formatMoney('9776.00000000', whole), '$9,776', 'trailing zeros trimmed');
  assert.is(formatMoney('0.00000001', whole), '$0.00000001', 'the smallest booked unit');
  assert.is(formatMoney('33.1', base), '$33.10', 'two decimals configured: at least two');
  assert.is(formatMoney('4.1', whole, { sign: true }), '+$4.1');
  assert.is(formatMoney('10', s({ decimals: 0, ratio: '0.0001' })), '$0.001', 'a ratio is applied exactly');
  assert.is(formatMoney('45.1', s({ decimals: 0, locale: 'pt-BR' })), '$\u00a045,1');
  assert.is(formatMoney('9776.1', s({ decimals: 0, locale: 'ar' })), '9,776.1\u00a0$');
});
money('under a ratio × rate, a booked amount keeps the precision of the platform\'s 8 decimals', () => {
  assert.is(formatMoney('0.00000001', s({ decimals: 0, ratio: '100' })), '$0.000001', 'a power of ten: every digit');
  assert.is(formatMoney('0.00000001', s({ decimals: 0, ratio: '0.0001' })), '$0.000000000001');
  assert.is(formatMoney('0.1', s({ decimals: 0, rate: '0.3', rateOn: true })), '$0.03');
  const odd = s({ decimals: 2, rate: '10.2468', rateOn: true });
  assert.is(formatMoney('1204.83175235', odd), '$12,345.67', 'what 12,345.67 typed books, shown back as typed');
  assert.is(formatMoney('0.0000001', odd), '$0.000001', 'to within one platform unit (1.02468e-7 here), not to the typed cents');
});
money('the console and a paid currency: booked amounts in their own unit, exact, the language\'s way', () => {
  assert.is(formatBooked('9776.10000000', 'en'), '9,776.1');
  assert.is(formatBooked('9776.10000000', 'pt-BR'), '9.776,1');
  assert.is(formatBooked('0.10000000', 'ar'), '0.1');
  assert.is(formatBooked('1234.5', 'en', false), '1234.5');
  assert.is(formatBooked(null, 'en'), '');
  assert.is(formatMoney('0.00000001', s({ decimals: 0, ratio: '10' })), '$0.0000001', 'ratio 10: every digit');
  assert.is(formatMoney('0.00000001', s({ decimals: 0, ratio: '0.1' })), '$0.000000001');
  assert.is(formatMoney('0.00000003', s({ decimals: 0, ratio: '2' })), '$0.0000001', 'ratio 2: to 7 decimals, the half unit a typed amount may move rounded off');
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
  assert.is(formatMoney('-0.001', base, { sign: true }), '-$0.001', 'a booked loss of a tenth of a cent shows');
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
