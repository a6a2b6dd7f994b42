// The caller's devices and sessions (docs/rules.md#devices-and-sessions).
import type { EndedSessions, SignedInSession } from '../shared/contract.ts';
import { get, post } from './client.ts';

export const mySessions = () => get<SignedInSession[]>('/h5/user/sessions');

export const endSession = (id: number) => post<null>('/h5/user/sessions/end', { id }, { noRepeat: true });

export const endOtherSessions = () => post<EndedSessions>('/h5/user/sessions/endOthers', undefined, { noRepeat: true });
