// Sign-in, sign-up and password recovery calls (docs/rules.md#sign-up-and-sign-in, no token).
import type { CaptchaImage, ForgetPasswordRequest, LoginRequest, RegisterRequest } from '../shared/contract.ts';
import { get, post } from './client.ts';

export const getCaptcha = () => get<CaptchaImage>('/captchaImage', undefined, { noNotify: true });

/** Resolves with the session token. */
export const login = (body: LoginRequest) => post<string>('/login', body, { noRepeat: true });

/** Resolves with the session token of the new account. */
export const register = (body: RegisterRequest) => post<string>('/h5/user/register', body, { noRepeat: true });

export const forget = (body: ForgetPasswordRequest) => post<null>('/h5/user/forget', body, { noRepeat: true });

export const sendSms = (phone: string, area: string) => get<null>('/common/sms', { phone, area }, { noRepeat: true });

export const sendEmail = (email: string) => get<null>('/common/email', { email }, { noRepeat: true });
