/**
 * The partner's sign-on token: a compact JWS (JWT) signed with HS256 (a shared secret) or ES256
 * (the partner's P-256 key). `jose` reads and verifies the JWS; the claims are checked here, against
 * the server's own clock, so each refusal has its own error key and a partner's developer reads
 * from the answer what their backend got wrong.
 */
import { compactVerify, decodeJwt, decodeProtectedHeader, errors, importSPKI, type CryptoKey } from 'jose';
import { AppError } from '../../http/envelope.ts';

/** How far the partner's clock may be from ours, either way. */
export const CLOCK_SKEW_MS = 60_000;
/** A token may live at most this long: it only carries the user from their app to ours. */
export const MAX_LIFETIME_MS = 5 * 60_000;
/** Longer than any honest token (an ES256 one with a long name is about 600 characters). */
export const MAX_TOKEN_LENGTH = 4096;
const MAX_CLAIM = 128;

export type Alg = 'HS256' | 'ES256';

export interface Claims {
  iss: string;
  sub: string;
  jti: string;
  /** Epoch milliseconds. */
  exp: number;
}

export interface Unverified {
  token: string;
  alg: string;
  claims: Record<string, unknown>;
}

export const ssoError = {
  malformed: () => new AppError(400, 'sso.malformed', 'The sign-on token is not a signed JWT with iss, sub, jti and exp'),
  unsigned: () => new AppError(400, 'sso.unsigned', 'The sign-on token is not signed (alg none)'),
  algorithm: (expected: Alg) => new AppError(400, 'sso.algorithm', `The sign-on token must be signed with ${expected}`, { expected }),
  signature: () => new AppError(400, 'sso.signature', 'The sign-on token\'s signature does not match the partner\'s key'),
  expired: () => new AppError(400, 'sso.expired', 'The sign-on token has expired'),
  notYetValid: () => new AppError(400, 'sso.notYetValid', 'The sign-on token is not valid yet'),
  lifetime: () => new AppError(400, 'sso.lifetime', `The sign-on token's exp may be at most ${MAX_LIFETIME_MS / 60_000} minutes ahead`, { minutes: MAX_LIFETIME_MS / 60_000 }),
  partner: () => new AppError(400, 'sso.partner', 'The sign-on token names no partner of this platform'),
  partnerRemoved: () => new AppError(400, 'sso.partnerRemoved', 'The partner that signed this token no longer signs users on'),
  replayed: () => new AppError(409, 'sso.replayed', 'This sign-on token has already been used'),
};

/** The token's header and claims, before anything in it is trusted. */
export function parseToken(token: string): Unverified {
  if (token.length > MAX_TOKEN_LENGTH) throw ssoError.malformed();
  let alg: unknown;
  let claims: Record<string, unknown>;
  try {
    alg = decodeProtectedHeader(token).alg;
    claims = decodeJwt(token);
  } catch {
    throw ssoError.malformed();
  }
  if (typeof alg !== 'string') throw ssoError.malformed();
  if (alg.toLowerCase() === 'none' || token.endsWith('.')) throw ssoError.unsigned();
  return { token, alg, claims };
}

/** The issuer named in a token not yet verified: only to find whose key checks it. */
export function issuerOf(t: Unverified): string {
  const iss = t.claims.iss;
  if (typeof iss !== 'string' || !iss || iss.length > MAX_CLAIM) throw ssoError.malformed();
  return iss;
}

/** Imported once per key: a partner's users sign on with the same key all day. */
const keyCache = new Map<string, Promise<CryptoKey>>();
function publicKey(pem: string): Promise<CryptoKey> {
  let key = keyCache.get(pem);
  if (!key) {
    key = importSPKI(pem, 'ES256');
    key.catch(() => keyCache.delete(pem));
    if (keyCache.size > 256) keyCache.clear();
    keyCache.set(pem, key);
  }
  return key;
}

/** Throws unless `t` is signed with `alg` and `key` (HS256 secret or ES256 PEM). */
export async function checkSignature(t: Unverified, alg: Alg, key: string): Promise<void> {
  if (t.alg !== alg) throw ssoError.algorithm(alg);
  const secret = alg === 'HS256' ? new TextEncoder().encode(key) : await publicKey(key);
  try {
    await compactVerify(t.token, secret, { algorithms: [alg] });
  } catch (error) {
    throw error instanceof errors.JWSSignatureVerificationFailed ? ssoError.signature() : ssoError.malformed();
  }
}

const text = (value: unknown, max = MAX_CLAIM): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= max && !value.includes('\u0000') ? value : undefined;
const seconds = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value * 1000 : undefined);

/** The claims of a verified token, checked against the clock `now` (epoch ms). */
export function checkClaims(t: Unverified, now: number): Claims {
  const c = t.claims;
  const iss = issuerOf(t);
  const sub = text(c.sub);
  const jti = text(c.jti);
  const exp = seconds(c.exp);
  if (!sub || !jti || exp === undefined) throw ssoError.malformed();
  for (const name of ['nbf', 'iat'] as const) {
    if (c[name] === undefined) continue;
    const at = seconds(c[name]);
    if (at === undefined) throw ssoError.malformed();
    if (at > now + CLOCK_SKEW_MS) throw ssoError.notYetValid();
  }
  if (exp <= now - CLOCK_SKEW_MS) throw ssoError.expired();
  if (exp > now + MAX_LIFETIME_MS + CLOCK_SKEW_MS) throw ssoError.lifetime();
  return { iss, sub, jti, exp };
}
