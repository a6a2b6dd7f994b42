import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMoney, formatNumber, settingsFromConfig, type MoneySettings } from '../../src/lib/money.ts';

const base: MoneySettings = {
  decimals: 2,
  ratio: '1',
  symbol: '$',
  symbolFront: true,
  thousands: true,
  decimalSep: '.',
  swap: false,
  rate: '1',
  rateOn: false,
};
const s = (over: Partial<MoneySettings>): MoneySettings => Object.assign({}, base, over);

const number = suite('formatNumber');
number('groups the en-US way with exact rounding', () => {
  assert.is(formatNumber('1234567.891', 2, true), '1,234,567.89');
  assert.is(formatNumber('1.005', 2, true), '1.01', 'rounded on the string, not a float');
  assert.is(formatNumber('1234', 0, false), '1234');
  assert.is(formatNumber('-1234.5', 1, true), '-1,234.5');
  assert.is(formatNumber('-0.001', 2, true), '0.00', 'no negative zero');
});
number.run();

const money = suite('formatMoney');
money('default settings: symbol in front, thousands, two decimals', () => {
  assert.is(formatMoney('1234.5', base), '$1,234.50');
  assert.is(formatMoney('0', base), '$0.00');
  assert.is(formatMoney('-1234.5', base), '-$1,234.50', 'the sign comes before the symbol');
});
money('decimals 0 (the demo config) rounds to whole units', () => {
  assert.is(formatMoney('1234.5', s({ decimals: 0 })), '$1,235');
  assert.is(formatMoney('1234.5', s({ decimals: 0 }), { down: true }), '$1,234', 'a balance is never shown larger');
});
money('symbol behind, or left out', () => {
  assert.is(formatMoney('10', s({ symbol: 'USDT', symbolFront: false })), '10.00\u00a0USDT');
  assert.is(formatMoney('10', base, { symbol: false }), '10.00');
  assert.is(formatMoney('10', s({ symbol: '' })), '10.00');
});
money('thousands separator off', () => {
  assert.is(formatMoney('1234567', s({ thousands: false })), '$1234567.00');
});
money('decimal comma makes the group separator a point', () => {
  assert.is(formatMoney('1234567.8', s({ decimalSep: ',' })), '$1.234.567,80');
});
money('swap exchanges point and comma', () => {
  assert.is(formatMoney('1234.5', s({ swap: true })), '$1.234,50');
  assert.is(formatMoney('1234.5', s({ swap: true, decimalSep: ',' })), '$1,234.50', 'a swap of a swap');
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
money.run();

const config = suite('settingsFromConfig');
config('reads the demo defaults when the config list is empty', () => {
  assert.equal(settingsFromConfig({}), {
    decimals: 0,
    ratio: '1',
    symbol: '$',
    symbolFront: true,
    thousands: true,
    decimalSep: '.',
    swap: false,
    rate: '1',
    rateOn: false,
  });
});
config('reads plain values and { configValue } items', () => {
  const got = settingsFromConfig(
    {
      moneyDecimals: '2',
      moneySymbol: { configValue: 'R$' },
      moneySymbolFront: '0',
      thousandSeparator: '0',
      decimalSeparator: ',',
      commaDecimalSwap: '1',
      exchangeRateOn: { configValue: '1' },
      moneyRatio: '0.01',
    },
    '5.2',
  );
  assert.equal(got, {
    decimals: 2,
    ratio: '0.01',
    symbol: 'R$',
    symbolFront: false,
    thousands: false,
    decimalSep: ',',
    swap: true,
    rate: '5.2',
    rateOn: true,
  });
});
config('falls back on nonsense values', () => {
  const got = settingsFromConfig({ moneyDecimals: 'x', moneyRatio: '', decimalSeparator: '' }, 'n/a');
  assert.is(got.decimals, 2, 'SPEC §3 default of 2 decimals');
  assert.is(got.ratio, '1');
  assert.is(got.decimalSep, '.');
  assert.is(got.rate, '1');
});
config.run();
