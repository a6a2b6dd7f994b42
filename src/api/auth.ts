// Sign-in, sign-up and password recovery calls (SPEC §7, no token).
import { get, post } from './client.ts';

export interface Captcha {
  /** Image as a data URL. */
  img: string;
  uuid: string;
}

export interface LoginBody {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
}

export interface RegisterBody extends LoginBody {
  inviteCode?: string;
}

export interface ForgetBody {
  /** `sms` or `email`: where the code was sent. */
  type: 'sms' | 'email';
  account: string;
  code: string;
  password: string;
}

export const getCaptcha = () => get<Captcha>('/captchaImage', undefined, { noNotify: true });

/** Resolves with the session token. */
export const login = (body: LoginBody) => post<string>('/login', body, { noRepeat: true });

/** Resolves with the session token of the new account. */
export const register = (body: RegisterBody) => post<string>('/h5/user/register', body, { noRepeat: true });

export const forget = (body: ForgetBody) => post<null>('/h5/user/forget', body, { noRepeat: true });

export const sendSms = (phone: string, area: string) => get<null>('/common/sms', { phone, area }, { noRepeat: true });

export const sendEmail = (email: string) => get<null>('/common/email', { email }, { noRepeat: true });
