import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { cmp, sub } from '../../src/shared/decimal.ts';
import { settingsFromConfig } from '../../src/money/settings.ts';
import { formatMoney } from '../../src/lib/booked.ts';
import { asDisplayed, coinRule, displayLimits, moneyRule, toDisplay, toPlatform } from '../../src/money/rule.ts';

// Ratio and exchange rate both differ from 1: a platform unit shows as 2 × 5.1234 = 10.2468.
const money = settingsFromConfig({ moneyDecimals: '2', moneyRatio: '2', exchangeRateOn: '1', moneySymbol: 'R$' }, '5.1234', 'pt-BR');
const rule = moneyRule(money);

const test = suite('money rule: typed display amounts and platform amounts');

test('the factor is ratio × exchange rate; the rate only when switched on', () => {
  assert.equal(rule, { num: '10.2468', den: '1', decimals: 2 });
  assert.is(moneyRule({ ...money, rateOn: false }).num, '2');
});

test('a typed amount becomes the platform amount the server receives, exactly', () => {
  assert.is(toPlatform('102.47', rule), '10.00019518', '102.47 ÷ 10.2468, half up at 8 decimals');
  assert.is(toPlatform('10.2468', rule), '1');
  assert.is(toPlatform('0', rule), '0');
  assert.is(toPlatform('-20.49', rule), '-1.99964867');
});

test('what is typed, confirmed, debited and recorded is one number', () => {
  // Every cent from 0.01 to 15.00, and some large amounts: the platform amount shows back as typed.
  const typed: string[] = [];
  for (let c = 1; c <= 1500; c++) typed.push((c / 100).toFixed(2));
  typed.push('12345.67', '99999.99', '5000.00', '51234.00');
  for (const x of typed) {
    const platform = toPlatform(x, rule);
    assert.ok(platform.split('.')[1] === undefined || platform.split('.')[1]!.length <= 8, 'NUMERIC(20,8) holds ' + platform);
    assert.is(toDisplay(platform, rule), x, `${x} → ${platform} → back`);
    assert.is(formatMoney(platform, money, { symbol: false }), formatMoney(toPlatform(x, rule), money, { symbol: false }));
  }
  assert.is(formatMoney(toPlatform('12345.67', rule), money), 'R$\u00a012.345,67', 'the confirmation and the bill show what was typed');
  assert.is(formatMoney('12345.67', asDisplayed(money)), 'R$\u00a012.345,67', 'the typed amount shown as it is');
});

test('limits show inwards, so the shown limits are exactly what is accepted', () => {
  const [min, max] = displayLimits('10', '5000', rule);
  assert.is(min, '102.47', '10 × 10.2468 = 102.468, rounded up');
  assert.is(max, '51234.00', 'exact stays exact');
  assert.ok(cmp(toPlatform(min, rule), '10') >= 0, 'the shown minimum is accepted by the server');
  assert.ok(cmp(toPlatform(sub(min, '0.01'), rule), '10') < 0, 'one cent less is below the minimum');
  assert.ok(cmp(toPlatform(max, rule), '5000') <= 0, 'the shown maximum is accepted by the server');
  const [, max2] = displayLimits('10', '4999.99999999', rule);
  assert.is(max2, '51233.99', 'a maximum rounds down');
  assert.ok(cmp(toPlatform(max2, rule), '4999.99999999') <= 0);
});

test('a balance shows rounded down, so spending all of it is accepted', () => {
  assert.is(toDisplay('0.99999999', rule, 'down'), '10.24');
  assert.is(toDisplay('0.99999999', rule), '10.25');
  assert.ok(cmp(toPlatform('10.24', rule), '0.99999999') <= 0);
});

test('whole display units (0 decimals) with a ratio that does not divide evenly', () => {
  const r = moneyRule(settingsFromConfig({ moneyDecimals: '0', moneyRatio: '3', exchangeRateOn: '1' }, '1.1', 'en'));
  assert.is(r.num, '3.3');
  for (let x = 1; x <= 2000; x++) assert.is(toDisplay(toPlatform(String(x), r), r), String(x));
  assert.equal(displayLimits('10', '5000', r), ['33', '16500']);
});

test('amounts in a coin: platform ÷ coin rate, 8 decimals by default', () => {
  const btc = coinRule('65000');
  assert.is(toDisplay('100', btc), '0.00153846');
  assert.is(toPlatform('0.00153846', btc), '99.9999');
  assert.is(toDisplay('100', btc, 'up'), '0.00153847', 'a minimum to pay rounds up');
});

test.run();
