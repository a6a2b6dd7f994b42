import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { add, cmp, divide, fixed, isDecimal, mul, round, sub, trimZeros } from '../../src/shared/decimal.ts';

const parsing = suite('isDecimal');
parsing('accepts the forms the server and inputs produce', () => {
  for (const v of ['0', '12', '-3.5', '+4', '.5', '5.', '1e-7', '2E3', ' 7 ', 42]) assert.ok(isDecimal(v), String(v));
});
parsing('rejects what is not a number', () => {
  for (const v of ['', '.', '-', 'abc', '1.2.3', '1,5', 'NaN', null, undefined, {}]) assert.not.ok(isDecimal(v), String(v));
});
parsing.run();

const addition = suite('add / sub');
addition('adds exactly where floats do not', () => {
  assert.is(add('0.1', '0.2'), '0.3', '0.1 + 0.2 is 0.3');
  assert.is(add('999.99', '0.01'), '1000', 'carries through the point');
  assert.is(add('12345678901234567890.12', '1'), '12345678901234567891.12', 'beyond 2^53');
});
addition('handles signs and different scales', () => {
  assert.is(add('-5', '3.25'), '-1.75');
  assert.is(add('5', '-5.000'), '0', 'a zero result has no sign');
  assert.is(add('-0.5', '-0.25'), '-0.75');
  assert.is(sub('10', '0.01'), '9.99');
  assert.is(sub('1', '3'), '-2');
  assert.is(sub('-1', '-1'), '0');
});
addition('reads exponents', () => {
  assert.is(add('1e-7', '0'), '0.0000001');
  assert.is(add('1.5e3', '0'), '1500');
});
addition.run();

const multiply = suite('mul');
multiply('estimated income: amount × rate', () => {
  assert.is(mul('100', '0.85'), '85', '100 × 85 %');
  assert.is(mul('1.1', '1.1'), '1.21', 'floats give 1.2100000000000002');
  assert.is(mul('0.07', '100'), '7', 'floats give 7.000000000000001');
  assert.is(mul('-2.5', '4'), '-10');
  assert.is(mul('-2.5', '-4'), '10');
  assert.is(mul('0', '-4'), '0');
  assert.is(mul('99999999999999999', '99999999999999999'), '9999999999999999800000000000000001');
});
multiply.run();

const compare = suite('cmp');
compare('orders values of any scale and sign', () => {
  assert.is(cmp('1.10', '1.1'), 0);
  assert.is(cmp('-0', '0'), 0);
  assert.is(cmp('2', '10'), -1, 'not a string comparison');
  assert.is(cmp('10', '9.99'), 1);
  assert.is(cmp('-1', '0.5'), -1);
  assert.is(cmp(5, '5.0000001'), -1);
});
compare.run();

const rounding = suite('round / fixed');
rounding('rounds half away from zero', () => {
  assert.is(round('1.005', 2), '1.01', 'floats give 1.00');
  assert.is(round('1.004', 2), '1');
  assert.is(round('-1.005', 2), '-1.01');
  assert.is(round('9.995', 2), '10');
  assert.is(round('0.5', 0), '1');
  assert.is(round('0.0004', 3), '0');
  assert.is(round('12', 2), '12', 'fewer decimals than asked stay as they are');
});
rounding('no negative zero', () => {
  assert.is(round('-0.004', 2), '0');
});
rounding('writes exactly the asked decimals', () => {
  assert.is(fixed('1.5', 2), '1.50');
  assert.is(fixed('3', 3), '3.000');
  assert.is(fixed('2.345', 2), '2.35');
  assert.is(fixed('2.5', 0), '3');
  assert.is(fixed('-0.001', 2), '0.00');
});
rounding.run();

const trimming = suite('trimZeros (NUMERIC(20,8) text as clients and operators read it)');
trimming('drops the padding zeros and a bare point, keeps whole numbers whole', () => {
  assert.is(trimZeros('10050.00000000'), '10050');
  assert.is(trimZeros('0.50000000'), '0.5');
  assert.is(trimZeros('1100.05000000'), '1100.05', 'a zero inside the decimals stays');
  assert.is(trimZeros('100'), '100', 'zeros of a whole number are its value');
  assert.is(trimZeros('0.00000000'), '0');
  assert.is(trimZeros('-2.50'), '-2.5');
});
trimming.run();

const division = suite('divide');
division('divides exactly where floats do not', () => {
  assert.is(divide('1', '3', 8), '0.33333333', 'a third to 8 decimals');
  assert.is(divide('0.3', '0.1', 2), '3.00', '0.3 / 0.1 is 3, not 2.9999999999999996');
  assert.is(divide('12345678901234567890', '0.5', 0), '24691357802469135780', 'beyond 2^53');
});
division('rounds half up, down or up as asked', () => {
  assert.is(divide('2', '3', 2), '0.67', 'half up');
  assert.is(divide('2', '3', 2, 'down'), '0.66', 'toward zero');
  assert.is(divide('1', '3', 2, 'up'), '0.34', 'away from zero');
  assert.is(divide('1', '4', 2, 'up'), '0.25', 'an exact quotient does not move up');
  assert.is(divide('0', '7', 3), '0.000', 'zero keeps its decimals');
});
division.run();
