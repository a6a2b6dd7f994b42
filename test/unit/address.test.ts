import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { addressProblem, base58Check } from '../../src/lib/address.ts';
import { sha256 } from '../../src/lib/sha256.ts';

const test = suite('wallet addresses in the form');
/** USDT's TRON contract: a real address with a valid checksum. */
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const hex = (bytes: ArrayBuffer | Uint8Array) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

test('SHA-256 equals the platform\'s for every length across the padding boundaries', async () => {
  for (let n = 0; n < 200; n++) {
    const bytes = crypto.getRandomValues(new Uint8Array(n));
    assert.is(hex(sha256(bytes)), hex(await crypto.subtle.digest('SHA-256', bytes)), `${n} bytes`);
  }
});

test('a TRON address with a good checksum passes; one mistyped character is a checksum error, not a format error', () => {
  assert.is(addressProblem(TRON, 'TRC20'), null);
  assert.is(base58Check(TRON)?.[0], 0x41, 'TRON version byte');
  const typo = TRON.slice(0, 10) + (TRON[10] === 'a' ? 'b' : 'a') + TRON.slice(11);
  assert.is(addressProblem(typo, 'TRC20'), 'err.address.checksum');
  assert.is(addressProblem('Tjunk', 'TRC20'), 'err.address.invalid', 'junk gets one reason: the format');
  assert.is(addressProblem('T' + '0'.repeat(33), 'TRC20'), 'err.address.invalid', '0 is not base58');
  assert.is(addressProblem('  ', 'TRC20'), 'v.required');
});

test('EVM and BTC formats; the EVM letter case is left to the server', () => {
  assert.is(addressProblem('0x52908400098527886E0F7030069857D2E4169EE7', 'ERC20'), null);
  assert.is(addressProblem('0x52908400098527886E0F7030069857D2E4169EE', 'ERC20'), 'err.address.invalid');
  assert.is(addressProblem('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'BTC'), null);
  assert.is(addressProblem(TRON, 'BEP20'), 'err.address.invalid');
});

test.run();
