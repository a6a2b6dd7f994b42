/** Authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30 s), through the `otpauth` library. */
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_MS = 30_000;

/** A new 160-bit secret, in base32 as authenticator apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, account = '', issuer = '') => new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_MS / 1000 });

/** The `otpauth://` link an authenticator app reads from the QR code. */
export const totpUri = (secret: string, account: string, issuer: string): string => totpOf(secret, account, issuer).toString();

/** The code of `secret` at `now` (tests and the console's own clock use it). */
export const totpCode = (secret: string, now: number): string => totpOf(secret).generate({ timestamp: now });

/** The 30-second step `code` belongs to, within one step either side of `now` (a phone's clock drifts), or null. */
export function totpStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / TOTP_PERIOD_MS) + delta;
}
