// The Security screen's calls (docs/rules.md#second-factor); its refusals are the screen's to show.
import type { RecoveryCodes, SecurityState, TotpSetup } from '../shared/contract.ts';
import { get, post } from './client.ts';

const quiet = { noNotify: true };

export const securityState = () => get<SecurityState>('/h5/security', undefined, quiet);
export const startTotp = () => post<TotpSetup>('/h5/security/totp/setup', undefined, quiet);
export const confirmTotp = (otp: string) => post<RecoveryCodes>('/h5/security/totp/confirm', { otp }, quiet);
export const totpOff = (otp = '') => post<SecurityState>('/h5/security/totp/off', { otp }, quiet);
