/**
 * A software authenticator for the server tests: it answers WebAuthn options the way a phone's
 * passkey does (attestation "none", ES256), with the origin and signature counter the test says,
 * so a test can craft what a browser could send, wrong origins and old counters included.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export interface SoftPasskey {
  id: string;
  /** The answer to registration options, as `PublicKeyCredential.toJSON()` gives it. */
  register(options: { challenge: string; rp: { id?: string } }, origin: string): object;
  /** The answer to sign-in options, signed with counter `counter`. */
  signIn(options: { challenge: string; rpId?: string }, origin: string, counter: number): object;
}

export function softPasskey(rpID: string): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  const rawId = randomBytes(16);
  const id = b64(rawId);
  const clientData = (type: string, challenge: string, origin: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const signed = (key: KeyObject, authData: Buffer, clientDataJSON: Buffer) => sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key);
  return {
    id,
    register(options, origin) {
      const clientDataJSON = clientData('webauthn.create', options.challenge, origin);
      const credentialData = Buffer.concat([Buffer.alloc(16), Buffer.from([0, rawId.length]), rawId, Buffer.from(isoCBOR.encode(cose))]);
      // User present and verified, attested credential data included.
      const authData = Buffer.concat([sha256(options.rp.id ?? rpID), Buffer.from([0x45]), u32(0), credentialData]);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
      return { id, rawId: id, type: 'public-key', response: { clientDataJSON: b64(clientDataJSON), attestationObject: b64(attestationObject), transports: ['internal'] }, clientExtensionResults: {} };
    },
    signIn(options, origin, counter) {
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const authData = Buffer.concat([sha256(options.rpId ?? rpID), Buffer.from([0x05]), u32(counter)]);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signed(privateKey, authData, clientDataJSON)) },
        clientExtensionResults: {},
      };
    },
  };
}
