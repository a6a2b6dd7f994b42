// The Security screen's calls (docs/rules.md#second-factor); its refusals are the screen's to show.
import type { Passkey, RecoveryCodes, SecurityState, TotpSetup } from '../shared/contract.ts';
import { get, post } from './client.ts';

const quiet = { noNotify: true };

export const securityState = () => get<SecurityState>('/h5/security', undefined, quiet);
export const startTotp = () => post<TotpSetup>('/h5/security/totp/setup', undefined, quiet);
export const confirmTotp = (otp: string) => post<RecoveryCodes>('/h5/security/totp/confirm', { otp }, quiet);
export const totpOff = (otp = '') => post<SecurityState>('/h5/security/totp/off', { otp }, quiet);

/** WebAuthn options as `PublicKeyCredential.parse…OptionsFromJSON` takes them. */
type OptionsJSON = { challenge: string } & Record<string, unknown>;

export const myPasskeys = () => get<Passkey[]>('/h5/security/passkeys', undefined, quiet);
export const passkeyCreateOptions = () => post<OptionsJSON>('/h5/security/passkey/options', undefined, quiet);
export const registerPasskey = (name: string, credential: unknown) => post<Passkey[]>('/h5/security/passkey/add', { name, credential }, quiet);
export const renamePasskey = (id: string, name: string) => post<Passkey[]>('/h5/security/passkey/rename', { id, name }, quiet);
export const removePasskey = (id: string) => post<Passkey[]>('/h5/security/passkey/remove', { id }, quiet);
export const passkeySignInOptions = () => post<OptionsJSON>('/passkey/options', undefined, quiet);
/** Resolves with the session token. */
export const passkeyLogin = (credential: unknown) => post<string>('/passkey/signIn', { credential }, { noRepeat: true, noNotify: true });
