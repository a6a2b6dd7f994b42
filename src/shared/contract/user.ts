import type { Decimal } from './common.ts';
import type { WalletFigures } from './money.ts';

/** `POST /h5/user/getUserInfo`: the account and its wallet figures. */
export interface UserInfo extends WalletFigures {
  userId: number;
  username: string;
  phone: string | null;
  email: string | null;
  realName: string | null;
  inviteCode: string;
  creditScore: number;
  vipLevel: number;
  vipName: string;
  avatar: string | null;
  hasFundPassword: boolean;
  balance: Decimal;
  frozen: Decimal;
  /** Global mask flag pushed by the operator (docs/rules.md#global-mask). */
  isOrder?: boolean;
}

/** `POST /h5/user/register`; fields may come in the query string or the body. */
export interface RegisterRequest {
  username: string;
  password: string;
  confirmPassword?: string;
  inviteCode?: string;
  /** Image captcha answer and its `uuid`, when config `captchaOn` is `1`. */
  code?: string;
  uuid?: string;
}

/** `POST /login`; `username` may carry the config `loginPrefix`. */
export interface LoginRequest {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
  /** The second factor, asked on a device the account has not seen (`factor.required`). */
  otp?: string;
}

/** `POST /h5/user/forget`: reset by a code sent to the account's phone or e-mail. */
export interface ForgetPasswordRequest {
  type: 'sms' | 'email';
  phone?: string;
  area?: string;
  email?: string;
  code: string;
  password: string;
  confirmPassword?: string;
}

export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
  confirmPassword?: string;
}

/** `oldPassword` is needed only when a fund password is already set. */
export interface ChangeWalletPasswordRequest {
  oldPassword?: string;
  newPassword: string;
  confirmPassword?: string;
  /** The second factor, when the account has it on. */
  otp?: string;
}

export interface SetPhoneRequest {
  phone: string;
  area?: string;
  code: string;
}

export interface CaptchaImage {
  /** `data:image/svg+xml;base64,…` */
  img: string;
  uuid: string;
}

export interface VipLevel {
  level: number;
  name: string;
  /** Cumulative deposits that reach the level. */
  minDeposit: Decimal;
  condition: string;
  maxWithdrawal: Decimal;
}

export interface VipInformation {
  current: number;
  levels: VipLevel[];
}

/** `GET /h5/user/inviteCodeUrl` (token). */
export interface InviteInfo {
  code: string;
  /** Absolute registration link carrying the code (config `platform.inviteCodeUrl` + code). */
  link: string;
}

/** `GET /h5/user/myTron` (token): the total-assets card of the user centre, in the platform currency. */
export interface MyTron {
  balance: Decimal;
  frozen: Decimal;
  savings: Decimal;
  finance: Decimal;
  /** balance + frozen + savings + finance. */
  totalAssets: Decimal;
  /** Finance + savings income ever paid. */
  totalIncome: Decimal;
}

/** `POST /h5/user/setEmail` (token): binds an e-mail with the code `GET /common/email?email=` sent. `POST /h5/user/setPhone` takes `SetPhoneRequest`. */
export interface SetEmailRequest {
  email: string;
  code: string;
}

/** `POST /h5/user/logout` (token, empty body): the token stops working at once on every server process. */
export type LogoutResponse = null;
