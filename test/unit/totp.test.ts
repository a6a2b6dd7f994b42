import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { Secret } from 'otpauth';
import { codeAt, matchStep, newSecret, otpauthUri, stepAt } from '../../server/operator/console/totp.ts';

// RFC 6238 appendix B, SHA-1: the key is the ASCII string "12345678901234567890".
const RFC_SECRET = new Secret({ buffer: new TextEncoder().encode('12345678901234567890').buffer }).base32;

test('codes match the RFC 6238 test vectors (SHA-1, 8 digits)', () => {
  const vectors: Array<[number, string]> = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  for (const [seconds, code] of vectors) assert.is(codeAt(RFC_SECRET, stepAt(seconds * 1000), 8), code, `T=${seconds}`);
});

test('a new secret is 160 random bits in base32, a different one each time', () => {
  const secret = newSecret();
  assert.is(Secret.fromBase32(secret).bytes.length, 20);
  assert.is.not(newSecret(), secret);
});

test('a code is accepted one step either side of now, not two', () => {
  const now = 1_800_000_000_000;
  const step = stepAt(now);
  for (const d of [-1, 0, 1]) assert.is(matchStep(RFC_SECRET, codeAt(RFC_SECRET, step + d), now, null), step + d, `offset ${d}`);
  for (const d of [-2, 2]) assert.is(matchStep(RFC_SECRET, codeAt(RFC_SECRET, step + d), now, null), null, `offset ${d}`);
});

test('a used code, or an older one, is not accepted again', () => {
  const now = 1_800_000_000_000;
  const step = stepAt(now);
  const code = codeAt(RFC_SECRET, step);
  assert.is(matchStep(RFC_SECRET, code, now, step), null);
  assert.is(matchStep(RFC_SECRET, codeAt(RFC_SECRET, step - 1), now, step), null);
  assert.is(matchStep(RFC_SECRET, codeAt(RFC_SECRET, step + 1), now, step), step + 1);
});

test('anything but six digits is refused', () => {
  for (const code of ['', '12345', '1234567', '12345a', ' 123456', '１２３４５６']) assert.is(matchStep(RFC_SECRET, code, Date.now(), null), null, JSON.stringify(code));
});

test('the otpauth URI names issuer, account and secret', () => {
  const uri = new URL(otpauthUri('trade-lite', 'ana', 'JBSWY3DPEHPK3PXP'));
  assert.is(uri.protocol, 'otpauth:');
  assert.is(uri.host, 'totp');
  assert.is(decodeURIComponent(uri.pathname), '/trade-lite:ana');
  assert.is(uri.searchParams.get('secret'), 'JBSWY3DPEHPK3PXP');
  assert.is(uri.searchParams.get('issuer'), 'trade-lite');
  assert.is(uri.searchParams.get('digits'), '6');
  assert.is(uri.searchParams.get('period'), '30');
});

test.run();
