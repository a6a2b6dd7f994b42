/**
 * Recovery codes: ten one-time codes shown once when the authenticator is turned on, each standing
 * in for one authenticator code. 50 random bits each (`k7m2q-9xv4d`), stored as SHA-256: at that
 * entropy a fast hash is enough, and the guess limiter allows 5 tries per 15 minutes.
 */
import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODES = 10;
/** Base32 without the look-alikes 0/o, 1/l/i: read off paper and typed back. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** The stored form of a typed code: case, spaces and dashes do not matter. */
export const hashRecoveryCode = (typed: string): string =>
  createHash('sha256').update(typed.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
