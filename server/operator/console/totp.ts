/**
 * Time-based one-time codes (RFC 6238 over RFC 4226's HOTP, HMAC-SHA1, 6 digits, 30-second steps),
 * the kind every authenticator app reads from an `otpauth://` URI, through the `otpauth` library.
 * What is ours is the policy: the window, and that a code once accepted is never accepted again.
 */
import { HOTP, Secret, TOTP } from 'otpauth';

export const STEP_SECONDS = 30;
export const DIGITS = 6;
/** Steps either side of now that still count (a phone clock a little off, a code typed late). */
export const WINDOW = 1;

/** 20 random bytes (160 bits, the HMAC-SHA1 key length RFC 4226 recommends), base32. */
export const newSecret = (): string => new Secret({ size: 20 }).base32;

export const stepAt = (ms: number): number => Math.floor(ms / 1000 / STEP_SECONDS);

/** The code of one step. `digits` is 8 for the RFC's test vectors. */
export const codeAt = (secret: string, step: number, digits = DIGITS): string =>
  HOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits, counter: step });

/**
 * The step `code` belongs to within the window around `nowMs`, or null. A step at or before
 * `lastStep` (the last code accepted) never matches again: a code seen over a shoulder or replayed
 * from a log is worthless once used.
 */
export function matchStep(secret: string, code: string, nowMs: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = stepAt(nowMs);
  const delta = HOTP.validate({ token: code, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, counter: now, window: WINDOW });
  if (delta === null) return null;
  return lastStep === null || now + delta > lastStep ? now + delta : null;
}

/** What an authenticator app scans: `otpauth://totp/<issuer>:<name>?secret=…&issuer=…`. */
export const otpauthUri = (issuer: string, name: string, secret: string): string =>
  new TOTP({ issuer, label: name, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: STEP_SECONDS }).toString();
