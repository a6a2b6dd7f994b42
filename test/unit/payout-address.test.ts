import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { bech32, bech32m } from '@scure/base';
import { checkAddress } from '../../server/money/rules.ts';

/** The error key the server answers for `address` on `network`, or null when it is taken. */
const refusal = (network: string, address: string): string | null => {
  try {
    checkAddress(network, address);
    return null;
  } catch (error) {
    return (error as { key?: string }).key ?? String(error);
  }
};

const segwit = (codec: typeof bech32, prefix: string, version: number, program: Uint8Array) =>
  codec.encode(prefix, [version, ...codec.toWords(program)]);

test('BTC segwit: version 0 in bech32, versions 1 to 16 in bech32m (BIP 350), any other pairing is a checksum error', () => {
  const key = new Uint8Array(20).fill(9);
  const taproot = new Uint8Array(32).fill(7);
  assert.is(refusal('BTC', segwit(bech32, 'bc', 0, key)), null, 'v0, bech32');
  assert.is(refusal('BTC', segwit(bech32m, 'bc', 1, taproot)), null, 'v1, bech32m');
  assert.is(refusal('BTC', segwit(bech32m, 'bc', 1, taproot).toUpperCase()), null, 'all capitals, as QR codes write them');
  assert.is(refusal('BTC', segwit(bech32m, 'bc', 0, key)), 'address.checksum', 'v0 in bech32m');
  assert.is(refusal('BTC', segwit(bech32, 'bc', 1, taproot)), 'address.checksum', 'v1 in bech32');
  assert.is(refusal('BTC', segwit(bech32, 'tb', 0, key)), 'address.invalid', 'a testnet address');
});

test('TRON and legacy BTC: Base58Check with the network\'s version byte', () => {
  assert.is(refusal('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'), null);
  assert.is(refusal('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'), null);
  assert.is(refusal('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'), null);
  assert.is(refusal('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'), 'address.checksum');
  // A good Base58Check with TRON's version byte is not a bitcoin address.
  assert.is(refusal('BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'), 'address.invalid');
});

test('EVM: a mixed-case address whose case breaks EIP-55 is named apart', () => {
  assert.is(refusal('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'), null);
  assert.is(refusal('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'), 'address.case');
});

test.run();
