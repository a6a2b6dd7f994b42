// First-load path: every byte here is downloaded before the app paints.
// Apart from the session's state (session.ts), which the HTTP client reads: the client loads with
// the first call, so this reaches it through a dynamic import.
import { $session, setUserInfo } from './session.ts';

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
