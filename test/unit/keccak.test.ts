import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { evmChecksumHolds, keccak256, sponge256 } from '../../src/shared/keccak.ts';
import { eip55Holds } from '../../src/shared/eip55.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const keccak = suite('Keccak-256 in 32-bit halves (the address form\'s copy)');

keccak('known answers: empty, "abc", the fox', () => {
  assert.is(hex(keccak256(bytes(''))), 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  assert.is(hex(keccak256(bytes('abc'))), '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
  assert.is(hex(keccak256(bytes('The quick brown fox jumps over the lazy dog'))), '4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15');
});

keccak('answers as the library the server takes (@noble/hashes), for every length across three blocks', () => {
  for (let n = 0; n <= 3 * 136 + 1; n++) {
    const input = crypto.getRandomValues(new Uint8Array(n));
    assert.is(hex(keccak256(input)), hex(keccak_256(input)), `${n} bytes`);
  }
});

keccak('the same permutation with SHA3\'s domain byte answers as Node\'s SHA3-256, across block edges', () => {
  for (const n of [0, 1, 31, 135, 136, 137, 271, 272, 273, 1000]) {
    const input = new Uint8Array(n).map((_, i) => (i * 7 + 3) & 0xff);
    assert.is(hex(sponge256(input, 0x06)), createHash('sha3-256').update(input).digest('hex'), `${n} bytes`);
  }
});

const eip55 = suite('EIP-55, in the form and on the server');
const GOOD = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
const BAD: Array<[string, string]> = [
  ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'the last letter upper case'],
  ['0xfb6916095ca1df60bB79Ce92cE3Ea74c37c5d359', 'the first letter lower case'],
  ['0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6Fb', 'one letter in the middle'],
];

for (const [name, holds] of [
  ['the form, with its own Keccak', evmChecksumHolds],
  ['the server, with the library\'s', (a: string) => eip55Holds(a, keccak_256)],
] as const) {
  eip55(`${name}: the specification's addresses hold; one letter in the wrong case does not; one case carries no checksum`, () => {
    for (const a of GOOD) assert.ok(holds(a), a);
    for (const [a, why] of BAD) assert.not.ok(holds(a), why);
    assert.ok(holds('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'), 'all lower case');
    assert.ok(holds('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED'), 'all upper case');
  });
}

keccak.run();
eip55.run();
