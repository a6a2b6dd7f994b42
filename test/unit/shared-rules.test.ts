import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { outOfRange } from '../../src/shared/amount-range.ts';
import { WITHDRAW_STATUSES } from '../../src/shared/contract.ts';
import { moneyReturned, OPEN_WITHDRAW_STATUSES, PAID_OUT_WITHDRAW_STATUSES, RETURNED_WITHDRAW_STATUSES } from '../../src/shared/withdraw-status.ts';
import { isRtl, LANGUAGE_CODES } from '../../src/shared/language-codes.ts';

const range = suite('outOfRange (orders, deposits, withdrawals, purchases, and the forms before them)');
range('the limits themselves are allowed; one unit of the last decimal beyond is not', () => {
  assert.is(outOfRange('10', '10', '500'), 0);
  assert.is(outOfRange('500', '10', '500'), 0);
  assert.is(outOfRange('9.99999999', '10', '500'), -1);
  assert.is(outOfRange('500.00000001', '10', '500'), 1);
});
range('compares exactly, past what a float holds, whatever the padding', () => {
  assert.is(outOfRange('0.3', '0.30000000', '1'), 0, 'NUMERIC padding does not matter');
  assert.is(outOfRange('123456789012.00000001', '1', '123456789012'), 1, 'beyond 2^53 in 8 decimals');
  assert.is(outOfRange('0.1', '0.10000001', '1'), -1);
});
range('a missing limit does not bind', () => {
  assert.is(outOfRange('1000000', null, undefined), 0);
  assert.is(outOfRange('0.00000001', '', '5'), 0);
  assert.is(outOfRange('6', null, '5'), 1);
});
range.run();

const statuses = suite('withdrawal status groups');
statuses('every status is open, paid out or returned, and only one of them', () => {
  for (const s of WITHDRAW_STATUSES) {
    const groups = [OPEN_WITHDRAW_STATUSES, PAID_OUT_WITHDRAW_STATUSES, RETURNED_WITHDRAW_STATUSES].filter((g) => g.includes(s));
    assert.is(groups.length, 1, s);
  }
});
statuses('the money comes back for rejected, failed and closed without payout', () => {
  assert.equal(WITHDRAW_STATUSES.filter(moneyReturned), ['no_payout', 'rejected', 'failed']);
  assert.not.ok(moneyReturned('paid'));
  assert.not.ok(moneyReturned('reviewing'));
  assert.ok(moneyReturned('rejected'), "a deposit's rejected reads the same");
  assert.not.ok(moneyReturned('approved'));
});
statuses.run();

const rtl = suite('right-to-left languages (html dir, the offline page)');
rtl('Arabic is the one right-to-left language the app has', () => {
  assert.equal(LANGUAGE_CODES.filter(isRtl), ['ar']);
});
rtl.run();
