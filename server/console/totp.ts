/**
 * Time-based one-time codes (RFC 6238 over RFC 4226's HOTP, HMAC-SHA1, 6 digits, 30-second steps),
 * the kind every authenticator app reads from an `otpauth://` URI.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const STEP_SECONDS = 30;
export const DIGITS = 6;
/** Steps either side of now that still count (a phone clock a little off, a code typed late). */
export const WINDOW = 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** 20 random bytes (160 bits, the HMAC-SHA1 key length RFC 4226 recommends), base32. */
export const newSecret = (): string => base32Encode(randomBytes(20));

export const stepAt = (ms: number): number => Math.floor(ms / 1000 / STEP_SECONDS);

/** The code of one step (RFC 4226 dynamic truncation). `digits` is 8 for the RFC's test vectors. */
export function codeAt(secret: string, step: number, digits = DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The step `code` belongs to within the window around `nowMs`, or null. A step at or before
 * `lastStep` (the last code accepted) never matches again: a code seen over a shoulder or replayed
 * from a log is worthless once used.
 */
export function matchStep(secret: string, code: string, nowMs: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = stepAt(nowMs);
  let found: number | null = null;
  for (let step = now - WINDOW; step <= now + WINDOW; step++) {
    // Every step is compared, so the time taken does not say which one matched.
    const same = timingSafeEqual(Buffer.from(codeAt(secret, step)), Buffer.from(code));
    if (same && found === null && (lastStep === null || step > lastStep)) found = step;
  }
  return found;
}

/** What an authenticator app scans: `otpauth://totp/<issuer>:<name>?secret=…&issuer=…`. */
export function otpauthUri(issuer: string, name: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${name}`);
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(DIGITS), period: String(STEP_SECONDS) });
  return `otpauth://totp/${label}?${params}`;
}
