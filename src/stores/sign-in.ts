// Ships with the login and registration screens, not with the first load.
import type { LoginRequest, RegisterRequest } from '../shared/contract.ts';
import * as auth from '../api/auth.ts';
import { session } from '../lib/storage.ts';
import { save } from './persist.ts';
import { $session } from './session.ts';
import { loadUserInfo } from './user-info.ts';

/**
 * docs/rules.md#sessions: a new session stores the token, clears session storage (another user's trade state and
 * selected message) and loads the user info. The socket follows `$session.token` and reconnects.
 */
export const startSession = async (token: string): Promise<void> => {
  session.clear();
  $session.set({ token, userInfo: null });
  save({ token, userInfo: undefined });
  await loadUserInfo();
};

/**
 * Signs in; rejects with the client's ApiError (already shown to the user). A device the account
 * has not seen, with its authenticator on, is asked the code (that code loads on that refusal
 * only: any other failure frees the form at once, and offline there would be no code to load).
 */
export const login = async (body: LoginRequest): Promise<void> =>
  startSession(
    await auth.login(body).catch((e: { key?: string } | null) =>
      e?.key === 'factor.required' ? import('../factor/with-factor.ts').then((m) => m.withFactor((otp) => auth.login({ ...body, otp }), e)) : Promise.reject(e),
    ),
  );

/** Creates the account and signs straight in with the token it returns. */
export const register = async (body: RegisterRequest): Promise<void> =>
  startSession(await auth.register(body));
