import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { sha256 as librarySha256 } from '@noble/hashes/sha2.js';
import { base58, createBase58check } from '@scure/base';
import { addressProblem } from '../../src/lib/address.ts';
import { base58Check, base58Decode } from '../../src/shared/base58check.ts';
import { sha256 } from '../../src/shared/sha256.ts';

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

test('Base58 and Base58Check answer as the library the server takes (@scure/base), leading zeros and bad sums included', () => {
  const library = createBase58check(librarySha256);
  for (let n = 0; n < 60; n++) {
    const payload = crypto.getRandomValues(new Uint8Array(n));
    // Leading zero bytes are written as leading '1's: the part a hand-written decoder gets wrong.
    payload.fill(0, 0, n % 4);
    const text = library.encode(payload);
    assert.is(hex(base58Check(text)!), hex(payload), `${n} bytes`);
    assert.is(hex(base58Decode(base58.encode(payload))!), hex(payload), `${n} bytes, plain`);
    const last = text[text.length - 1] === '2' ? '3' : '2';
    const broken = text.slice(0, -1) + last;
    const verdict = (() => {
      try {
        return hex(library.decode(broken));
      } catch {
        return null;
      }
    })();
    assert.is(base58Check(broken) && hex(base58Check(broken)!), verdict, `${n} bytes, last character changed`);
  }
  assert.is(base58Decode('0OIl'), null, 'characters outside the alphabet');
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
