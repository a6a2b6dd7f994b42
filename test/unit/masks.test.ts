import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { BANK_MASK, bankMaskFromConfig, maskBank, maskWallet, stars } from '../../src/lib/masks.ts';

const wallet = suite('maskWallet');
wallet('4 head, 4 stars, 4 tail', () => {
  assert.is(maskWallet('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'), 'TQn9****bLSE');
  assert.is(maskWallet('0x52908400098527886E0F7030069857D2E4169EE7'), '0x52****9EE7');
});
wallet('a value too short to hide anything stays as it is', () => {
  assert.is(maskWallet('abcdefgh'), 'abcdefgh');
  assert.is(maskWallet('abcdefghi'), 'abcd****fghi');
  assert.is(maskWallet(''), '');
});
wallet.run();

const bank = suite('maskBank');
bank('Default (docs/rules.md#masks): 3 stars and the last 4 digits', () => {
  assert.is(maskBank('6222021234567890'), '***7890');
  assert.is(maskBank('6222 0212 3456 7890'), '***7890', 'group spaces ignored');
  assert.is(maskBank('12'), '***12', 'short numbers show what they have');
});
bank('configured stars and digits shown, or the full number', () => {
  assert.is(maskBank('6222021234567890', { stars: 5, shown: 2, full: false }), '*****90');
  assert.is(maskBank('6222021234567890', { stars: 4, shown: 0, full: false }), '****');
  assert.is(maskBank('6222 0212 3456 7890', { stars: 5, shown: 2, full: true }), '6222021234567890');
});
bank('reads the demo config and its overrides', () => {
  assert.equal(bankMaskFromConfig({}), { stars: 5, shown: 2, full: false });
  assert.equal(bankMaskFromConfig({ starCount: '3', bankDigitsShown: { configValue: '4' }, bankFullNumber: '1' }), {
    stars: 3,
    shown: 4,
    full: true,
  });
  assert.equal(bankMaskFromConfig({ starCount: 'x', bankDigitsShown: '-1' }), { stars: 5, shown: 2, full: false });
  assert.equal(BANK_MASK, { stars: 3, shown: 4, full: false });
});
bank.run();

const star = suite('stars');
star('n asterisks, none for zero or less', () => {
  assert.is(stars(5), '*****');
  assert.is(stars(0), '');
  assert.is(stars(-2), '');
});
star.run();
