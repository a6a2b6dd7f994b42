import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readAmount, type AmountReading } from '../../src/money/forms/amount.ts';
import { submissionKeys, submitOnce } from '../../src/money/submit.ts';
import { displayLimits, moneyRule, toDisplay, toPlatform } from '../../src/money/rule.ts';
import type { MoneySettings } from '../../src/money/settings.ts';

const why = (r: AmountReading) => (r.ok ? null : r.why);
const number = (r: AmountReading) => (r.ok ? r.display : null);

const reading = suite('readAmount: the typed text is read, never rewritten');
reading('plain amounts are read as the number they write', () => {
  for (const [text, n] of [['12', '12'], ['007', '7'], ['0.50', '0.5'], ['.5', '0.5'], ['5.', '5'], [' 40 ', '40'], ['12,5', '12.5'], ['١٢٫٥', '12.5'], ['１２．５', '12.5']] as const) {
    assert.is(number(readAmount(text, { decimals: 2 })), n, text);
  }
});
reading('the reproductions of the issue are refused with their reason, never read as another number', () => {
  const cases: [string, number, string][] = [
    ['15.75', 0, 'ui.refuse.whole'],
    ['12.999', 0, 'ui.refuse.whole'],
    ['12.999', 2, 'ui.refuse.decimals'],
    ['-50', 2, 'ui.refuse.sign'],
    ['+50', 0, 'ui.refuse.sign'],
    ['\u221250', 2, 'ui.refuse.sign'],
    ['1e5', 2, 'ui.refuse.exponent'],
    ['2.5E3', 2, 'ui.refuse.exponent'],
    ['abc', 2, 'ui.refuse.chars'],
    ['$50', 2, 'ui.refuse.chars'],
    ['1 000', 2, 'ui.refuse.chars'],
    ['..', 2, 'ui.refuse.point'],
    ['1.2.3', 2, 'ui.refuse.point'],
    ['.', 2, 'v.amount'],
    ['0', 0, 'v.amount'],
    ['0.00', 2, 'v.amount'],
    ['', 2, 'v.required'],
    ['   ', 2, 'v.required'],
  ];
  for (const [text, decimals, reason] of cases) assert.is(why(readAmount(text, { decimals })), reason, `${text} with ${decimals} decimals`);
  assert.is(number(readAmount('15.75', { decimals: 2 })), '15.75');
});
reading('limits are inclusive and compared exactly, not as floats or strings', () => {
  const b = { decimals: 2, min: '100', max: '1000' };
  assert.is(number(readAmount('100', b)), '100');
  assert.is(number(readAmount('1000.00', b)), '1000');
  assert.is(why(readAmount('99.99', b)), 'v.amountMin');
  assert.is(why(readAmount('1000.01', b)), 'v.amountMax');
  assert.is(why(readAmount('9', { decimals: 0, min: '10' })), 'v.amountMin', '"9" > "10" as strings');
  assert.is(why(readAmount('1000000000000000000.01', { decimals: 2, max: '1000000000000000000' })), 'v.amountMax', 'beyond float precision');
  assert.is(number(readAmount('20', { decimals: 0, min: null, max: '' })), '20', 'no limits given');
});
reading.run();

const settings = (ratio: string, rateOn: boolean, rate: string, decimals: number): MoneySettings => ({
  decimals, ratio, rateOn, rate, symbol: '$', thousands: true, locale: 'en',
});
const booked = suite('typed → booked: one number shown, confirmed, sent and debited');
booked('ratio 1: what is typed is sent', () => {
  const rule = moneyRule(settings('1', false, '1', 0));
  assert.is(toPlatform(number(readAmount('25', { decimals: 0 }))!, rule), '25');
});
booked('ratio 2 with the exchange rate on: 15.75 shown is 7.875 booked, and 7.875 shows as 15.75', () => {
  const rule = moneyRule(settings('2', true, '1', 2));
  const typed = number(readAmount('15.75', { decimals: 2 }))!;
  assert.is(toPlatform(typed, rule), '7.875');
  assert.is(toDisplay('7.875', rule), '15.75');
  const withRate = moneyRule(settings('2', true, '5.2', 2));
  assert.is(toPlatform('15.75', withRate), '1.51442308', 'ratio × rate = 10.4, 8 decimals');
  assert.is(toDisplay('1.51442308', withRate), '15.75');
});
booked('limits shown inwards: a platform minimum of 10 at ratio 2 is a typed minimum of 20', () => {
  const rule = moneyRule(settings('2', true, '1', 2));
  assert.equal(displayLimits('10', '5000', rule), ['20.00', '10000.00']);
  assert.is(why(readAmount('19.99', { decimals: 2, min: '20.00', max: '10000.00' })), 'v.amountMin');
});
booked('"All" fills the balance rounded down to what may be typed, which books no more than the balance', () => {
  const rule = moneyRule(settings('2', true, '1', 0));
  assert.is(toDisplay('100.7', rule, 'down'), '201', 'whole display units under 201.4');
  assert.is(toPlatform('201', rule), '100.5');
});
booked.run();

const keys = suite('submissionKeys: one Idempotency-Key per intended submission');
keys('the same body keeps its key across retries; another body or a success starts a new one', () => {
  let n = 0;
  const k = submissionKeys(() => 'k' + ++n);
  assert.is(k.key({ amount: '10' }), 'k1');
  assert.is(k.key({ amount: '10' }), 'k1', 'a retry of the same body (a lost answer, a refusal)');
  assert.is(k.key({ amount: '11' }), 'k2', 'another amount is another submission');
  assert.is(k.key({ amount: '10' }), 'k3', 'going back to an earlier amount is a new submission too');
  k.done();
  assert.is(k.key({ amount: '10' }), 'k4', 'after a success the same body again is a new submission');
});
keys.run();

const once = suite('submitOnce: a money form says "failed" only when nothing was booked');
once('what the success step throws is not a failed submit: it reaches the page as an error of its own', async () => {
  const failures: unknown[] = [];
  let booked = 0;
  const bug = new Error('the next screen broke');
  const surfaced = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
  const ok = await submitOnce(
    async () => ({ orderNo: 'W1' }),
    () => {
      throw bug;
    },
    (e) => failures.push(e),
    () => booked++,
  );
  assert.is(ok, true, 'the money moved: the submit succeeded');
  assert.equal(failures, [], 'no failure shown beside the button');
  assert.is(booked, 1, 'the key is spent: the next submit is a new one');
  assert.is(await surfaced, bug, 'the bug is not swallowed');
});
once('a refused call is a failed submit and keeps its key for the retry', async () => {
  const failures: unknown[] = [];
  let booked = 0;
  const refusal = { message: 'Insufficient balance', key: 'balance.insufficient' };
  const ok = await submitOnce(
    () => Promise.reject(refusal),
    () => assert.unreachable('no success after a refusal'),
    (e) => failures.push(e),
    () => booked++,
  );
  assert.is(ok, false);
  assert.equal(failures, [refusal]);
  assert.is(booked, 0);
});
once.run();
