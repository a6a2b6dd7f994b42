import type { UserInfo } from '../shared/contract.ts';
import { post } from './client.ts';

/** Route changes reload it quietly: a failure there is not worth a banner. */
export const getUserInfo = () => post<UserInfo>('/h5/user/getUserInfo', undefined, { noNotify: true });
