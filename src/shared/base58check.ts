/**
 * Base58Check (TRON's and Bitcoin's legacy addresses) for the address form, checked as the user
 * types. The server takes `@scure/base` instead; this copy stays for the app, as the library with
 * its SHA-256 adds more than the form's byte budget allows (test/unit/address.test.ts holds the two
 * to the same answers). No BigInt: old WebViews lack it.
 */
import { sha256 } from './sha256.ts';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 to bytes by schoolbook multiplication (no BigInt on old WebViews); null on a foreign character. */
export function base58Decode(text: string): Uint8Array | null {
  const bytes: number[] = [];
  for (const c of text) {
    let carry = BASE58.indexOf(c);
    if (carry < 0) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    for (; carry; carry >>= 8) bytes.push(carry & 0xff);
  }
  for (let i = 0; i < text.length && text[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

/** The payload when the last 4 bytes are the double SHA-256 of the rest, else null. */
export function base58Check(text: string): Uint8Array | null {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length < 5) return null;
  const payload = bytes.subarray(0, -4);
  const sum = sha256(sha256(payload));
  for (let i = 0; i < 4; i++) if (sum[i] !== bytes[bytes.length - 4 + i]) return null;
  return payload;
}
