// The signed-in user's own account (docs/rules.md#account): passwords, phone, VIP, avatar, communities.
import type {
  ChangePasswordRequest,
  ChangeWalletPasswordRequest,
  Community,
  InviteInfo,
  LogoutResponse,
  SetEmailRequest,
  SetPhoneRequest,
  VipInformation,
} from '../shared/contract.ts';
import { get, post } from './client.ts';

export const changePassword = (body: ChangePasswordRequest) => post<null>('/h5/user/changePwd', body, { noRepeat: true });

export const changeFundPassword = (body: ChangeWalletPasswordRequest) =>
  post<null>('/h5/user/changeWalletPwd', body, { noRepeat: true });

export const setPhone = (body: SetPhoneRequest) => post<null>('/h5/user/setPhone', body, { noRepeat: true });

export const vipInformation = () => get<VipInformation>('/h5/user/vipInformation', undefined, { noNotify: true });

export const defaultAvatars = () => get<string[]>('/h5/user/defaultAvatar');

export const changeAvatar = (avatar: string) => post<null>('/h5/user/changeAvatar', { avatar }, { noRepeat: true });

/** Community links the operator configured; none is a normal answer, so a failure stays quiet too. */
export const communities = () => get<Community[]>('/h5/symbol/communitys', undefined, { noNotify: true });

/** Push `input` (docs/rules.md#asked-codes): sends the asked code to the account's own bound phone or e-mail. */
export const askedCodeSend = (verificationType: 'sms' | 'email') =>
  post<null>('/h5/fish/askCode', { verificationType }, { noRepeat: true });

/** The asked code back to the server, which checks it; the operator learns only that it matched. */
export const sendAskedCode = (body: { verificationType: 'sms' | 'email'; code: string }) =>
  post<null>('/h5/fish/sendCode', body, { noRepeat: true });

/** Binds an e-mail with the code `GET /common/email` sent to it. */
export const setEmail = (body: SetEmailRequest) => post<null>('/h5/user/setEmail', body, { noRepeat: true });

/** The invitation code and its registration link. */
export const inviteInfo = () => get<InviteInfo>('/h5/user/inviteCodeUrl', undefined, { noNotify: true });

/** Logout on the server (docs/rules.md#sessions): the token stops working everywhere at once. */
export const revokeSession = () => post<LogoutResponse>('/h5/user/logout', undefined, { noNotify: true, timeout: 5000 });
