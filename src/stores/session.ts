// First-load path: every byte here is downloaded before the app paints.
import { atom, map } from 'nanostores';
import type { UserInfo } from '../shared/contract.ts';
import { session } from '../lib/storage.ts';
import { loadSaved, save } from './persist.ts';
import { dropKept } from '../lib/kept-answers.ts';

/** The session part of the user store (docs/rules.md#sessions). */
export interface SessionState {
  token: string;
  userInfo: UserInfo | null;
}

const saved = loadSaved();

export const $session = map<SessionState>({
  token: saved.token || '',
  userInfo: (saved.userInfo as UserInfo | undefined) || null,
});

/**
 * Global mask event (docs/rules.md#global-mask): the user info's `isOrder`, `true` when the field is absent; the
 * `is_order` socket push sets it too. The mask component decides what each value shows.
 */
export const $isOrder = atom<boolean>(true);

export const setIsOrder = (value: boolean): void => $isOrder.set(value);

export const setUserInfo = (userInfo: UserInfo | null): void => {
  $session.setKey('userInfo', userInfo);
  save({ userInfo: userInfo || undefined });
  if (userInfo) setIsOrder(userInfo.isOrder ?? true);
};

/**
 * Clears token, user info, session storage and the user's answers the service worker kept for
 * offline starts (the confirm dialog is the caller's). A session that ended (a 401) comes here too.
 */
export const logout = (): void => {
  $session.set({ token: '', userInfo: null });
  save({ token: undefined, userInfo: undefined });
  session.clear();
  void dropKept();
};
