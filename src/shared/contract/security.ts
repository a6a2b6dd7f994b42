/** The account's second factor (docs/rules.md#second-factor). */

/** `GET /h5/security`. */
export interface SecurityState {
  /** The authenticator app is on. */
  totp: boolean;
  recoveryLeft: number;
}

/** `POST /h5/security/totp/setup`: shown until the first code confirms it. */
export interface TotpSetup {
  /** Base32, to type into the app by hand. */
  secret: string;
  /** `otpauth://totp/…`, what the QR code holds. */
  uri: string;
  /** The QR code as an SVG document. */
  qr: string;
}

/** `POST /h5/security/totp/confirm`: the ten one-time codes, shown once. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** The body field every call asking the second factor takes: an authenticator code or a recovery code. */
export interface FactorField {
  otp?: string;
}

/** One of my passkeys (`GET /h5/security/passkeys`). */
export interface Passkey {
  /** The credential id, base64url. */
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}
