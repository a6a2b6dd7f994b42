// Loaded after the first paint (boot/after-render.ts), and with the HTTP client for a 401.
import { listenKeys } from 'nanostores';
import { SIGNED_IN_COOKIE, SIGNED_IN_SECONDS } from '../shared/signed-in.ts';
import { $session } from '../stores/session.ts';

/**
 * Set when a 401 ended the session: the page is on its way to the login form with the dead token
 * still in memory, and the hint must not come back from a start that runs after (after-render).
 */
let ended = false;

/** Tells the server whether this browser holds a session, for the next page it sends (shared/signed-in.ts). */
export const hintSignedIn = (on: boolean): void => {
  document.cookie = SIGNED_IN_COOKIE + (on && !ended ? '=1;max-age=' + SIGNED_IN_SECONDS : '=;max-age=0') + ';path=/;SameSite=Lax';
};

/** The session ended on a 401: no hint from this page again. */
export const endHint = (): void => {
  ended = true;
  hintSignedIn(false);
};

/**
 * Keeps the hint with the session's token from now on: renewed at each start (also for a session
 * that began before the hint existed), set at sign-in, cleared at sign-out.
 */
export const followSignedIn = (): void => {
  hintSignedIn(!!$session.get().token);
  listenKeys($session, ['token'], ({ token }) => hintSignedIn(!!token));
};
