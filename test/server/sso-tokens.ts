/** Signs sign-on tokens as a partner's backend does (docs/partners.md), for the tests. */
import { createHmac, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

export interface TokenOptions {
  sub?: string;
  jti?: string;
  /** Seconds from `now`. */
  expIn?: number;
  nbfIn?: number;
  iatIn?: number;
  /** Epoch ms; the claims count from it. */
  now?: number;
  header?: Record<string, unknown>;
  extra?: Record<string, unknown>;
}

let clock = () => Date.now();
/** The clock tokens count from when not given `now`: a test server's own, moved by the test. */
export const signWithClock = (now: () => number) => void (clock = now);

function claims(iss: string, o: TokenOptions) {
  const now = Math.floor((o.now ?? clock()) / 1000);
  return {
    iss,
    sub: o.sub ?? 'user-1',
    jti: o.jti ?? randomUUID(),
    exp: now + (o.expIn ?? 120),
    ...(o.iatIn === undefined ? { iat: now } : { iat: now + o.iatIn }),
    ...(o.nbfIn === undefined ? {} : { nbf: now + o.nbfIn }),
    ...o.extra,
  };
}

export function hs256(secret: string, iss: string, o: TokenOptions = {}): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT', ...o.header })}.${b64(claims(iss, o))}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

export function es256(privateKey: KeyObject, iss: string, o: TokenOptions = {}): string {
  const input = `${b64({ alg: 'ES256', typ: 'JWT', ...o.header })}.${b64(claims(iss, o))}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

/** An unsigned token: `alg: none` and an empty signature. */
export const unsigned = (iss: string, o: TokenOptions = {}) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims(iss, o))}.`;

export function p256(): { publicPem: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return { publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), privateKey };
}
