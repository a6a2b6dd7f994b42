import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { walletAddress } from '../../src/lib/address.ts';
import {
  bankCard,
  confirmMatch,
  email,
  newPassword,
  password,
  passwordLike,
  required,
  username,
} from '../../src/lib/validators.ts';

const req = suite('required');
req('empty text, whitespace, nothing chosen', () => {
  for (const v of ['', '   ', null, undefined, false, []]) assert.is(required(v), 'v.required', JSON.stringify(v));
});
req('anything else passes', () => {
  for (const v of ['a', ' a ', 0, '0', ['x'], {}]) assert.is(required(v), null, JSON.stringify(v));
});
req.run();

const user = suite('username');
user('6 to 30 letters and digits with both present', () => {
  assert.is(username('alice1'), null);
  assert.is(username('A1' + 'b'.repeat(28)), null, '30 characters');
  assert.is(username('alic1'), 'v.username', '5 characters');
  assert.is(username('A1' + 'b'.repeat(29)), 'v.username', '31 characters');
  assert.is(username('alicebob'), 'v.username', 'letters only');
  assert.is(username('12345678'), 'v.username', 'digits only');
});
user('no leading zero, no special characters', () => {
  assert.is(username('0alice1'), 'v.username');
  assert.is(username('alice01'), null, 'a zero elsewhere is fine');
  assert.is(username('alice_1'), 'v.username');
  assert.is(username('alice 12'), 'v.username');
  assert.is(username('alicé12'), 'v.username');
});
user('empty is required, not malformed', () => {
  assert.is(username(''), 'v.required');
});
user.run();

const pass = suite('password / passwordLike / confirmMatch');
pass('signing in takes a password of 4 characters, set before the longer rule', () => {
  assert.is(password('abcd'), null);
  assert.is(password('a c!'), null, 'any characters');
  assert.is(password('abc'), 'v.passwordShort');
  assert.is(password(''), 'v.required');
});
pass('a new password needs 8 characters', () => {
  assert.is(newPassword('abcd-123'), null);
  assert.is(newPassword('a c!d e?'), null, 'any characters');
  assert.is(newPassword('abcdefg'), 'v.newPasswordShort');
  assert.is(newPassword('😀😀😀😀😀😀😀'), 'v.newPasswordShort', 'counted in characters, not UTF-16 units');
  assert.is(password(''), 'v.required');
});
pass('password pattern: 6-30 letters and digits, one of each', () => {
  assert.is(passwordLike('abc123'), null);
  assert.is(passwordLike('0abc12'), null, 'a leading zero is allowed here');
  assert.is(passwordLike('abc12'), 'v.passwordPattern');
  assert.is(passwordLike('abcdef'), 'v.passwordPattern');
  assert.is(passwordLike('123456'), 'v.passwordPattern');
  assert.is(passwordLike('abc-123'), 'v.passwordPattern');
  assert.is(passwordLike('a1'.repeat(16)), 'v.passwordPattern', '32 characters');
});
pass('confirmation must match exactly', () => {
  assert.is(confirmMatch('abc123', 'abc123'), null);
  assert.is(confirmMatch('abc124', 'abc123'), 'v.passwordMismatch');
  assert.is(confirmMatch('ABC123', 'abc123'), 'v.passwordMismatch', 'case counts');
  assert.is(confirmMatch('', 'abc123'), 'v.required');
});
pass.run();

const mail = suite('email');
mail('local part, @, domain, TLD of 2+ letters', () => {
  assert.is(email('a.b+c@mail.example.co'), null);
  assert.is(email(' ann@x.io '), null, 'surrounding spaces are ignored');
  assert.is(email('ann@x.i'), 'v.email', 'one-letter TLD');
  assert.is(email('ann@x.123'), 'v.email', 'numeric TLD');
  assert.is(email('ann@localhost'), 'v.email', 'no TLD');
  assert.is(email('ann.x.io'), 'v.email', 'no @');
  assert.is(email('a b@x.io'), 'v.email', 'space inside');
  assert.is(email('a@@x.io'), 'v.email');
  assert.is(email('a@x..io'), 'v.email', 'empty label');
  assert.is(email(''), 'v.required');
});
mail.run();

const TRX = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_LEGACY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const BTC_P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const BTC_BECH32 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const wallet = suite('walletAddress');
wallet('TRC20: T and 33 base58 characters', () => {
  assert.is(walletAddress(TRX, 'TRC20'), null);
  assert.is(walletAddress(TRX, 'USDT-TRC20'), null);
  assert.is(walletAddress(TRX.slice(0, -1), 'TRC20'), 'v.walletAddress', 'too short');
  assert.is(walletAddress(TRX.slice(0, -1) + '0', 'TRC20'), 'v.walletAddress', '0 is not base58');
  assert.is(walletAddress(ETH, 'TRC20'), 'v.walletAddress', 'another network');
});
wallet('ERC20 and EVM chains: 0x and 40 hex digits', () => {
  assert.is(walletAddress(ETH, 'ERC20'), null);
  assert.is(walletAddress(ETH.toLowerCase(), 'BEP20'), null);
  assert.is(walletAddress(ETH + 'a', 'ERC20'), 'v.walletAddress');
  assert.is(walletAddress(ETH.replace('E', 'G'), 'ERC20'), 'v.walletAddress');
  assert.is(walletAddress(TRX, 'ERC20'), 'v.walletAddress');
});
wallet('BTC legacy, P2SH and bech32', () => {
  assert.is(walletAddress(BTC_LEGACY, 'BTC'), null);
  assert.is(walletAddress(BTC_P2SH, 'BTC'), null);
  assert.is(walletAddress(BTC_BECH32, 'BTC'), null);
  assert.is(walletAddress(BTC_BECH32.toUpperCase(), 'BTC'), null, 'bech32 may be all upper case');
  assert.is(walletAddress('bc1qAr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'BTC'), 'v.walletAddress', 'but not mixed');
  assert.is(walletAddress('bc1qbr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'BTC'), 'v.walletAddress', 'b is not bech32');
  assert.is(walletAddress('2BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'BTC'), 'v.walletAddress');
});
wallet('an unknown network accepts any known format', () => {
  for (const a of [TRX, ETH, BTC_LEGACY, BTC_BECH32]) assert.is(walletAddress(a), null, a);
  assert.is(walletAddress('hello world'), 'v.walletAddress');
  assert.is(walletAddress(' ' + TRX + ' ', 'TRC20'), null, 'pasted spaces are ignored');
  assert.is(walletAddress('', 'TRC20'), 'v.required');
});
wallet.run();

const card = suite('bankCard');
card('digits only, 6 up to the configured length', () => {
  assert.is(bankCard('6222 0212 3456 7890'), null, 'as the card filter groups it');
  assert.is(bankCard('1234567'), null, 'a 7-digit Japanese account');
  assert.is(bankCard('12345'), 'v.bankCard');
  assert.is(bankCard('62220212345678901'), 'v.bankCard', '17 digits');
  assert.is(bankCard('62220212345678901', 19), null);
  assert.is(bankCard('6222-0212'), 'v.bankCard');
  assert.is(bankCard(''), 'v.required');
});
card.run();
