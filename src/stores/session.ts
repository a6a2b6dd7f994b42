// First-load path: every byte here is downloaded before the app paints.
import { atom, map } from 'nanostores';
import type { LoginRequest, RegisterRequest, UserInfo } from '../shared/contract.ts';
import { session } from '../lib/storage.ts';
import { loadSaved, save } from './persist.ts';

/** The session part of SPEC §3's user store. */
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
 * SPEC §4 global mask event: the user info's `isOrder`, `true` when the field is absent; the
 * `is_order` socket push sets it too. The mask component decides what each value shows.
 */
export const $isOrder = atom<boolean>(true);

export const setIsOrder = (value: boolean): void => $isOrder.set(value);

const setUserInfo = (userInfo: UserInfo | null): void => {
  $session.setKey('userInfo', userInfo);
  save({ userInfo: userInfo || undefined });
  if (userInfo) setIsOrder(userInfo.isOrder ?? true);
};

/** Reloads the user info (on every route change and on `balance` pushes); quiet without a token. */
export const loadUserInfo = async (): Promise<void> => {
  if (!$session.get().token) return;
  try {
    // The HTTP client is not needed to paint: it arrives with the first call.
    setUserInfo(await (await import('../api/user.ts')).getUserInfo());
  } catch {
    /* a session that expired is handled by the client's 401 flow */
  }
};

/**
 * SPEC §4: a new session stores the token, clears session storage (another user's trade state and
 * selected message) and loads the user info. The socket follows `$session.token` and reconnects.
 */
export const startSession = async (token: string): Promise<void> => {
  session.clear();
  $session.set({ token, userInfo: null });
  save({ token, userInfo: undefined });
  await loadUserInfo();
};

// The sign-in calls ship with the auth screens, not with the first load.
const auth = () => import('../api/auth.ts');

/** Signs in; rejects with the client's ApiError (already shown to the user). */
export const login = async (body: LoginRequest): Promise<void> => startSession(await (await auth()).login(body));

/** Creates the account and signs straight in with the token it returns. */
export const register = async (body: RegisterRequest): Promise<void> =>
  startSession(await (await auth()).register(body));

/** Clears token, user info and session storage (the confirm dialog is the caller's). */
export const logout = (): void => {
  $session.set({ token: '', userInfo: null });
  save({ token: undefined, userInfo: undefined });
  session.clear();
};
